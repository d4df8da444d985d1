package akw1_test

import (
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/akw1"
	"github.com/mutexlab/mutexlab/kernel"
)

// TestInDoorway: a node is in a doorway only while it runs a doorway's entry code (section
// 3: it crosses the doorway when it completes the entry code). On the path 0-1, node 0 asks
// first and crosses AD^r and SD^r at once (its neighbour is outside both): recolouring
// behind them, it is in no doorway. Node 1 asks once 0's notices have arrived, sees 0 behind
// AD^r and waits at AD^r's entry: in a doorway, until 0 leaves AD^r. At every step of the
// trial, InDoorway agrees with the node's line ("entering ...").
func TestInDoorway(t *testing.T) {
	p := kernel.DefaultParams()
	p.N, p.Seed = 2, 1
	sim, a := kernel.NewSim(), akw1.New()
	if err := sim.Script(p, a, [][2]int32{{0, 1}}); err != nil {
		t.Fatal(err)
	}
	agree := func(when string) {
		t.Helper()
		for i := range int32(2) {
			if line := a.NodeState(i); a.InDoorway(i) != strings.Contains(line, "(entering ") {
				t.Errorf("%s: node %d: InDoorway %v, but its line is %q", when, i, a.InDoorway(i), line)
			}
		}
	}
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(sim.RequestCS(0))
	for range 2 { // door(AD^r), door(AD^r,SD^r)
		_, err := sim.DeliverFrom(1, 0)
		must(err)
	}
	must(sim.RequestCS(1))
	if a.InDoorway(0) || !a.InDoorway(1) {
		t.Fatalf("node 0 %q (want in no doorway), node 1 %q (want in AD^r's)", a.NodeState(0), a.NodeState(1))
	}
	agree("after both requests")
	left := false // node 1 left AD^r's entry code while hungry
	for sim.Step() {
		agree("at " + a.NodeState(0) + " / " + a.NodeState(1))
		left = left || !a.InDoorway(1) && !sim.InCS(1) && sim.Waiting(1)
		for i := range int32(2) {
			if sim.InCS(i) {
				must(sim.ReleaseCS(i))
			}
		}
	}
	must(sim.Err())
	if !left {
		t.Error("node 1 never crossed AD^r")
	}
}
