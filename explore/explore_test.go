package explore

import (
	"context"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/rl"
	"github.com/mutexlab/mutexlab/algotest"
	"github.com/mutexlab/mutexlab/kernel"
)

func star(n int) [][2]int32 {
	var edges [][2]int32
	for i := 1; i < n; i++ {
		edges = append(edges, [2]int32{0, int32(i)})
	}
	return edges
}

func toyScenario(mode string, n, requests int) *Scenario {
	return &Scenario{Algorithm: "coordinator", New: newCoordinator(mode), N: n, Edges: star(n), Requests: requests, Seed: 1}
}

func rlScenario(n, requests, links int) *Scenario {
	edges, _ := Graph("ring", n, 1)
	return &Scenario{Algorithm: "rl", New: func() kernel.Algorithm { return rl.New() }, N: n, Edges: edges, Requests: requests, LinkChanges: links, Seed: 1}
}

func run(t *testing.T, sc *Scenario, opt Options) *Result {
	t.Helper()
	return runHooked(t, sc, opt, hooks{})
}

// runHooked is run with the tests' hooks.
func runHooked(t *testing.T, sc *Scenario, opt Options, h hooks) *Result {
	t.Helper()
	r, err := runSearch(context.Background(), sc, opt, h)
	if err != nil {
		t.Fatal(err)
	}
	if r.Limit != "" {
		t.Fatalf("%s: the search stopped at %s", sc.Algorithm, r.Limit)
	}
	return r
}

func keys(r *Result) []string {
	var k []string
	for _, v := range r.Violations {
		k = append(k, v.Key)
	}
	slices.Sort(k)
	return k
}

// TestReductionIsSound: sleep sets and state hashing find exactly the violations, and the
// verdict, of the plain search, on a correct algorithm and on mutants that break safety and
// liveness. Without hashing (a tree search) the toy scenarios are small enough to compare too.
func TestReductionIsSound(t *testing.T) {
	cases := []struct {
		sc     *Scenario
		tree   bool // small enough for the search without hashing
		broken bool
	}{
		{toyScenario("", 3, 1), true, false},
		{toyScenario("grant-all", 3, 1), true, true},
		{toyScenario("drop-busy", 3, 1), true, true},
		{toyScenario("", 3, 2), false, false},
		{toyScenario("grant-all", 3, 2), false, true},
		{toyScenario("drop-busy", 4, 1), false, true},
		{rlScenario(3, 1, 0), false, false},
		{rlScenario(3, 1, 1), false, false},
	}
	for _, c := range cases {
		name, por, plain := compareSearches(t, c.sc, c.broken)
		if por.Transitions >= plain.Transitions {
			t.Errorf("%s: sleep sets ran %d transitions, the plain search %d: no reduction", name, por.Transitions, plain.Transitions)
		}
		if c.tree {
			tree := run(t, c.sc, Options{NoReduction: true, NoHashing: true, MaxDepth: 1000})
			if got, want := keys(por), keys(tree); !slices.Equal(got, want) {
				t.Errorf("%s: with sleep sets and hashing %v, tree search %v", name, got, want)
			}
		}
		t.Logf("%s: %d states, %d/%d transitions (sleep sets/plain), %s", name, por.States, por.Transitions, plain.Transitions, keys(por))
	}
}

// compareSearches runs sc with and without sleep sets and fails t unless both find the same
// violations and verdict, and violations exactly when the scenario is broken.
func compareSearches(t *testing.T, sc *Scenario, broken bool) (name string, por, plain *Result) {
	t.Helper()
	name = sc.Algorithm + "/" + sc.EdgesAndSize()
	por = run(t, sc, Options{})
	plain = run(t, sc, Options{NoReduction: true})
	if got, want := keys(por), keys(plain); !slices.Equal(got, want) || Verdict(por)[:8] != Verdict(plain)[:8] {
		t.Errorf("%s: with sleep sets %v (%s), plain %v (%s)", name, got, Verdict(por), want, Verdict(plain))
	}
	if broken != (len(por.Violations) > 0) {
		t.Errorf("%s: violations %v, want some: %v", name, keys(por), broken)
	}
	return name, por, plain
}

// TestCounterexampleReplays: a violation's script, played by the scenario-script player
// (algotest), prints exactly what the explorer wrote, the violation included; the
// viewer page opens at it.
func TestCounterexampleReplays(t *testing.T) {
	for mode, want := range map[string]string{"grant-all": "error: safety violation", "drop-busy": "check\n----\nok: in the CS [], waiting [",
		"retry": "# the last 2 steps came back to the state before them"} {
		sc := toyScenario(mode, 3, 2)
		r := run(t, sc, Options{})
		if len(r.Violations) == 0 {
			t.Fatalf("%s: no violation found", mode)
		}
		found := r.Violations[0]
		if mode == "retry" { // it deadlocks node 0 too, in fewer steps
			found = *violationOf(r, "livelock")
		}
		v := Shorten(sc, found)
		if len(v.Path) > len(found.Path) {
			t.Errorf("%s: shortened to %d steps from %d", mode, len(v.Path), len(found.Path))
		}
		script := Script(sc, v, []string{"counterexample"})
		if !strings.Contains(script, want) {
			t.Errorf("%s: the script does not show the violation (%q):\n%s", mode, want, script)
		}
		got, err := algotest.Play(mode, script, algotest.Subject{Algo: newCoordinator(mode)()})
		if err != nil {
			t.Fatal(err)
		}
		if d := algotest.FirstDifference(script, got); d != "" {
			t.Errorf("%s: the player prints otherwise: %s\n%s", mode, d, script)
		}
		page, err := Page(sc, v, mode)
		if err != nil {
			t.Fatal(err)
		}
		if page.Failure == nil || page.OpenAt != len(page.Events.Kind) {
			t.Errorf("%s: the page does not open at the violation (failure %v, open at %d of %d)", mode, page.Failure, page.OpenAt, len(page.Events.Kind))
		}
		t.Logf("%s:\n%s", mode, script)
	}
}

