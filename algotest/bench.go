package algotest

import (
	"testing"
	"time"

	"github.com/mutexlab/mutexlab/kernel"
	"github.com/mutexlab/mutexlab/kernel/netmodel"
)

// What the algorithm packages' benchmarks and allocation tests share.

// Count returns full, or short under go test -short: the number of random trials a test
// runs.
func Count(full, short int) int {
	if testing.Short() {
		return short
	}
	return full
}

// ReverseLinkBenchParams is the network and load the Reverse Link family's benchmarks share
// (rl, hk, gme): n = 30, 20% connectivity, λ_req = 0.1, λ_mob = 0.01, the paper's trial
// length.
func ReverseLinkBenchParams() kernel.Params {
	p := kernel.DefaultParams()
	p.N, p.Connectivity, p.Load, p.Mobility, p.Seed = 30, 0.2, 0.1, 0.01, 1
	return p
}

// BenchSeeds runs whole trials of algo with p, on seeds 1..8 in turn, and reports simulated
// events per second of wall time (and allocations).
func BenchSeeds(b *testing.B, algo kernel.Algorithm, p kernel.Params) {
	sim := kernel.NewSim()
	var events int64
	b.ReportAllocs()
	for k := 0; k < b.N; k++ {
		p.Seed = uint64(k%8 + 1)
		r, err := sim.Run(p, algo)
		if err != nil {
			b.Fatal(err)
		}
		events += r.Events
	}
	b.ReportMetric(float64(events)/b.Elapsed().Seconds(), "events/s")
}

// Waypoint describes a random-waypoint benchmark workload: n nodes on a side×side square,
// radio range r, speeds in [vmin, vmax], port cap Δ = 32, exponential delays of mean 1.
type Waypoint struct {
	N               int
	Side, R         float64
	VMin, VMax      float64
	Load            float64
	Warmup, Measure int
}

// Params returns the workload's trial parameters (seed 1).
func (w Waypoint) Params() kernel.Params {
	p := kernel.DefaultParams()
	p.N, p.Seed, p.Load = w.N, 1, w.Load
	p.Network = "waypoint"
	p.Net = map[string]float64{netmodel.Side: w.Side, netmodel.Radius: w.R, netmodel.SpeedMin: w.VMin, netmodel.SpeedMax: w.VMax, netmodel.Delta: 32}
	p.Delay = kernel.Delay{Kind: kernel.DelayExponential, A: 1}
	p.Warmup, p.Measure = w.Warmup, w.Measure
	return p
}

// LocalMutexWaypoint is the local-mutex family's shared benchmark workload: n = 2,000
// random-waypoint nodes (side 1500, r = 60, mean degree about 10, speeds 0.1..0.5). The speed
// target it serves: akw1 and akw2 within 3x of drs in events/s on the same network.
var LocalMutexWaypoint = Waypoint{N: 2000, Side: 1500, R: 60, VMin: 0.1, VMax: 0.5, Load: 0.1, Warmup: 2000, Measure: 20000}

// BenchWarm runs one whole trial of algo with p per iteration on a warm simulator (one
// trial first, untimed) and reports events per second, wall clock, setup included.
func BenchWarm(b *testing.B, algo kernel.Algorithm, p kernel.Params) {
	sim := kernel.NewSim()
	if _, err := sim.Run(p, algo); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	var events int64
	start := time.Now()
	for range b.N {
		r, err := sim.Run(p, algo)
		if err != nil {
			b.Fatal(err)
		}
		events += r.Events
	}
	b.ReportMetric(float64(events)/time.Since(start).Seconds(), "events/s")
}

// NoAllocsPerEvent checks that algo's event handling allocates nothing: on a warm simulator a
// trial allocates no more than yardstick's on the same trial plus a few (the checker, its
// closure, the metrics slice: the network model and kernel allocate per trial too), and a
// trial with about twice the events allocates no more.
func NoAllocsPerEvent(t *testing.T, algo, yardstick kernel.Algorithm) {
	t.Helper()
	p := kernel.DefaultParams()
	p.Network = "waypoint"
	p.N, p.Seed, p.Load = 60, 3, 0.5
	p.Net = map[string]float64{netmodel.Side: 600, netmodel.Radius: 120, netmodel.SpeedMin: 1, netmodel.SpeedMax: 5}
	p.Warmup, p.Measure = 100, 1000
	long := p
	long.Measure *= 2
	sim := kernel.NewSim()
	var rs, rl kernel.Result
	run := func(a kernel.Algorithm, p kernel.Params, r *kernel.Result) func() {
		return func() {
			res, err := sim.Run(p, a)
			if err != nil {
				t.Fatal(err)
			}
			*r = res
		}
	}
	allocsLong := testing.AllocsPerRun(3, run(algo, long, &rl))
	allocsShort := testing.AllocsPerRun(3, run(algo, p, &rs))
	t.Logf("%v allocs for %d events, %v for %d events", allocsShort, rs.Events, allocsLong, rl.Events)
	if rl.Events < rs.Events*3/2 {
		t.Fatalf("the longer trial has %d events, the shorter %d", rl.Events, rs.Events)
	}
	var ry kernel.Result
	allocsYard := testing.AllocsPerRun(3, run(yardstick, p, &ry))
	if allocsLong > allocsShort || allocsShort > allocsYard+4 {
		t.Fatalf("allocations: %v for %d events, %v for %d events (%s: %v)", allocsShort, rs.Events, allocsLong, rl.Events, yardstick.Name(), allocsYard)
	}
}

// TrialAllocs returns how many times a whole trial of a under p allocates on a warm simulator,
// and the same for a trial twice as long (Measure doubled): an algorithm whose handlers
// allocate nothing gives a fixed handful for both.
func TrialAllocs(t testing.TB, a kernel.Algorithm, p kernel.Params) (short, long float64) {
	t.Helper()
	sim := kernel.NewSim()
	run := func(p kernel.Params) func() {
		return func() {
			if _, err := sim.Run(p, a); err != nil {
				t.Fatal(err)
			}
		}
	}
	twice := p
	twice.Measure *= 2
	long = testing.AllocsPerRun(3, run(twice))
	return testing.AllocsPerRun(3, run(p)), long
}
