package gme_test

import (
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/gme"
	"github.com/mutexlab/mutexlab/algotest"
)

// BenchmarkGME runs whole trials on the Reverse Link family's shared workload
// (algotest.ReverseLinkBenchParams, as BenchmarkRL) and reports simulated events per second
// of wall time, for m = 4 resources drawn uniformly (sub-benchmarks: m = 1, the most
// concurrency and the deepest splits, and m = 8 Zipf with s = 1).
//
//	go test ./algorithms/gme ./algorithms/rl -run '^$' -bench 'BenchmarkGME|BenchmarkRL' -benchmem
func BenchmarkGME(b *testing.B) {
	for _, c := range []struct {
		name       string
		m, dist, s float64
	}{{"m=4", 4, gme.DistUniform, 1}, {"m=1", 1, gme.DistUniform, 1}, {"m=8-zipf", 8, gme.DistZipf, 1}} {
		b.Run(c.name, func(b *testing.B) {
			algotest.BenchSeeds(b, gme.New(), withAlgo(algotest.ReverseLinkBenchParams(), c.m, c.dist, c.s))
		})
	}
}
