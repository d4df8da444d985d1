package cli

import (
	"context"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestExhaustiveSetReachesTheAlgorithm: --set gives the algorithm its parameters, which
// the first line shows and which change what is explored (hk with one resource asked for
// every time, of two, against the default draw of h).
func TestExhaustiveSetReachesTheAlgorithm(t *testing.T) {
	states := regexp.MustCompile(`with sleep sets: (\d+) states`)
	explore := func(set ...string) (string, string) {
		args := append([]string{"check", "exhaustive", "--algo", "hk", "--n", "3", "--requests", "1"}, set...)
		var code int
		out := captureStdout(t, func() { code = run(context.Background(), args) })
		m := states.FindStringSubmatch(out)
		if code != exitOK || m == nil || !strings.Contains(out, "VERIFIED") {
			t.Fatalf("%v: exit %d\n%s", args, code, out)
		}
		return out, m[1]
	}
	out, withSet := explore("--set", "k=2", "--set", "h=1")
	if !strings.Contains(out, "seed 1, k=2 h=1\n") {
		t.Errorf("the first line does not name the parameters:\n%s", out)
	}
	if _, without := explore(); without == withSet {
		t.Errorf("--set k=2 --set h=1 explored as many states as the defaults (%s)", without)
	}
	// h = 0 draws h from 1..k: a value the registry has no column for, read all the same; every
	// h is a choice the search explores, so there are more states than with h fixed.
	if _, drawn := explore("--set", "k=2", "--set", "h=0"); atoi(t, drawn) <= atoi(t, withSet) {
		t.Errorf("--set h=0 explored %s states, h=1 %s: not every h was explored", drawn, withSet)
	}
}

// TestExhaustiveEveryDraw: --draws every explores every priority drs may draw, without
// sleep sets, and verifies n = 2 on a line: every request served with probability 1.
func TestExhaustiveEveryDraw(t *testing.T) {
	var code int
	args := []string{"check", "exhaustive", "--algo", "drs", "--n", "2", "--requests", "1", "--graph", "line", "--set", "k_priorities=2", "--draws", "every"}
	out := captureStdout(t, func() { code = run(context.Background(), args) })
	if code != exitOK || !strings.Contains(out, "plain search (no sleep sets): 441 states") || !strings.Contains(out, "verdict: VERIFIED") {
		t.Errorf("%v: exit %d\n%s", args, code, out)
	}
}

// TestExhaustiveCommandRepeatsTheScenario: the command a counterexample's script names
// carries the parameters and the draws, so that it explores the same scenario again.
func TestExhaustiveCommandRepeatsTheScenario(t *testing.T) {
	f := exhaustiveFlags{algo: "drs", graph: "line", n: 2, requests: 1, maxStates: 10, seed: 1, draws: "every", set: setFlags{"k_priorities=2"}}
	sc, err := f.scenario()
	if err != nil {
		t.Fatal(err)
	}
	want := "bench check exhaustive --algo drs --n 2 --requests 1 --link-changes 0 --crashes 0 --graph line --seed 1 --set k_priorities=2 --draws every"
	if got := f.command(sc); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	x, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return x
}
