package hk_test

import (
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/hk"
	"github.com/mutexlab/mutexlab/explore"
	"github.com/mutexlab/mutexlab/explore/exploretest"
	"github.com/mutexlab/mutexlab/kernel"
)

// TestExplorerCatchesMutants: the exhaustive explorer on hk's mutants.
func TestExplorerCatchesMutants(t *testing.T) {
	exploretest.Mutants{Name: "hk", Mutants: hk.Mutants,
		New:     func(m string) (kernel.Algorithm, error) { return hk.NewMutant(m) },
		Sizes:   []exploretest.Size{{N: 3, Requests: 1, Params: twoOfK}, {N: 3, Requests: 1, LinkChanges: 1}},
		Short:   1,
		Options: explore.Options{MaxStates: 300_000},
		Want: map[string]string{
			"ignore-t":               "-",
			"drop-release":           "-",
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
