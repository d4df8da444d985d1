package akw2_test

import (
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/akw2"
	"github.com/mutexlab/mutexlab/explore"
	"github.com/mutexlab/mutexlab/explore/exploretest"
	"github.com/mutexlab/mutexlab/kernel"
)

// TestExplorerCatchesMutants: the exhaustive explorer on akw2's mutants: three nodes on a
// line with one request each, then with one link change (bounded at 64,000 states of its
// 176,481), then with one crash (15,722 states; Theorem 8's failure locality 2 excuses every
// node of it, so only safety is at stake).
func TestExplorerCatchesMutants(t *testing.T) {
	exploretest.Mutants{Name: "akw2", Mutants: akw2.Mutants,
		New: func(m string) (kernel.Algorithm, error) { return akw2.NewMutant(m) },
		Sizes: []exploretest.Size{{N: 3, Requests: 1, Graph: "line"}, {N: 3, Requests: 1, LinkChanges: 1, Graph: "line"},
			{N: 3, Requests: 1, Crashes: 1, Graph: "line"}},
		Short:   1,
		Options: explore.Options{MaxStates: 64_000},
		Want: map[string]string{
			"no-lower-on-release":   "deadlock at 1",
			"ignore-notify":         "-", // response time only (mutation_test.go)
			"prio-keeps-eats":       "deadlock at 1",
			"eat-with-senior-forks": "safety violation at 0",
			"ignore-eats":           "safety violation at 1",
			"eater-yields":          "safety violation at 1",
			"keep-junior-forks":     "-", // failure locality only: no node is 3 hops from a crash here (a line of 4, 724,285 states: none)
			"no-flag":               "-", // failure locality only, as keep-junior-forks (a line of 4: 854,717 states, none)
			"fork-at-both-ends":     "safety violation at 1",
		},
	}.Run(t)
}
