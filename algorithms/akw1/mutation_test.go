package akw1_test

import (
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/akw1"
	"github.com/mutexlab/mutexlab/internal/swarm/swarmtest"
	"github.com/mutexlab/mutexlab/internal/trialtest"
	"github.com/mutexlab/mutexlab/kernel"
)

// mutationBound is the number of trials (seeds 1..mutationBound) within which the checks
// must catch every mutant; the real algorithm must pass the same trials.
const mutationBound = 300

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
// colours behind SD^f) or the liveness phase.
func TestMutants(t *testing.T) {
	t.Parallel()
	swarmtest.Suite{Algo: "akw1", Names: akw1.Mutants, Bound: mutationBound, Params: mutationParams,
		New: func(m string) (kernel.Algorithm, error) {
			a, err := akw1.NewMutant(m)
			return akw1.WithLemma3(a), err
		},
		Mutants: []swarmtest.Mutant{
			{Name: "no-color-wait", What: "new-color() does not wait for smaller-id competitors (breaks Assumption 1)"},
			{Name: "linial-blind", What: "1b: each round's x and the final block offset ignore the neighbours"},
			{Name: "no-recolor", What: "line 55: a node that moved does not recolour (it goes straight to AD^f)"},
			{Name: "no-return-path", What: "lines 59-60: no return path when a low fork holder's link fails", Bound: equivalentBound,
				Equivalent: "response time only: the return path lets a node blocked behind a moved neighbour ask its forks back sooner (section 4.1, Figure 4); the node is served anyway once link changes stop"},
			{Name: "skip-sdf", What: "SD^f crossed without waiting for every neighbour to be outside it", Bound: equivalentBound,
				Equivalent: "response time only: the synchronous doorway bounds how many nodes join LG_i while i collects forks (Lemma 4's proof); fork collection alone keeps local mutual exclusion and Lemma 3 (colours come from the recolouring doorway)"},
			{Name: "eat-with-senior-forks", What: "lines 2 and 19: eat once the low forks are held"},
			{Name: "ignore-eats", What: "usable(j) ignores eats[j]: eat beside a neighbour still eating"},
			{Name: "eater-yields", What: "line 10's exception undone: an eater grants requests like a hungry node"},
			{Name: "keep-junior-forks", What: "line 15: release-high-forks skipped", Bound: equivalentBound,
				Equivalent: "failure locality only: akw2's suite catches it on Theorem 8's bound of 2, but Theorem 5 claims n for akw1, and the measured worst on crash trials stays 4"},
			{Name: "no-flag", What: "line 31: the fork never carries the flag \"I want it back\"", Bound: equivalentBound,
				Equivalent: "failure locality and response time only (as keep-junior-forks): a node that yielded a low fork asks again at its neighbour's next update-color"},
			{Name: "fork-at-both-ends", What: "lines 45 and 48: both ends of a new link create a fork"},
		},
	}.Run(t)
}
