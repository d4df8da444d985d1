package sweeps

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/mutexlab/mutexlab/algorithms"
	"github.com/mutexlab/mutexlab/kernel"
)

// BenchmarkWorkers runs the same 24 CPU-bound trials (n = 30, 1,000 CS entries each) with 1
// and with 2 workers and reports trials/s; on a 2-core machine the second should be close
// to twice the first:
//
//	go test ./sweeps -run '^$' -bench Workers -benchtime 3x
func BenchmarkWorkers(b *testing.B) {
	spec, err := Parse([]byte(`
name = "cpu"
algorithms = ["rl", "rr"]
trials = 6
seed = 5
[params]
n = 30
warmup = 0
measure = 1000
[grid]
connectivity = [0.2, 0.8]
load = [0.01, 1]
`), "cpu.toml")
	if err != nil {
		b.Fatal(err)
	}
	sched := spec.Schedule(Shard{})
	trial := func(j int) (Trial, bool) { return sched.Trial(j), false }
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			start, runs := time.Now(), 0
			for b.Loop() {
				if err := Run(context.Background(), sched.Len(), workers, trial, func(Outcome) error { return nil }); err != nil {
					b.Fatal(err)
				}
				runs++
			}
			b.ReportMetric(float64(sched.Len()*runs)/time.Since(start).Seconds(), "trials/s")
		})
	}
}

// BenchmarkOverhead measures everything a sweep does per trial outside the kernel (the
// schedule and seeds, the row, the journal, the part files and the final merge) for the
// 3,240 trials of the walter2001 preset, and compares it with the mean kernel time of a
// sample of walter2001 trials; "overhead-%" must stay under 1:
//
//	go test ./sweeps -run '^$' -bench Overhead -benchtime 3x
func BenchmarkOverhead(b *testing.B) {
	spec, err := Preset("walter2001")
	if err != nil {
		b.Fatal(err)
	}
	// Mean kernel time per trial over every 270th trial of the schedule (12 trials, slow to fast).
	sched := spec.Schedule(Shard{})
	sim := kernel.NewSim()
	var kernelTime time.Duration
	var sample kernel.Result
	samples := 0
	for k := 0; k < sched.Len(); k += 270 {
		tr := sched.Trial(k)
		a, err := algorithms.New(tr.Algorithm)
		if err != nil {
			b.Fatal(err)
		}
		start := time.Now()
		r, err := sim.Run(tr.Params, a)
		kernelTime += time.Since(start)
		if err != nil {
			b.Fatal(err)
		}
		sample = r
		samples++
	}
	perKernel := kernelTime / time.Duration(samples)

	dir := b.TempDir()
	var spent time.Duration
	trials := 0
	for i := 0; b.Loop(); i++ {
		start := time.Now()
		sched := spec.Schedule(Shard{})
		out := filepath.Join(dir, fmt.Sprintf("o%d.parquet", i))
		st, err := openStore(out, spec, sched, Shard{}, false)
		if err != nil {
			b.Fatal(err)
		}
		for k := range sched.Len() {
			if err := st.add(k, Row(Outcome{Trial: sched.Trial(k), Result: sample})); err != nil {
				b.Fatal(err)
			}
		}
		if err := st.finish(); err != nil {
			b.Fatal(err)
		}
		spent += time.Since(start)
		trials += sched.Len()
	}
	perTrial := spent / time.Duration(trials)
	b.ReportMetric(float64(perTrial.Nanoseconds()), "overhead-ns/trial")
	b.ReportMetric(float64(perKernel.Nanoseconds()), "kernel-ns/trial")
	b.ReportMetric(100*float64(perTrial)/float64(perKernel), "overhead-%")
}
