package akw2

import (
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/cm"
	"github.com/mutexlab/mutexlab/internal/trialtest"
	"github.com/mutexlab/mutexlab/kernel"
)

// crashTrial draws a trial with one to three crashes of random nodes at random times inside
// the first 200 time units, a heavy load (so nodes are hungry when their neighbours crash)
// and a window of 1,500 time units: a live node still waiting 1,500 time units after its
// request is blocked. Static when mobile is false.
func crashTrial(seed uint64, mobile bool) kernel.Params {
	p := trialtest.RandomParams(seed)
	var r kernel.Stream
	r.Seed(kernel.DeriveSeed(seed, 0xc7a5))
	p.N = 6 + r.IntN(35)
	lo, hi := kernel.MinLinks(p.N), min(kernel.MaxLinks(p.N), 3*p.N)
	p.Links = lo + r.IntN(hi-lo+1)
	if !mobile {
		p.Mobility = 0
	}
	p.Load = 0.5 + 2*r.Float64()
	p.StarveAfter = 1500
	p.Warmup, p.Measure = 20, 400
	for k := range 1 + r.IntN(3) {
		node := int32(r.IntN(p.N))
		dup := false
		for _, c := range p.Crashes {
			dup = dup || c.Node == node
		}
		if !dup {
			p.Crashes = append(p.Crashes, kernel.Crash{Node: node, Time: 10 + 60*float64(k) + 50*r.Float64()})
		}
	}
	return p
}

// failureLocality runs count crash trials and returns the largest measured failure locality
// and how many trials had a blocked node.
func failureLocality(t *testing.T, algo kernel.Algorithm, count int, mobile bool) (worst, withBlocked int) {
	t.Helper()
	sim := kernel.NewSim()
	for seed := uint64(1); seed <= uint64(count); seed++ {
		p := crashTrial(seed, mobile)
		res, err := sim.Run(p, algo)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if res.Crashed < 1 || res.Crashed > len(p.Crashes) { // later crashes may come after the trial's end
			t.Fatalf("seed %d: %d crashes happened, %d configured", seed, res.Crashed, len(p.Crashes))
		}
		if res.Blocked > 0 {
			withBlocked++
		}
		worst = max(worst, res.FailureLocality)
	}
	return worst, withBlocked
}

// TestFailureLocalityStatic: Theorem 8's failure locality 2, measured on static networks:
// no live node farther than 2 hops from a crash ever stops eating. The same trials under cm
// (Chandy–Misra, whose waiting chains are unbounded) block nodes farther away, which shows
// the measurement can tell the difference.
func TestFailureLocalityStatic(t *testing.T) {
	count := 150
	if testing.Short() {
		count = 40
	}
	worst, blocked := failureLocality(t, New(), count, false)
	t.Logf("akw2 static: worst failure locality %d over %d trials (%d with blocked nodes)", worst, count, blocked)
	if worst > 2 {
		t.Fatalf("akw2: measured failure locality %d, the paper claims 2", worst)
	}
	if blocked == 0 {
		t.Fatalf("no trial blocked any node: the crashes did not bite, the test measures nothing")
	}
	cmWorst, _ := failureLocality(t, cm.New(), count, false)
	t.Logf("cm static: worst failure locality %d", cmWorst)
	if cmWorst <= 2 {
		t.Fatalf("cm's measured failure locality is %d: the measurement does not discriminate", cmWorst)
	}
}

// TestFailureLocalityMobile: the same with link changes until the measurement ends (the hop
// distance is taken on the network when changes have ceased).
func TestFailureLocalityMobile(t *testing.T) {
	count := 150
	if testing.Short() {
		count = 40
	}
	worst, blocked := failureLocality(t, New(), count, true)
	t.Logf("akw2 mobile: worst failure locality %d over %d trials (%d with blocked nodes)", worst, count, blocked)
	if worst > 2 {
		t.Fatalf("akw2: measured failure locality %d, the paper claims 2", worst)
	}
}

// TestFailureLocalityWaypointStatic: the claim on static unit-disk graphs (random waypoint
// at speed 0), where two-hop neighbourhoods overlap far more than in random graphs.
func TestFailureLocalityWaypointStatic(t *testing.T) {
	sim := kernel.NewSim()
	worst, blocked := 0, 0
	for seed := uint64(1); seed <= 60; seed++ {
		p := waypointParams(seed)
		p.N = max(p.N, 8)
		p.Net[kernel.NetSpeedMin], p.Net[kernel.NetSpeedMax] = 0, 0
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
