package akw2_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/akw2"
	"github.com/mutexlab/mutexlab/internal/swarm/swarmtest"
	"github.com/mutexlab/mutexlab/internal/trialtest"
	"github.com/mutexlab/mutexlab/kernel"
)

// mutationBound is the number of trials (seeds 1..mutationBound) within which the checks
// must catch every mutant; the real algorithm must pass the same trials.
const mutationBound = 300

// mutationParams cycles through random graphs (every knob random, link changes up to 5 per
// time unit), fast random-waypoint nodes under a heavy load (links form under eaters), and
// crash trials, static and mobile, on which failureLocality checks Theorem 8's claim.
func mutationParams(seed uint64) kernel.Params {
	switch seed % 3 {
	case 0:
		return trialtest.FastWaypointParams(seed, 0xa4a2)
	case 1:
		return trialtest.CrashParams(seed, seed%2 == 0, math.Inf(1))
	}
	return trialtest.RandomParams(seed)
}

// failureLocality is Theorem 8's claim on a finished trial: no live node farther than two
// hops from a crash is blocked.
func failureLocality(_ *kernel.Params, sim *kernel.Sim) error {
	for _, b := range sim.BlockedDistances(nil) {
		if b[1] > 2 {
			return fmt.Errorf("failure locality: node %d, %d hops from the nearest crash, is blocked (Theorem 8 claims 2)", b[0], b[1])
		}
	}
	return nil
}

// TestMutants: each deliberately broken variant of akw2 (a line of the numbered algorithm in
// the package doc dropped or changed, in akw2's own handlers or in the shared fork collection
// module) is caught by the online checks (local mutual exclusion, fork ownership, claim C1)
// or the liveness phase, or break Theorem 8's failure locality 2 on a crash trial.
func TestMutants(t *testing.T) {
	t.Parallel()
	swarmtest.Suite{Algo: "akw2", Names: akw2.Mutants, Bound: mutationBound, Params: mutationParams, Claim: failureLocality,
		New: func(m string) (kernel.Algorithm, error) { return akw2.NewMutant(m) },
		Mutants: []swarmtest.Mutant{
			{Name: "no-lower-on-release", What: "line 5 skipped: a node leaving the CS keeps its priority"},
			{Name: "ignore-notify", What: "line 9 skipped: a thinking node never lowers itself for a hungry neighbour", Bound: 60,
				Equivalent: "response time only: the priorities stay a total order and every eater lowers itself (line 5), so safety, service and failure locality 2 hold; Theorem 9's O(n) response time is what line 9 buys, and no online check bounds it"},
			{Name: "prio-keeps-eats", What: "line 11: prio does not clear eats[j] (the fork of a link formed under an eater stays unusable)"},
			{Name: "eat-with-senior-forks", What: "lines 18 and 25: eat once the higher forks are held"},
			{Name: "ignore-eats", What: "usable(j) ignores eats[j]: eat beside a neighbour still eating"},
			{Name: "eater-yields", What: "line 12's exception undone: an eater grants requests like a hungry node"},
			{Name: "keep-junior-forks", What: "line 14: release-lower-forks skipped"},
			{Name: "no-flag", What: "line 28: the fork never carries the flag \"I want it back\""},
			{Name: "fork-at-both-ends", What: "line 32: both ends of a new link create a fork"},
		},
	}.Run(t)
}
