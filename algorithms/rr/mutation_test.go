package rr_test

import (
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/rr"
	"github.com/mutexlab/mutexlab/algotest"
	"github.com/mutexlab/mutexlab/kernel"
)

// TestMutants: each deliberately broken variant of Raymond's algorithm is caught by the
// online checks or the liveness phase, except the documented equivalent one.
func TestMutants(t *testing.T) {
	t.Parallel()
	algotest.Suite{Name: "rr", Mutants: rr.Mutants, Bound: 300,
		New: func(m string) (kernel.Algorithm, error) { return rr.NewMutant(m) },
		Special: []algotest.Mutant{{Name: "lifo",
			Equivalent: "fairness only: every node has at most one request in the tree, so a LIFO queue still serves every entry once requests stop; no check bounds waits tightly enough to see the unfairness"}},
	}.Run(t)
}
