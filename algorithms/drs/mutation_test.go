package drs_test

import (
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/drs"
	"github.com/mutexlab/mutexlab/internal/swarm"
	"github.com/mutexlab/mutexlab/internal/swarm/swarmtest"
	"github.com/mutexlab/mutexlab/kernel"
)

// mutationBound is the number of trials (seeds 1..mutationBound) within which the checks
// must catch every mutant; the real algorithm must pass the same trials.
const mutationBound = 300

// mutationParams alternates the swarm's random graphs (reliable FIFO links, K drawn from
// {16, 64, 256}) with the edge-Markovian network (lossy, non-FIFO, ports reused at once),
// the model the paper is written for.
func mutationParams(seed uint64) kernel.Params {
	if seed%2 == 0 {
		return drs.TVGParams(seed)
	}
	t, _ := swarm.Lookup("drs")
	return swarm.Params(t, seed)
}

// TestMutants: each deliberately broken variant of Daymude, Richa and Scheideler's algorithm
// (one of Algorithms 1-3's actions with a line dropped or changed, or the package doc's
// late-applicant rule undone) is caught by the online checks (local mutual exclusion, lock
// sets, Lemma 11's two messages per edge) or the liveness phase.
func TestMutants(t *testing.T) {
	t.Parallel()
	swarmtest.Suite{Algo: "drs", Names: drs.Mutants, Bound: mutationBound, Params: mutationParams,
		New: func(m string) (kernel.Algorithm, error) { return drs.NewMutant(m) },
		Mutants: []swarmtest.Mutant{
			{Name: "ignore-lock", What: "CHECKPRIORITIES: a participant locked by a neighbour still lets a candidate win (line 7's lock = ⊥ test dropped)"},
			{Name: "literal-listing", What: "RECEIVEREQUEST as printed: a late applicant's request waits for the next trial (the package doc's late-applicant rule undone)"},
			{Name: "late-win-true", What: "RECEIVEREQUEST: a late applicant is answered with win(TRUE) instead of win(FALSE)"},
			{Name: "keep-lock", What: "RECEIVERELEASE: lock is not reset to ⊥ (the lock release is skipped)"},
			{Name: "request-twice", What: "CHECKSTART and CHECKWIN send request-lock(p) twice (Lemma 11's two messages per edge broken)"},
			{Name: "forget-port", What: "a disconnection is not added to D, so CLEANUP never forgets the port"},
			{Name: "enter-early", What: "CHECKDONE enters when every ack-lock but one has arrived"},
		},
	}.Run(t)
}
