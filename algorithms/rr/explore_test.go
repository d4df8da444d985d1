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
		Options: explore.Options{MaxStates: 300_000},
		Want:    map[string]string{},
	}.Run(t)
}
