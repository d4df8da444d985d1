package rl_test

import (
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/rl"
	"github.com/mutexlab/mutexlab/explore"
	"github.com/mutexlab/mutexlab/explore/exploretest"
	"github.com/mutexlab/mutexlab/kernel"
)

// TestExplorerCatchesMutants: the exhaustive explorer on RL's mutants, three nodes in a ring
// with one request each, then one link change.
func TestExplorerCatchesMutants(t *testing.T) {
	exploretest.Mutants{Name: "rl", Mutants: rl.Mutants,
		New:     func(m string) (kernel.Algorithm, error) { return rl.NewMutant(m) },
		Sizes:   []exploretest.Size{{N: 3, Requests: 1}, {N: 3, Requests: 1, LinkChanges: 1}, {N: 3, Requests: 2, LinkChanges: 1}},
		Short:   2,
		Options: explore.Options{MaxStates: 1_500_000},
		Want: map[string]string{
			"skip-raise-height":      "deadlock at 1",
			"ignore-received-li":     "deadlock at 2",
			"no-request-after-token": "deadlock at 0",
			"highest-neighbour":      "deadlock at 0",
			"keep-q-on-link-down":    "invariant violation at 1",
		},
	}.Run(t)
}
