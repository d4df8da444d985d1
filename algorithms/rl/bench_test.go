package rl_test

import (
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/rl"
	"github.com/mutexlab/mutexlab/algotest"
)

// BenchmarkRL runs whole trials on the Reverse Link family's shared workload
// (algotest.ReverseLinkBenchParams) and reports simulated events per second of wall time.
//
//	go test ./algorithms/rl -run '^$' -bench BenchmarkRL -benchmem
func BenchmarkRL(b *testing.B) { algotest.BenchSeeds(b, rl.New(), algotest.ReverseLinkBenchParams()) }
