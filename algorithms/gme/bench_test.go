package gme_test

import (
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/gme"
	"github.com/mutexlab/mutexlab/kernel"
)

// benchParams mirrors BenchmarkRL's network and load (algorithms/rl/bench_test.go): n = 30,
// 20% connectivity, λ_req = 0.1, λ_mob = 0.01, the paper's trial length.
func benchParams() kernel.Params {
	p := kernel.DefaultParams()
	p.N, p.Connectivity, p.Load, p.Mobility, p.Seed = 30, 0.2, 0.1, 0.01, 1
	return p
}

// BenchmarkGME runs whole trials and reports simulated events per second of wall time, for
// m = 4 resources drawn uniformly (sub-benchmarks: m = 1, the most concurrency and the
// deepest splits, and m = 8 Zipf with s = 1).
//
//	go test ./algorithms/gme ./algorithms/rl -run '^$' -bench 'BenchmarkGME|BenchmarkRL' -benchmem
func BenchmarkGME(b *testing.B) {
	for _, c := range []struct {
		name       string
		m, dist, s float64
	}{{"m=4", 4, gme.DistUniform, 1}, {"m=1", 1, gme.DistUniform, 1}, {"m=8-zipf", 8, gme.DistZipf, 1}} {
		b.Run(c.name, func(b *testing.B) {
			sim, a := kernel.NewSim(), gme.New()
			p := withAlgo(benchParams(), c.m, c.dist, c.s)
			var events int64
			b.ReportAllocs()
			for k := 0; k < b.N; k++ {
				p.Seed = uint64(k%8 + 1)
				r, err := sim.Run(p, a)
				if err != nil {
					b.Fatal(err)
				}
				events += r.Events
			}
			b.ReportMetric(float64(events)/b.Elapsed().Seconds(), "events/s")
		})
	}
}
