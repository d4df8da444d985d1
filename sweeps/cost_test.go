package sweeps

import (
	"testing"

	"github.com/mutexlab/mutexlab/algotest"
	"github.com/mutexlab/mutexlab/kernel"
)

// The registry's cost hints reproduce the constants the scheduler used before they were
// hints, bit for bit: Reverse Link's 22 events per CS entry and 10 per link change, Raymond's
// 8 and 1, and Reverse Link's for the others. Schedules and shard assignments of existing
// sweeps are therefore unchanged.
func TestEstimateCostHintsMatchFittedConstants(t *testing.T) {
	fitted := func(perEntry, perChange float64, p *kernel.Params) float64 {
		entries := float64(p.Warmup + p.Measure)
		simTime := entries * p.CSTime
		if p.Load > 0 {
			simTime += entries / (float64(p.N) * p.Load)
		}
		return entries*perEntry + p.LinkChangeRate()*simTime*perChange + float64(p.LinkCount())
	}
	for seed := uint64(1); seed <= 200; seed++ {
		p := algotest.RandomParams(seed)
		for _, c := range []struct {
			algo              string
			perEntry, perLink float64
		}{{"rl", 22, 10}, {"rr", 8, 1}, {"hk", 22, 10}, {"gme", 22, 10}, {"no-such-algorithm", 22, 10}} {
			if got, want := estimateCost(c.algo, &p), fitted(c.perEntry, c.perLink, &p); got != want {
				t.Fatalf("seed %d, %s: estimate %v, the fitted constants give %v", seed, c.algo, got, want)
			}
		}
	}
}
