package akw2

import (
	"math"
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/cm"
	"github.com/mutexlab/mutexlab/algotest"
	"github.com/mutexlab/mutexlab/kernel"
	"github.com/mutexlab/mutexlab/kernel/netmodel"
)

// TestFailureLocalityStatic: Theorem 8's failure locality 2, measured on static networks:
// no live node farther than 2 hops from a crash ever stops eating. The same trials under cm
// (Chandy–Misra, whose waiting chains are unbounded) block nodes farther away, which shows
// the measurement can tell the difference.
func TestFailureLocalityStatic(t *testing.T) {
	count := algotest.Count(150, 40)
	if blocked := failureLocality2(t, count, false); blocked == 0 {
		t.Fatalf("no trial blocked any node: the crashes did not bite, the test measures nothing")
	}
	cmWorst, _ := algotest.FailureLocality(t, cm.New(), count, false, math.Inf(1))
	t.Logf("cm static: worst failure locality %d", cmWorst)
	if cmWorst <= 2 {
		t.Fatalf("cm's measured failure locality is %d: the measurement does not discriminate", cmWorst)
	}
}

// TestFailureLocalityMobile: the same with link changes until the measurement ends (the hop
// distance is taken on the network when changes have ceased).
func TestFailureLocalityMobile(t *testing.T) {
	failureLocality2(t, algotest.Count(150, 40), true)
}

// failureLocality2 measures akw2's failure locality on count crash trials and fails t above
// Theorem 8's 2; it returns how many trials had a blocked node.
func failureLocality2(t *testing.T, count int, mobile bool) int {
	t.Helper()
	worst, blocked := algotest.FailureLocality(t, New(), count, mobile, math.Inf(1))
	t.Logf("akw2 mobile=%v: worst failure locality %d over %d trials (%d with blocked nodes)", mobile, worst, count, blocked)
	if worst > 2 {
		t.Fatalf("akw2: measured failure locality %d, the paper claims 2", worst)
	}
	return blocked
}

// TestFailureLocalityWaypointStatic: the claim on static unit-disk graphs (random waypoint
// at speed 0), where two-hop neighbourhoods overlap far more than in random graphs.
func TestFailureLocalityWaypointStatic(t *testing.T) {
	sim := kernel.NewSim()
	worst, blocked := 0, 0
	for seed := uint64(1); seed <= 60; seed++ {
		p := waypointParams(seed)
		p.N = max(p.N, 8)
		p.Net[netmodel.SpeedMin], p.Net[netmodel.SpeedMax] = 0, 0
		p.Load, p.StarveAfter, p.Measure = 1.5, 1500, 400
		p.Crashes = []kernel.Crash{{Node: int32(seed) % int32(p.N), Time: 30}}
		res, err := sim.Run(p, New())
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if res.Blocked > 0 {
			blocked++
		}
		worst = max(worst, res.FailureLocality)
	}
	t.Logf("akw2 waypoint static: worst failure locality %d (%d of 60 trials with blocked nodes)", worst, blocked)
	if worst > 2 || blocked == 0 {
		t.Fatalf("failure locality %d with %d trials blocking: the paper claims 2", worst, blocked)
	}
}
