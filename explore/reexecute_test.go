package explore

import (
	"slices"
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/rr"
	"github.com/mutexlab/mutexlab/kernel"
)

// TestReexecutionIsExact: the search re-executes every path on the one simulator it reuses
// (kernel.Sim.ScriptAgain). A state it reaches late, after thousands of re-executions and
// link changes, must have the fingerprint it has on a new simulator. rr is the case to
// check: its messages and memory carry the topology's version, which a reused simulator
// would carry on from trial to trial if ScriptAgain did not restart it.
func TestReexecutionIsExact(t *testing.T) {
	edges, _ := Graph("ring", 3, 1)
	sc := &Scenario{Algorithm: "rr", New: func() kernel.Algorithm { return rr.New() }, N: 3, Edges: edges, Requests: 1, LinkChanges: 1, Seed: 1}
	type seen struct {
		path []Step
		fp   [2]uint64
	}
	var states []seen
	runHooked(t, sc, Options{}, hooks{onState: func(e *engine) { states = append(states, seen{slices.Clone(e.path), e.fingerprint()}) }})
	if len(states) < 1000 {
		t.Fatalf("only %d states: too few to test re-execution", len(states))
	}
	checked := 0
	for k := len(states) - 1; k >= 0; k -= 97 {
		e := newEngine(sc, false)
		if err := e.reset(); err != nil {
			t.Fatal(err)
		}
		if err := e.goTo(states[k].path); err != nil {
			t.Fatalf("%v: %v", states[k].path, err)
		}
		if fp := e.fingerprint(); fp != states[k].fp {
			t.Fatalf("state %d (%v): another fingerprint on a new simulator", k, states[k].path)
		}
		checked++
	}
	t.Logf("%d states, %d checked on a new simulator", len(states), checked)
}
