package akw1

import (
	"testing"

	"github.com/mutexlab/mutexlab/algotest"
	"github.com/mutexlab/mutexlab/kernel"
)

// crashMobilityCap caps the drawn mobility of crash trials (see walterParams).
const crashMobilityCap = 0.1

// TestFailureLocality measures akw1's failure locality against Theorem 5's claim n (1a)
// on static and mobile (rate <= 0.1) networks: no blocked node may be farther than n−1 hops
// (the claim), crashes must block someone, and the worst distance is logged for the report.
// The measured worst exceeds akw2's 2 (the paper's point in comparing them): a blocked node
// behind SD^f keeps its neighbours at the SD^f entry, and they keep theirs at AD^f.
func TestFailureLocality(t *testing.T) {
	count := algotest.Count(150, 40)
	for _, mobile := range []bool{false, true} {
		worst, blocked := algotest.FailureLocality(t, New(), count, mobile, crashMobilityCap)
		t.Logf("akw1 mobile=%v: worst failure locality %d over %d trials (%d with blocked nodes)", mobile, worst, count, blocked)
		if blocked == 0 {
			t.Fatalf("no trial blocked any node: the crashes did not bite")
		}
		if !mobile && worst <= 2 {
			t.Fatalf("akw1's measured failure locality is %d, no worse than akw2's 2", worst)
		}
	}
}

// TestFailureLocalityLinial: variation 1b's claim, max(log* n, 4) + 2 = 6 for these sizes
// (Theorem 7), measured on mobile networks (on static ones nothing recolours and 1b is 1a).
func TestFailureLocalityLinial(t *testing.T) {
	count := algotest.Count(150, 40)
	sim := kernel.NewSim()
	worst := 0
	for seed := uint64(1); seed <= uint64(count); seed++ {
		p := algotest.CrashParams(seed, true, crashMobilityCap)
		p.Algo = map[string]float64{ParamColoring: ColoringLinial, ParamKnownN: float64(p.N), ParamKnownD: float64(p.N - 1)}
		res, err := sim.Run(p, New())
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		worst = max(worst, res.FailureLocality)
	}
	t.Logf("akw1 (1b) mobile: worst failure locality %d over %d trials", worst, count)
	if worst > 6 {
		t.Fatalf("measured failure locality %d, Theorem 7 claims max(log* n, 4) + 2 = 6", worst)
	}
}
