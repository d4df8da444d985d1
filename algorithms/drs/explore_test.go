package drs_test

import (
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/drs"
	"github.com/mutexlab/mutexlab/explore"
	"github.com/mutexlab/mutexlab/explore/exploretest"
	"github.com/mutexlab/mutexlab/kernel"
)

// TestExplorerCatchesMutants: the exhaustive explorer on drs's mutants.
func TestExplorerCatchesMutants(t *testing.T) {
	exploretest.Mutants{Name: "drs", Mutants: drs.Mutants,
		New: func(m string) (kernel.Algorithm, error) { return drs.NewMutant(m) },
		Sizes: []exploretest.Size{{N: 3, Requests: 1}, {N: 3, Requests: 1, LinkChanges: 1}, {N: 3, Requests: 1, LinkChanges: 1, Graph: "line"},
			{N: 2, Requests: 1, Graph: "line", Params: map[string]float64{drs.ParamK: 2}, EveryDraw: true}},
		Short:   1,
		Options: explore.Options{MaxStates: 20_000, MaxDepth: 200},
		Want: map[string]string{
			"ignore-lock":     "safety violation at 0",
			"literal-listing": "deadlock at 0",
			"late-win-true":   "safety violation at 0",
			"keep-lock":       "livelock at 3",
			"request-twice":   "safety violation at 0",
			"forget-port":     "invariant violation at 1",
			"enter-early":     "safety violation at 0",
		},
	}.Run(t)
}
