package akw1_test

import (
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/akw1"
	"github.com/mutexlab/mutexlab/internal/swarm/swarmtest"
	"github.com/mutexlab/mutexlab/internal/trialtest"
	"github.com/mutexlab/mutexlab/kernel"
)

// equivalentBound is the number of trials that demonstrate an equivalent mutant: it changes
// what no online check of akw1 bounds (response time, or a failure locality below Theorem 5's
// n), so the trials only show that it passes, and fewer of them keep go test fast.
const equivalentBound = 60

// mutationParams cycles through the networks akw1 is tested on: random graphs with slow
// link changes (trialtest.SlowParams), fast random-waypoint nodes under a heavy load, and
// variation 1b (Linial's colouring) on random waypoint.
func mutationParams(seed uint64) kernel.Params {
	switch seed % 3 {
	case 0:
		return trialtest.FastWaypointParams(seed, 0xa4a1)
	case 1:
		return akw1.LinialParams(trialtest.WaypointParams(seed, 0xa4a1))
	}
	return trialtest.SlowParams(seed)
}

// TestMutants: each deliberately broken variant of akw1 (a line of Algorithm 1 dropped or
// changed, in akw1's doorways and recolouring or in the shared fork collection module) is
// caught by the online checks (local mutual exclusion, fork ownership, Lemma 3's distinct
// colours behind SD^f) or the liveness phase. Two are the other readings of lines 49-52:
// keep-doorways (the listing as printed) deadlocks, eater-stays breaks Lemma 3.
func TestMutants(t *testing.T) {
	t.Parallel()
	swarmtest.Suite{Algo: "akw1", Mutants: akw1.Mutants, Bound: 300, Params: mutationParams,
		New: func(m string) (kernel.Algorithm, error) {
			a, err := akw1.NewMutant(m)
			return akw1.WithLemma3(a), err
		},
		Special: []swarmtest.Mutant{
			{Name: "no-return-path", Bound: equivalentBound,
				Equivalent: "response time only: the return path lets a node blocked behind a moved neighbour ask its forks back sooner (section 4.1, Figure 4); the node is served anyway once link changes stop"},
			{Name: "skip-sdf", Bound: equivalentBound,
				Equivalent: "response time only: the synchronous doorway bounds how many nodes join LG_i while i collects forks (Lemma 4's proof); fork collection alone keeps local mutual exclusion and Lemma 3 (colours come from the recolouring doorway)"},
			{Name: "keep-junior-forks", Bound: equivalentBound,
				Equivalent: "failure locality only: akw2's suite catches it on Theorem 8's bound of 2, but Theorem 5 claims n for akw1, and the measured worst on crash trials stays 4"},
			{Name: "no-flag", Bound: equivalentBound,
				Equivalent: "failure locality and response time only (as keep-junior-forks): a node that yielded a low fork asks again at its neighbour's next update-color"},
			{Name: "color-stride", Bound: equivalentBound,
				Equivalent: "colour range only: its colours stay legal; bench check bounds' colour-range row fails it (algorithms/akw1 TestColorRangePower)"},
		},
	}.Run(t)
}
