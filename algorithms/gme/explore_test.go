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
// ignore-received-li needs two requests and a link change: the search catches it there
// (n = 3) within 3,000,000 states, beyond this test's bound.
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
