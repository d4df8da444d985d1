package akw1_test

import (
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/akw1"
	"github.com/mutexlab/mutexlab/explore"
	"github.com/mutexlab/mutexlab/explore/exploretest"
	"github.com/mutexlab/mutexlab/kernel"
)

// TestExplorerCatchesMutants: the exhaustive explorer on akw1's mutants.
func TestExplorerCatchesMutants(t *testing.T) {
	exploretest.Mutants{Name: "akw1", Mutants: akw1.Mutants,
		New:     func(m string) (kernel.Algorithm, error) { a, err := akw1.NewMutant(m); return akw1.WithLemma3(a), err },
		Sizes:   []exploretest.Size{{N: 3, Requests: 1}, {N: 3, Requests: 1, LinkChanges: 1, Graph: "line"}, {N: 3, Requests: 2}, {N: 3, Requests: 1, LinkChanges: 1}},
		Options: explore.Options{MaxStates: 300_000},
		Want:    map[string]string{},
	}.Run(t)
}
