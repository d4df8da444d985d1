package nt_test

import (
	"testing"

	"github.com/mutexlab/mutexlab/examples/naimitrehel/nt"
	"github.com/mutexlab/mutexlab/explore"
	"github.com/mutexlab/mutexlab/explore/exploretest"
	"github.com/mutexlab/mutexlab/kernel"
)

// TestExplorerCatchesMutants: the exhaustive explorer (package explore), on this module's
// algorithm as on a built-in, explores every mutant on small scenarios until one shows a
// violation; the real algorithm shows none there, and a counterexample replays as a
// scenario script.
func TestExplorerCatchesMutants(t *testing.T) {
	t.Parallel()
	exploretest.Mutants{Name: nt.Name, Mutants: nt.Mutants,
		New:     func(m string) (kernel.Algorithm, error) { return nt.NewMutant(m) },
		Sizes:   []exploretest.Size{{N: 3, Requests: 1}, {N: 3, Requests: 2, LinkChanges: 1}},
		Options: explore.Options{MaxStates: 100_000},
		Want: map[string]string{
			"no-reversal":            "safety violation at 0",
			"keep-last":              "invariant violation at 0",
			"keep-next":              "safety violation at 1",
			"drop-next":              "deadlock at 0",
			"grant-while-requesting": "safety violation at 0",
			"forward-as-self":        "safety violation at 0",
		},
	}.Run(t)
}
