package akw1_test

import (
	"math"
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/akw1"
	"github.com/mutexlab/mutexlab/algotest"
	"github.com/mutexlab/mutexlab/analysis"
	"github.com/mutexlab/mutexlab/internal/slowed"
	"github.com/mutexlab/mutexlab/kernel"
	"github.com/mutexlab/mutexlab/kernel/netmodel"
)

// denseWaypoint is a static random-waypoint trial of n = 64 nodes at expected degree deg,
// as `bench check bounds` draws them (the side grows so that the expected degree is deg).
func denseWaypoint(deg float64, seed uint64) kernel.Params {
	p := kernel.DefaultParams()
	p.N, p.Load, p.Seed, p.Network = 64, 1, kernel.DeriveSeed(0xc01, uint64(deg), seed), "waypoint"
	const r = 100.0
	p.Net = map[string]float64{netmodel.Side: r * math.Sqrt(math.Pi*64/deg), netmodel.Radius: r}
	p.Delay = kernel.Delay{Kind: kernel.DelayUniform, A: 0.1, B: 1}
	p.Warmup, p.Measure = 320, 1000
	return p
}

// colorRanges runs akw1 (or its mutant) under the Lemma 3 check on static networks at expected
// degree 3, 6 and 12, three trials each, and returns each trial's maximum degree and
// color_range.
func colorRanges(t *testing.T, mutant string) (deg, rng []float64) {
	t.Helper()
	sim := kernel.NewSim()
	for _, d := range []float64{3, 6, 12} {
		for s := range uint64(3) {
			a, err := akw1.NewMutant(mutant)
			if err != nil {
				t.Fatal(err)
			}
			alg, w, err := slowed.Wrap(akw1.WithLemma3(a), slowed.Slowdown{})
			if err != nil {
				t.Fatal(err)
			}
			r, err := sim.Run(denseWaypoint(d, s), alg)
			if err != nil {
				t.Fatalf("%q degree %g seed %d: %v", mutant, d, s, err)
			}
			deg, rng = append(deg, float64(w.MaxDegree())), append(rng, algotest.Metric(t, r, akw1.MetricColorRange))
		}
	}
	return deg, rng
}

// TestColorRangePower: on static networks every node recolours once (its initial colour), so
// color_range is the range of the greedy new-color(); the real akw1 has it at most δ+1 in
// every trial (the greedy procedure's own bound) and PASSes the O(δ) row of bench check
// bounds, and the mutant color-stride (legal colours spread by the port count, a range
// O(δ·Δ)) FAILs the same claim under the same rule.
func TestColorRangePower(t *testing.T) {
	t.Parallel()
	claim := analysis.AKWResourceClaims[3]
	if claim.Stat != analysis.StatColorRange || claim.Exponent != 1 || claim.Linial {
		t.Fatalf("claim %+v is not 1a's colour range", claim)
	}
	deg, rng := colorRanges(t, "")
	for k := range deg {
		if rng[k] > deg[k]+1 {
			t.Errorf("trial %d: colour range %g above δ+1 = %g", k, rng[k], deg[k]+1)
		}
	}
	real, err := analysis.CheckBound(claim, deg, rng, 0.95)
	if err != nil || real.Verdict != analysis.Pass {
		t.Errorf("akw1: %s %s (%v), want PASS; δ %v, range %v", real.Verdict, analysis.FormatFit(real.Fit), err, deg, rng)
	}
	deg, rng = colorRanges(t, "color-stride")
	slow, err := analysis.CheckBound(claim, deg, rng, 0.95)
	if err != nil || slow.Verdict != analysis.Fail {
		t.Errorf("color-stride: %s %s (%v), want FAIL; δ %v, range %v", slow.Verdict, analysis.FormatFit(slow.Fit), err, deg, rng)
	}
	t.Logf("akw1 %s %s; color-stride %s %s", real.Verdict, analysis.FormatFit(real.Fit), slow.Verdict, analysis.FormatFit(slow.Fit))
}
