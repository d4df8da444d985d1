package gme_test

import (
	"fmt"
	"math/big"
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/gme"
	"github.com/mutexlab/mutexlab/algotest"
	"github.com/mutexlab/mutexlab/kernel"
)

// withAlgo returns p with gme's parameters m, resource_dist and zipf_s.
func withAlgo(p kernel.Params, m, dist, s float64) kernel.Params {
	p.Algo = map[string]float64{gme.ParamM: m, gme.ParamDist: dist, gme.ParamS: s}
	return p
}

// randomAlgo draws gme's knobs for a seed: m in 1..8, uniform or Zipf with s in (0, 3].
func randomAlgo(p kernel.Params, seed uint64) kernel.Params {
	var r kernel.Stream
	r.Seed(kernel.DeriveSeed(seed, 0x93e))
	return withAlgo(p, float64(1+r.IntN(8)), float64(r.IntN(2)), 0.1+2.9*r.Float64())
}

// TestRandomSeeds: hundreds of random trials (random n, links, load, mobility up to 5 link
// changes per time unit, constant, exponential and uniform delays) with random m, resource
// distribution and Zipf exponent, under the online checks: at every CS entry all nodes in
// the CS requested the same resource (Theorem 1), exactly one TOKEN after every event, and
// every request served once link changes stop (Theorem 3, via the kernel's liveness drain
// and starvation watchdog). (Sessions may still be running when a trial ends: the last
// RELEASE can be in flight; TestWeightConserved checks the weight exactly.)
func TestRandomSeeds(t *testing.T) {
	params := func(seed uint64) kernel.Params { return randomAlgo(algotest.RandomParams(seed), seed) }
	events := algotest.Trials(t, gme.New(), algotest.Count(300, 50), params, nil)
	t.Logf("%d events", events)
}

// TestRandomSeedsDefault runs the shared property loop (algotest) with gme's
// registered defaults (m = 1).
func TestRandomSeedsDefault(t *testing.T) {
	count := algotest.Count(100, 20)
	algotest.RunSeeds(t, gme.New(), count)
}

// TestWeightConserved checks weight throwing exactly, in real trials with mobility: before
// every delivery of a SUBTOKEN or RELEASE, the holder's weight (thrown minus returned) equals
// the weight held by the nodes in the CS plus every SUBTOKEN and RELEASE in flight, as exact
// rationals (so a session cannot end while anyone holds weight). It logs the deepest split.
func TestWeightConserved(t *testing.T) {
	sim, a := kernel.NewSim(), gme.New()
	deepest := int64(0)
	for seed := uint64(1); seed <= 25; seed++ {
		p := randomAlgo(algotest.RandomParams(seed), seed)
		p.Measure = 60
		inflight := new(big.Rat)
		var bad error
		sim.SetTrace(func(e kernel.TraceEvent) {
			if bad != nil || (e.Msg != "subtoken" && e.Msg != "release") {
				return
			}
			_, _, x := gme.Decode(&e.Message)
			deepest = max(deepest, x)
			w := new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Lsh(big.NewInt(1), uint(x)))
			if e.Kind == "send" {
				inflight.Add(inflight, w)
				return
			}
			held, holder := new(big.Rat).Set(inflight), new(big.Rat)
			for i := int32(0); int(i) < p.N; i++ {
				if a.HoldsToken(i) {
					holder = a.Weight(i)
				} else {
					held.Add(held, a.Weight(i))
				}
			}
			if holder.Cmp(held) != 0 {
				bad = fmt.Errorf("seed %d, t=%g: holder's weight %v, but %v is out", seed, e.Time, holder, held)
			}
			inflight.Sub(inflight, w)
		})
		if _, err := sim.Run(p, a); err != nil {
			t.Fatal(err)
		}
		if bad != nil {
			t.Fatal(bad)
		}
	}
	sim.SetTrace(nil)
	if deepest < 3 {
		t.Errorf("deepest piece 2^-%d: the trials never split a weight twice", deepest)
	}
	t.Logf("deepest piece 2^-%d", deepest)
}
