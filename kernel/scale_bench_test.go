package kernel_test

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/mutexlab/mutexlab/algorithms"
	"github.com/mutexlab/mutexlab/kernel"
)

// scaleParams is the workload of the scaling table in docs/performance.md: the walter model
// at mean degree 8, static links, load 0.01 per node (saturated from n = 1,000 on), 100
// warm-up and 1,000 measured CS entries, and the full liveness drain, which serves every
// request still pending when the measurement ends: at large n it is most of the trial.
func scaleParams(n int) kernel.Params {
	p := kernel.DefaultParams()
	p.N, p.Degree, p.Load, p.Seed = n, 8, 0.01, 1
	p.Warmup, p.Measure = 100, 1000
	return p
}

// forMillionNodeTrial runs bench as a sub-benchmark for each algorithm named, on the million-node trial
// (n = 10^6, mean degree 8, load 0.01, the default window and the full drain: `bench run
// --algo NAME --n 1000000 --degree 8 --trials 1 --load 0.01`), a fresh simulator and the
// algorithm, the goroutine locked to its thread so that kernel.ThreadCPU is the trial's.
func forMillionNodeTrial(b *testing.B, names []string, bench func(b *testing.B, sim *kernel.Sim, algo kernel.Algorithm, p kernel.Params)) {
	for _, name := range names {
		info, ok := algorithms.Lookup(name)
		if !ok {
			b.Fatalf("no algorithm %s", name)
		}
		b.Run(name, func(b *testing.B) {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			p := kernel.DefaultParams()
			p.N, p.Degree, p.Load = 1_000_000, 8, 0.01
			bench(b, kernel.NewSim(), info.New(), p)
		})
	}
}

// BenchmarkScale runs one whole trial of every registered algorithm at n = 10^2 .. 10^6 per
// iteration, on a simulator warmed by one trial (first-setup-s, first-setup-cpu-s and
// first-loop-events/cpu-s are that first trial's, reportFirst), and reports the rates and
// the memory:
// events/s (wall clock, setup included: the scaling table's rate), setup-s/op and
// setup-cpu-s/op (the wall and thread CPU time before the first event: the network, the
// streams, the algorithm's Reset), loop-events/s and loop-events/cpu-s (events per second of
// the event loop alone, setup out; the CPU rate is the one to compare on a shared machine),
// warmup-events/cpu-s and drain-events/cpu-s (the loop's rate before the window opens and
// after it closes, reportPhases), and heap-B/node: the Go heap in
// use after the trial (live state of the kernel, the algorithm, the queue and the links,
// after a GC) per node. Both rates are reported because the trials with few events at large
// n (cm, akw2) are mostly setup. Peak RSS, which also counts garbage not yet collected, is
// measured per process by scripts/scaling.sh.
//
//	go test -run '^$' -bench 'Scale/rl/n=1000000$' -benchtime 1x ./kernel/
//	go test -run '^$' -bench 'Scale/.*/n=10000$' -benchtime 1x -count 3 ./kernel/
func BenchmarkScale(b *testing.B) {
	for _, info := range algorithms.All() {
		for _, n := range []int{100, 1000, 10_000, 100_000, 1_000_000} {
			b.Run(fmt.Sprintf("%s/n=%d", info.Name, n), func(b *testing.B) {
				benchScale(b, info, scaleParams(n))
			})
		}
	}
}

func benchScale(b *testing.B, info algorithms.Info, p kernel.Params) {
	runtime.LockOSThread() // so that the thread's CPU time is the trial's (kernel.ThreadCPU)
	defer runtime.UnlockOSThread()
	sim, algo := kernel.NewSim(), info.New()
	first, cold, err := sim.RunSplit(p, algo)
	if err != nil {
		b.Fatal(err)
	}
	var events, warmup, drain int64
	var sum kernel.Split
	b.ResetTimer()
	for range b.N {
		r, split, err := sim.RunSplit(p, algo)
		if err != nil {
			b.Fatal(err)
		}
		events, warmup, drain = events+r.Events, warmup+r.EventsWarmup, drain+r.EventsDrain
		sum.SetupWall += split.SetupWall
		sum.LoopWall += split.LoopWall
		sum.SetupCPU += split.SetupCPU
		sum.LoopCPU += split.LoopCPU
		sum.WarmupCPU += split.WarmupCPU
		sum.DrainCPU += split.DrainCPU
	}
	b.StopTimer()
	reportSplit(b, events, sum)
	reportPhases(b, warmup, drain, sum)
	reportFirst(b, first.Events, cold)
	b.ReportMetric(float64(first.Events), "events/op")
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	b.ReportMetric(float64(ms.HeapInuse)/float64(p.N), "heap-B/node")
	runtime.KeepAlive(sim)
	runtime.KeepAlive(algo)
}

