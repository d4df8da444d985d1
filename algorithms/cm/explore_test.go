package cm_test

import (
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/cm"
	"github.com/mutexlab/mutexlab/explore"
	"github.com/mutexlab/mutexlab/explore/exploretest"
	"github.com/mutexlab/mutexlab/kernel"
)

// TestExplorerCatchesMutants: the exhaustive explorer on cm's mutants.
func TestExplorerCatchesMutants(t *testing.T) {
	exploretest.Mutants{Name: "cm", Mutants: cm.Mutants,
		New: func(m string) (kernel.Algorithm, error) { return cm.NewMutant(m) },
		Sizes: []exploretest.Size{{N: 3, Requests: 1}, {N: 3, Requests: 1, LinkChanges: 1}, {N: 3, Requests: 1, LinkChanges: 1, Graph: "line"},
			{N: 3, Requests: 2, LinkChanges: 1, Graph: "line"}}, // the real cm's link-up rule failed here once (testdata/linkup-while-eating.txt)
		Options: explore.Options{MaxStates: 300_000},
		Want: map[string]string{
			"eat-without-all-forks": "safety violation at 0",
			"no-dirty-after-eating": "deadlock at 0",
			"yield-clean-fork":      "livelock at 0",
			"drop-deferred-request": "deadlock at 0",
			"no-fork-at-link-up":    "deadlock at 2",
			"place-by-id":           "deadlock at 3",
		},
	}.Run(t)
}
