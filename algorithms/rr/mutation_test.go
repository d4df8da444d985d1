package rr_test

import (
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/rr"
	"github.com/mutexlab/mutexlab/internal/swarm/swarmtest"
	"github.com/mutexlab/mutexlab/kernel"
)

// mutationBound is the number of swarm trials (seeds 1..mutationBound) within which the
// checks must catch every mutant; the real algorithm must pass the same trials.
const mutationBound = 300

// TestMutants: each deliberately broken variant of Raymond's algorithm is caught by the
// online checks or the liveness phase, except the documented equivalent one.
func TestMutants(t *testing.T) {
	t.Parallel()
	swarmtest.Suite{Algo: "rr", Names: rr.Mutants, Bound: mutationBound,
		New: func(m string) (kernel.Algorithm, error) { return rr.NewMutant(m) },
		Mutants: []swarmtest.Mutant{
			{Name: "keep-asked", What: "ASSIGN_PRIVILEGE does not reset ASKED"},
			{Name: "wrong-neighbour", What: "ASSIGN_PRIVILEGE sends the PRIVILEGE to another tree neighbour than the one dequeued"},
			{Name: "ignore-using", What: "ASSIGN_PRIVILEGE ignores USING (passes the PRIVILEGE on from inside the CS)"},
			{Name: "lifo", What: "REQUEST_Q served last in, first out",
				Equivalent: "fairness only: every node has at most one request in the tree, so a LIFO queue still serves every entry once requests stop; no check bounds waits tightly enough to see the unfairness"},
		},
	}.Run(t)
}
