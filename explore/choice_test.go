package explore

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/gme"
	"github.com/mutexlab/mutexlab/kernel"
)

// TestRequestChoices: with two resources every request of gme may ask for either one
// (kernel.RequestChooser), so each idle node has two request steps, every node asks for each
// resource on some explored path, and the reduction still finds what the plain search finds.
func TestRequestChoices(t *testing.T) {
	edges, _ := Graph("ring", 3, 1)
	sc := &Scenario{Algorithm: "gme", New: func() kernel.Algorithm { return gme.New() }, Params: map[string]float64{gme.ParamM: 2},
		N: 3, Edges: edges, Requests: 1, Seed: 1}
	e := newEngine(sc, false)
	if err := e.reset(); err != nil {
		t.Fatal(err)
	}
	var first []string
	for _, s := range e.enabled(nil) {
		first = append(first, s.String())
	}
	if got, want := strings.Join(first, ", "), "request 0 choice 0, request 0 choice 1, request 1 choice 0, request 1 choice 1, request 2 choice 0, request 2 choice 1"; got != want {
		t.Errorf("steps enabled at the start: %s, want %s", got, want)
	}

	asked := map[string]bool{}
	r := runHooked(t, sc, Options{}, hooks{onState: func(e *engine) {
		for i := range int32(sc.N) {
			if line := e.stater.NodeState(i); strings.HasPrefix(line, "ES ") {
				asked[fmt.Sprintf("%d %s", i, strings.Fields(line)[1])] = true
			}
		}
	}})
	for i := range sc.N {
		for res := range 2 {
			if !asked[fmt.Sprintf("%d R=%d", i, res)] {
				t.Errorf("node %d never waits for resource %d in the %d states explored", i, res, r.States)
			}
		}
	}
	compareSearches(t, sc, false)
}