// TestSometimes: the "sometimes" properties are reported, and an unreached one (here, node
// 1 and node 2 never enter: a request needs three steps to be served) keeps a search that
// found nothing from verifying.
func TestSometimes(t *testing.T) {
	r, err := Run(context.Background(), toyScenario("", 3, 1), Options{MaxDepth: 2})
	if err != nil {
		t.Fatal(err)
	}
	r.Limit = "" // as if it had explored everything: only the sometimes properties decide
	if r.Verified() || !strings.HasPrefix(Verdict(r), "NOT VERIFIED") {
		t.Errorf("nodes 1 and 2 never entered and the verdict is %s", Verdict(r))
	}
	r = run(t, rlScenario(3, 1, 1), Options{})
	got := map[string]bool{}
	for _, s := range r.Sometimes {
		got[s.Name] = s.Reached
	}
	if len(got) != 4 || !got["a link changes while a message is in transit"] || !r.Verified() {
		t.Errorf("rl, 3 nodes, 1 link change: sometimes %v, verdict %s", got, Verdict(r))
	}
}

// TestLimitIsNotAPass: a search stopped by a bound is never verified.
func TestLimitIsNotAPass(t *testing.T) {
	r, err := Run(context.Background(), rlScenario(3, 1, 0), Options{MaxStates: 50})
	if err != nil {
		t.Fatal(err)
	}
	if r.Limit == "" || r.Verified() || !strings.HasPrefix(Verdict(r), "EXPLORED UP TO") {
		t.Errorf("limit %q, verdict %s", r.Limit, Verdict(r))
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r, _ = Run(ctx, rlScenario(3, 1, 0), Options{})
	if r.Limit != "interrupted" {
		t.Errorf("a cancelled search stopped at %q", r.Limit)
	}
}

// BenchmarkExplore reports the search's speed on rl, 3 nodes in a ring, one request each.
func BenchmarkExplore(b *testing.B) {
	sc := rlScenario(3, 1, 0)
	var states int64
	var secs float64
	for b.Loop() {
		r, err := Run(context.Background(), sc, Options{})
		if err != nil {
			b.Fatal(err)
		}
		states += r.States
		secs += r.Elapsed.Seconds()
	}
	b.ReportMetric(float64(states)/secs, "states/s")
}

// BenchmarkExploreMemory reports the heap a search holds per state at its peak (the
// fingerprint table and the stored sleep sets, which grow with the states; sampled every
// 16,384 states), on rl, 3 nodes in a ring, two requests each, one link change: 208,064
// states. --max-states is priced by it.
func BenchmarkExploreMemory(b *testing.B) {
	sc := rlScenario(3, 2, 1)
	for b.Loop() {
		var peak uint64
		var ms runtime.MemStats
		var n int64
		r, err := runSearch(context.Background(), sc, Options{}, hooks{onState: func(*engine) {
			if n++; n%16384 == 0 {
				runtime.ReadMemStats(&ms)
				peak = max(peak, ms.HeapInuse)
			}
		}})
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(peak)/float64(r.States), "heap-B/state")
	}
}

// TestProgress: a search of a few seconds tells Options.Progress what it has explored,
// about once a second, never more than it ends with.
func TestProgress(t *testing.T) {
	var told []Result
	r := run(t, rlScenario(3, 2, 1), Options{Progress: func(so Result) { told = append(told, so) }})
	if len(told) < int(r.Elapsed.Seconds())-1 || len(told) > int(r.Elapsed.Seconds())+1 {
		t.Errorf("told %d times in %v, want about once a second", len(told), r.Elapsed)
	}
	for k, so := range told {
		if so.States > r.States || so.Transitions > r.Transitions || k > 0 && so.States < told[k-1].States || so.Elapsed <= 0 {
			t.Errorf("progress %d: %d states, %d transitions at %v; the search ended at %d, %d", k, so.States, so.Transitions, so.Elapsed, r.States, r.Transitions)
		}
	}
}

// TestFirstAt: a violation records how many states the search had explored when it first
// found it; a bound of one state more finds it again, one fewer does not.
func TestFirstAt(t *testing.T) {
	for _, mode := range []string{"grant-all", "drop-busy"} {
		sc := toyScenario(mode, 4, 1)
		r := run(t, sc, Options{})
		if len(r.Violations) == 0 {
			t.Fatalf("%s: no violation", mode)
		}
		first := r.Violations[0]
		if first.FirstAt < 1 || first.FirstAt > r.States {
			t.Fatalf("%s: first found at state %d of %d", mode, first.FirstAt, r.States)
		}
		found := func(bound int64) bool {
			b, err := Run(context.Background(), sc, Options{MaxStates: int(bound)})
			if err != nil {
				t.Fatal(err)
			}
			return slices.ContainsFunc(b.Violations, func(v Violation) bool { return v.Key == first.Key })
		}
		if !found(first.FirstAt+1) || first.FirstAt > 1 && found(first.FirstAt-1) {
			t.Errorf("%s: %s first at state %d, but a bound of %d states finds it: %v, of %d: %v", mode, first.Key,
				first.FirstAt, first.FirstAt+1, found(first.FirstAt+1), first.FirstAt-1, found(first.FirstAt-1))
		}
	}
}
