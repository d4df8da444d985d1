package hk_test

import (
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/hk"
	"github.com/mutexlab/mutexlab/explore"
	"github.com/mutexlab/mutexlab/explore/exploretest"
	"github.com/mutexlab/mutexlab/kernel"
)

// TestExplorerCatchesMutants: the exhaustive explorer on hk's mutants. With h drawn from
// 1..2 every request's h is a choice the search explores (kernel.RequestChooser).
// fifo-queue only reorders the queue (mutation_test.go); ignore-received-li needs two
// requests and a link change, beyond this test's bound (TestExplorerCatchesMutantsDeep).
func TestExplorerCatchesMutants(t *testing.T) {
	exploretest.Mutants{Name: "hk", Mutants: hk.Mutants,
		New:     func(m string) (kernel.Algorithm, error) { return hk.NewMutant(m) },
		Sizes:   []exploretest.Size{{N: 3, Requests: 1, Params: twoOfK}, {N: 3, Requests: 1, LinkChanges: 1}},
		Short:   1,
		Options: explore.Options{MaxStates: 300_000},
		Want: map[string]string{
			"ignore-t":               "safety violation at 0",
			"drop-release":           "deadlock at 0",
			"fifo-queue":             "-",
			"skip-raise-height":      "deadlock at 1",
			"ignore-received-li":     "-",
			"no-request-after-token": "deadlock at 0",
			"highest-neighbour":      "deadlock at 0",
			"keep-q-on-link-down":    "invariant violation at 1",
		},
	}.Run(t)
}

var twoOfK = map[string]float64{hk.ParamK: 2, hk.ParamH: 0}

// TestExplorerCatchesMutantsDeep: ignore-received-li, past the bound above, on the
// scenario that catches it: two requests and a link change, h = 1 of k = 2
// (EXPLORE_DEEP=1; about 2 minutes: the real hk's 1,775,705 states, then the mutant's).
func TestExplorerCatchesMutantsDeep(t *testing.T) {
	exploretest.Deep(t)
	exploretest.Mutants{Name: "hk", Mutants: exploretest.Only(hk.Mutants, "ignore-received-li"),
		New:     func(m string) (kernel.Algorithm, error) { return hk.NewMutant(m) },
		Sizes:   []exploretest.Size{{N: 3, Requests: 2, LinkChanges: 1, Params: map[string]float64{hk.ParamK: 2, hk.ParamH: 1}}},
		Options: explore.Options{MaxStates: 3_000_000},
		Want:    map[string]string{"ignore-received-li": "deadlock at 0"},
	}.Run(t)
}
