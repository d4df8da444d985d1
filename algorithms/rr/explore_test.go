package rr_test

import (
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/rr"
	"github.com/mutexlab/mutexlab/explore"
	"github.com/mutexlab/mutexlab/explore/exploretest"
	"github.com/mutexlab/mutexlab/kernel"
)

// TestExplorerCatchesMutants: the exhaustive explorer on Raymond's mutants.
func TestExplorerCatchesMutants(t *testing.T) {
	exploretest.Mutants{Name: "rr", Mutants: rr.Mutants,
		New:     func(m string) (kernel.Algorithm, error) { return rr.NewMutant(m) },
		Sizes:   []exploretest.Size{{N: 3, Requests: 1}, {N: 3, Requests: 1, LinkChanges: 1}, {N: 3, Requests: 2, LinkChanges: 1}},
		Short:   2,
		Options: explore.Options{MaxStates: 300_000},
		Want: map[string]string{
			"keep-asked":      "deadlock at 0",
			"wrong-neighbour": "deadlock at 0",
			"ignore-using":    "safety violation at 0",
			"lifo":            "-",
		},
	}.Run(t)
}
