package gme_test

import (
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/gme"
	"github.com/mutexlab/mutexlab/explore"
	"github.com/mutexlab/mutexlab/explore/exploretest"
	"github.com/mutexlab/mutexlab/kernel"
)

// TestExplorerCatchesMutants: the exhaustive explorer on gme's mutants.
func TestExplorerCatchesMutants(t *testing.T) {
	exploretest.Mutants{Name: "gme", Mutants: gme.Mutants,
		New:     func(m string) (kernel.Algorithm, error) { return gme.NewMutant(m) },
		Sizes:   []exploretest.Size{{N: 3, Requests: 1, Params: twoResources}, {N: 3, Requests: 1, LinkChanges: 1}},
		Short:   1,
		Options: explore.Options{MaxStates: 300_000},
		Want: map[string]string{
			"other-resource-subtoken": "-",
			"drop-last-piece":         "deadlock at 0",
			"end-session-early":       "-",
			"holder-enters-at-once":   "-",
			"no-rerequest-after-drop": "-",
			"skip-raise-height":       "deadlock at 1",
			"ignore-received-li":      "-",
			"no-request-after-token":  "deadlock at 0",
			"highest-neighbour":       "deadlock at 0",
			"keep-q-on-link-down":     "panic at 1",
		},
	}.Run(t)
}

var twoResources = map[string]float64{gme.ParamM: 2}
