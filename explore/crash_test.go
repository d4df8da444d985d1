package explore

import (
	"slices"
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/akw2"
	"github.com/mutexlab/mutexlab/algorithms/cm"
	"github.com/mutexlab/mutexlab/algotest"
	"github.com/mutexlab/mutexlab/kernel"
)

func crashScenario(name string, newAlgo func() kernel.Algorithm, graph string, n, requests, crashes int) *Scenario {
	edges, _ := Graph(graph, n, 1)
	return &Scenario{Algorithm: name, New: newAlgo, N: n, Edges: edges, Requests: requests, Crashes: crashes, Seed: 1}
}

// TestCrashesAreSound: with crash steps, sleep sets and hashing find exactly the violations
// and the verdict of the plain search, on cm (a ring) and akw2 (a line: its ring has 800,000
// states, too many for a test), 3 nodes, 1 request each, 1 crash,
// and on the coordinator; the crash property "a node crashes while its request is pending"
// is reached; a false failure locality claim is caught as a deadlock of a node two hops from
// the crash, which the kernel's rule (any crash it can reach) excuses.
func TestCrashesAreSound(t *testing.T) {
	newCM := func() kernel.Algorithm { return cm.New() }
	newAKW2 := func() kernel.Algorithm { return akw2.New() }
	local := func() kernel.Algorithm { return localCoordinator{&coordinator{}} }
	cases := []struct {
		sc     *Scenario
		broken bool
	}{
		{crashScenario("cm", newCM, "ring", 3, 1, 1), false},
		{crashScenario("akw2", newAKW2, "line", 3, 1, 1), false},
		{toyScenario("", 3, 1), false},
		{&Scenario{Algorithm: "coordinator", New: local, N: 3, Edges: star(3), Requests: 1, Seed: 1}, true},
		{toyScenario("drop-busy", 3, 1), true},
	}
	for _, c := range cases {
		c.sc.Crashes = 1
		name, por, plain := compareSearches(t, c.sc, c.broken)
		if !c.broken && !por.Verified() {
			t.Errorf("%s: %s", name, Verdict(por))
		}
		reached := false
		for _, s := range por.Sometimes {
			reached = reached || s.Name == "a node crashes while its request is pending" && s.Reached
		}
		if !reached {
			t.Errorf("%s: no crash of a waiting node reached: %v", name, por.Sometimes)
		}
		t.Logf("%s: %d states, %d/%d transitions (sleep sets/plain), %s", name, por.States, por.Transitions, plain.Transitions, keys(por))
	}
}

// TestCrashCounterexample: the false locality claim's deadlock replays in the scenario-script
// player (the crash included) exactly as the explorer wrote it; the same scenario without
// the claim has no violation (the kernel's rule excuses every node a crash can reach).
func TestCrashCounterexample(t *testing.T) {
	local := &Scenario{Algorithm: "coordinator", New: func() kernel.Algorithm { return localCoordinator{&coordinator{}} },
		N: 3, Edges: star(3), Requests: 1, Crashes: 1, Seed: 1}
	r := run(t, local, Options{})
	if got := keys(r); !slices.Equal(got, []string{"deadlock [1]", "deadlock [2]"}) {
		t.Fatalf("violations %v, want the deadlock of either leaf", got)
	}
	v := Shorten(local, r.Violations[0])
	script := Script(local, v, nil)
	if !strings.Contains(script, "crashes\n") {
		t.Errorf("no crash in the counterexample:\n%s", script)
	}
	got, err := algotest.Play("local", script, algotest.Subject{Algo: localCoordinator{&coordinator{}}})
	if err != nil {
		t.Fatal(err)
	}
	if d := algotest.FirstDifference(script, got); d != "" {
		t.Errorf("the player prints otherwise: %s\n%s", d, script)
	}
	t.Logf("\n%s", script)
}

// TestMessageBound: a declared bound of messages per request is checked at terminal states
// where every request was served: the coordinator keeps its bound of 3, its chatty mutant (6
// a request) is caught with a counterexample that replays, with and without sleep sets.
func TestMessageBound(t *testing.T) {
	bounded := func(mode string) *Scenario {
		return &Scenario{Algorithm: "coordinator", New: func() kernel.Algorithm { return boundedCoordinator{&coordinator{mode: mode}} },
			N: 3, Edges: star(3), Requests: 2, Seed: 1}
	}
	if r := run(t, bounded(""), Options{}); !r.Verified() {
		t.Errorf("the coordinator within its bound: %s %v", Verdict(r), keys(r))
	}
	for _, opt := range []Options{{}, {NoReduction: true}} {
		sc := bounded("chatty")
		r := run(t, sc, opt)
		if got := keys(r); !slices.Equal(got, []string{msgBoundMsg}) {
			t.Fatalf("chatty, %+v: violations %v, want %q", opt, got, msgBoundMsg)
		}
		v := Shorten(sc, r.Violations[0])
		script := Script(sc, v, nil)
		got, err := algotest.Play("chatty", script, algotest.Subject{Algo: boundedCoordinator{&coordinator{mode: "chatty"}}})
		if err != nil {
			t.Fatal(err)
		}
		if d := algotest.FirstDifference(script, got); d != "" {
			t.Errorf("the player prints otherwise: %s\n%s", d, script)
		}
		if _, err := Page(sc, v, "chatty"); err != nil {
			t.Errorf("page: %v", err)
		}
		t.Logf("%v after %d steps", v.Err, len(v.Path))
	}
	// Without the bound declared, the chatty coordinator passes: the check is the claim's.
	plain := toyScenario("chatty", 3, 2)
	if r := run(t, plain, Options{}); !r.Verified() {
		t.Errorf("chatty without a bound: %s", Verdict(r))
	}
}
