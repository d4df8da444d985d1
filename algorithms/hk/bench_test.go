package hk_test

import (
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/hk"
	"github.com/mutexlab/mutexlab/kernel"
)

// benchParams mirrors BenchmarkRL's network and load (algorithms/rl/bench_test.go): n = 30,
// 20% connectivity, λ_req = 0.1, λ_mob = 0.01, the paper's trial length.
func benchParams() kernel.Params {
	p := kernel.DefaultParams()
	p.N, p.Connectivity, p.Load, p.Mobility, p.Seed = 30, 0.2, 0.1, 0.01, 1
	return p
}

// BenchmarkHK runs whole trials and reports simulated events per second of wall time, for
// k = 4 with h uniform on 1..4, 4 priority classes, aging 1.
//
//	go test ./algorithms/hk ./algorithms/rl -run '^$' -bench 'BenchmarkHK|BenchmarkRL' -benchmem
func BenchmarkHK(b *testing.B) {
	sim, a := kernel.NewSim(), hk.New()
	p := withAlgo(benchParams(), 4, 0, 4, 1)
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
}
