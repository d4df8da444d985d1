package gme_test

import (
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/gme"
	"github.com/mutexlab/mutexlab/explore"
	"github.com/mutexlab/mutexlab/explore/exploretest"
	"github.com/mutexlab/mutexlab/kernel"
)

// TestExplorerCatchesMutants: the exhaustive explorer on gme's mutants. With two resources
// every request's resource is a choice the search explores (kernel.RequestChooser).
// ignore-received-li needs two requests and a link change, beyond this test's bound
// (TestExplorerCatchesMutantsDeep).
func TestExplorerCatchesMutants(t *testing.T) {
	exploretest.Mutants{Name: "gme", Mutants: gme.Mutants,
		New:     func(m string) (kernel.Algorithm, error) { return gme.NewMutant(m) },
		Sizes:   []exploretest.Size{{N: 3, Requests: 1, Params: twoResources}, {N: 3, Requests: 1, LinkChanges: 1}, {N: 3, Requests: 2, Params: twoResources}},
		Short:   1,
		Options: explore.Options{MaxStates: 300_000},
		Want: map[string]string{
			"other-resource-subtoken": "safety violation at 0",
			"drop-last-piece":         "deadlock at 0",
			"end-session-early":       "safety violation at 0",
			"holder-enters-at-once":   "safety violation at 2",
			"no-rerequest-after-drop": "deadlock at 0",
			"skip-raise-height":       "deadlock at 1",
			"ignore-received-li":      "-",
			"no-request-after-token":  "deadlock at 0",
			"highest-neighbour":       "deadlock at 0",
			"keep-q-on-link-down":     "panic at 1",
		},
	}.Run(t)
}

var twoResources = map[string]float64{gme.ParamM: 2}

// TestExplorerCatchesMutantsDeep: ignore-received-li, past the bound above, on the
// scenario that catches it: two requests and a link change (EXPLORE_DEEP=1; about 2
// minutes: the real gme's 2,626,171 states, then the mutant's).
func TestExplorerCatchesMutantsDeep(t *testing.T) {
	exploretest.Deep(t)
	exploretest.Mutants{Name: "gme", Mutants: exploretest.Only(gme.Mutants, "ignore-received-li"),
		New:     func(m string) (kernel.Algorithm, error) { return gme.NewMutant(m) },
		Sizes:   []exploretest.Size{{N: 3, Requests: 2, LinkChanges: 1}},
		Options: explore.Options{MaxStates: 3_000_000},
		Want:    map[string]string{"ignore-received-li": "deadlock at 0"},
	}.Run(t)
}
