package rl_test

import (
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/rl"
	"github.com/mutexlab/mutexlab/kernel"
)

// BenchParams is the network and load the Reverse Link family's benchmarks share (hk and gme
// mirror it): n = 30, 20% connectivity, λ_req = 0.1, low mobility, the paper's trial length.
func benchParams() kernel.Params {
	p := kernel.DefaultParams()
	p.N, p.Connectivity, p.Load, p.Mobility, p.Seed = 30, 0.2, 0.1, 0.01, 1
	return p
}

// BenchmarkRL runs whole trials and reports simulated events per second of wall time.
//
//	go test ./algorithms/rl -run '^$' -bench BenchmarkRL -benchmem
func BenchmarkRL(b *testing.B) {
	sim, a, p := kernel.NewSim(), rl.New(), benchParams()
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
