package hk_test

import (
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/hk"
	"github.com/mutexlab/mutexlab/algotest"
)

// BenchmarkHK runs whole trials on the Reverse Link family's shared workload
// (algotest.ReverseLinkBenchParams, as BenchmarkRL) and reports simulated events per second
// of wall time, for k = 4 with h uniform on 1..4, 4 priority classes, aging 1.
//
//	go test ./algorithms/hk ./algorithms/rl -run '^$' -bench 'BenchmarkHK|BenchmarkRL' -benchmem
func BenchmarkHK(b *testing.B) {
	algotest.BenchSeeds(b, hk.New(), withAlgo(algotest.ReverseLinkBenchParams(), 4, 0, 4, 1))
}
