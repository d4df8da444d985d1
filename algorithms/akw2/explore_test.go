package akw2_test

import (
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/akw2"
	"github.com/mutexlab/mutexlab/explore"
	"github.com/mutexlab/mutexlab/explore/exploretest"
	"github.com/mutexlab/mutexlab/kernel"
)

// TestExplorerCatchesMutants: the exhaustive explorer on akw2's mutants.
func TestExplorerCatchesMutants(t *testing.T) {
	exploretest.Mutants{Name: "akw2", Mutants: akw2.Mutants,
		New:     func(m string) (kernel.Algorithm, error) { return akw2.NewMutant(m) },
		Sizes:   []exploretest.Size{{N: 3, Requests: 1}, {N: 3, Requests: 1, LinkChanges: 1, Graph: "line"}, {N: 3, Requests: 2}, {N: 3, Requests: 1, LinkChanges: 1}},
		Options: explore.Options{MaxStates: 300_000},
		Want:    map[string]string{},
	}.Run(t)
}
