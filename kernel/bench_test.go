package kernel_test

import (
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/rl"
	"github.com/mutexlab/mutexlab/algorithms/rr"
	"github.com/mutexlab/mutexlab/kernel"
)

// benchTrial describes one whole-trial benchmark.
type benchTrial struct {
	name string
	p    kernel.Params
	algo func() kernel.Algorithm
}

// rlParams30 is a paper-sized trial: n = 30, 20% connectivity, request rate 0.1, one link
// change per 10 time units, constant delay 1, CS time 1, 200 warm-up and 2,000 measured entries.
func rlParams30() kernel.Params {
	p := kernel.DefaultParams()
	p.Mobility = 0.1
	p.Seed = 1
	return p
}

// rlParams10k is a large sparse network: n = 10,000 at mean degree 8, a light load of 0.01
// per node, static links, 100 warm-up and 1,000 measured entries.
func rlParams10k() kernel.Params {
	p := kernel.DefaultParams()
	p.N = 10_000
	p.Degree = 8
	p.Load = 0.01
	p.Mobility = 0
	p.Warmup = 100
	p.Measure = 1000
	p.Seed = 1
	return p
}

// BenchmarkRL runs whole trials, start to end, on one simulator reused across iterations, as
// a sweep worker does:
//
//	go test -run XXX -bench 'RL|RR' -benchmem -count 6 ./kernel/ | tee rl.txt
//	benchstat rl.txt
//
// events/s is events processed (Result.Events) per second of wall time, trial setup included;
// events/op is one trial's events. After the first, untimed trial the simulator has all its
// storage, so allocs/op counts what a trial allocates regardless of its length: the
// Result.Msgs clone (see TestTrialAllocs).
func BenchmarkRL(b *testing.B) {
	runTrialBenchmarks(b, []benchTrial{
		{"n=30", rlParams30(), func() kernel.Algorithm { return rl.New() }},
		{"n=10000", rlParams10k(), func() kernel.Algorithm { return rl.New() }},
		{"rr n=30", rlParams30(), func() kernel.Algorithm { return rr.New() }},
	})
}

// BenchmarkReadings runs the paper-sized trial under the walter readings that change the
// most per change (per-node rate: 30 times the changes; any-pair formation and forming when
// stuck: a graph near a spanning tree, where deletions search hardest):
//
//	go test -run XXX -bench Readings -benchmem ./kernel/
func BenchmarkReadings(b *testing.B) {
	p := rlParams30()
	p.MobilityRate, p.LinkFormation, p.NoDeletion = kernel.RatePerNode, kernel.FormAnyPair, kernel.NoDeletionForm
	runTrialBenchmarks(b, []benchTrial{
		{"rl n=30", p, func() kernel.Algorithm { return rl.New() }},
		{"rr n=30", p, func() kernel.Algorithm { return rr.New() }},
	})
}

func runTrialBenchmarks(b *testing.B, trials []benchTrial) {
	for _, tr := range trials {
		b.Run(tr.name, func(b *testing.B) {
			sim := kernel.NewSim()
			algo := tr.algo()
			first, err := sim.Run(tr.p, algo)
			if err != nil {
				b.Fatal(err)
			}
			var events int64
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				r, err := sim.Run(tr.p, algo)
				if err != nil {
					b.Fatal(err)
				}
				events += r.Events
			}
			b.StopTimer()
			if events != int64(b.N)*first.Events {
				b.Fatalf("%d events in %d trials of one seed, want %d each", events, b.N, first.Events)
			}
			if s := b.Elapsed().Seconds(); s > 0 {
				b.ReportMetric(float64(events)/s, "events/s")
			}
			b.ReportMetric(float64(first.Events), "events/op")
		})
	}
}