// reportSplit reports the whole trial's rate (wall clock, as before), setup's wall and CPU
// seconds per trial, and the event loop's rate per second of wall and of CPU time.
func reportSplit(b *testing.B, events int64, sum kernel.Split) {
	if s := b.Elapsed().Seconds(); s > 0 {
		b.ReportMetric(float64(events)/s, "events/s")
	}
	b.ReportMetric(sum.SetupWall.Seconds()/float64(b.N), "setup-s/op")
	b.ReportMetric(sum.SetupCPU.Seconds()/float64(b.N), "setup-cpu-s/op")
	if l := sum.LoopWall.Seconds(); l > 0 {
		b.ReportMetric(float64(events)/l, "loop-events/s")
	}
	if l := sum.LoopCPU.Seconds(); l > 0 {
		b.ReportMetric(float64(events)/l, "loop-events/cpu-s")
	}
}

// reportPhases reports the loop's rate in its warm-up and in its liveness drain, per second
// of thread CPU time: at n = 10^6 rl's warm-up (every node's first request, at a random node
// each) runs at well under half its drain's rate (a token walking among waiting nodes), so
// the loop's total rate depends on how the trial's events split between the two.
func reportPhases(b *testing.B, warmup, drain int64, sum kernel.Split) {
	if c := sum.WarmupCPU.Seconds(); c > 0 {
		b.ReportMetric(float64(warmup)/c, "warmup-events/cpu-s")
	}
	if c := sum.DrainCPU.Seconds(); c > 0 {
		b.ReportMetric(float64(drain)/c, "drain-events/cpu-s")
	}
}

// reportFirst reports the setup (wall and thread CPU time) and loop of the first trial, the
// one that warmed the simulator: its setup's wall time is what the setup helper shortens.
// Its arrays are new to the simulator, and, when the benchmark runs alone in its
// process (one algorithm and n in -bench), new to the process too: the first trial of a
// fresh process, which is what a command such as bench run --n 1000000 --trials 1 runs.
// Later benchmarks in the same process may reuse memory earlier ones freed.
func reportFirst(b *testing.B, events int64, cold kernel.Split) {
	b.ReportMetric(cold.SetupWall.Seconds(), "first-setup-s")
	b.ReportMetric(cold.SetupCPU.Seconds(), "first-setup-cpu-s")
	if l := cold.LoopCPU.Seconds(); l > 0 {
		b.ReportMetric(float64(events)/l, "first-loop-events/cpu-s")
	}
}

// BenchmarkSetup isolates a large trial's setup (the random graph, the topology's reset,
// the algorithm's Reset: everything before the first event): one CS entry measured, none
// discarded, no drain, so the events after setup are a few thousand at most and setup is
// nearly all of each iteration. Compare builds by CPU time (-cpuprofile, /usr/bin/time),
// not wall time, on a shared machine:
//
//	go test -run '^$' -bench 'Setup/rl/n=1000000$' -benchtime 3x -cpuprofile cpu.prof ./kernel/
func BenchmarkSetup(b *testing.B) {
	for _, name := range []string{"rl", "drs", "hk", "gme"} {
		info, ok := algorithms.Lookup(name)
		if !ok {
			b.Fatalf("no algorithm %q", name)
		}
		for _, n := range []int{100_000, 1_000_000} {
			b.Run(fmt.Sprintf("%s/n=%d", name, n), func(b *testing.B) {
				p := scaleParams(n)
				p.Warmup, p.Measure, p.Drain = 0, 1, kernel.DrainNone
				benchScale(b, info, p)
			})
		}
	}
}

// BenchmarkRandomConnected builds the random graph of the million-node trial (n = 10^6, mean
// degree 8) on a reused topology, Reset included: the part of setup the network model does.
// cpu-s/op is the thread's CPU time per graph, the number to compare on a shared machine.
//
//	go test -run '^$' -bench 'RandomConnected' -benchtime 3x -count 5 ./kernel/
func BenchmarkRandomConnected(b *testing.B) {
	const n, links = 1_000_000, 4_000_000
	runtime.LockOSThread() // so that the thread's CPU time is the builds' (kernel.ThreadCPU)
	defer runtime.UnlockOSThread()
	var topo kernel.Topology
	var rng kernel.Stream
	build := func() {
		rng.Seed(1)
		topo.ResetLinks(n, kernel.PortCapFor(n, links), links) // as the walter model does
		if err := kernel.RandomConnected(&topo, links, &rng); err != nil {
			b.Fatal(err)
		}
	}
	build()
	b.ResetTimer()
	cpu := kernel.ThreadCPU()
	for range b.N {
		build()
	}
	b.ReportMetric((kernel.ThreadCPU()-cpu).Seconds()/float64(b.N), "cpu-s/op")
}
