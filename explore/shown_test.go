package explore

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/algorithms"
	"github.com/mutexlab/mutexlab/algorithms/gme"
	"github.com/mutexlab/mutexlab/algorithms/hk"
	"github.com/mutexlab/mutexlab/algorithms/rl"
	"github.com/mutexlab/mutexlab/kernel"
)

// observed renders what a state shows of itself: every node's NodeState line, section and
// requests left, the messages in transit per link in order with every word, and the link
// changes left.
func observed(e *engine) string {
	var b strings.Builder
	for i := range int32(e.sc.N) {
		fmt.Fprintf(&b, "%s|%d|%d;", e.stater.NodeState(i), e.section(i), e.left[i])
	}
	transit := e.sim.InTransit(nil)
	slices.SortStableFunc(transit, func(x, y kernel.InFlight) int { // links are FIFO, nothing orders two links
		return cmp.Or(cmp.Compare(x.From, y.From), cmp.Compare(x.To, y.To))
	})
	for _, m := range transit {
		fmt.Fprintf(&b, "%d>%d:%d %d %d %d %d;", m.From, m.To, m.Msg.Type, m.Msg.A, m.Msg.B, m.Msg.C, m.Msg.D)
	}
	fmt.Fprintf(&b, "l%d", e.budget)
	return b.String()
}

// TestStateAppenderIsSound: the Reverse Link family writes its state through StateAppender
// (linkrev.Links), which recognises as one state what the memory's bytes take for several.
// Were it to leave out something a handler reads, the search would take two different states
// for one and never explore what follows the second: states it shows would be missing. So
// the search with it must show exactly the states, and find exactly the violations, of the
// search on the memory's bytes, in no more states.
func TestStateAppenderIsSound(t *testing.T) {
	type size struct{ n, requests, links int }
	cases := map[string]struct {
		New   func() kernel.Algorithm
		sizes []size // smallest first; under -short only the first
	}{
		"rl":  {func() kernel.Algorithm { return rl.New() }, []size{{3, 1, 1}, {3, 2, 0}}},
		"hk":  {func() kernel.Algorithm { return hk.New() }, []size{{3, 1, 1}}},
		"gme": {func() kernel.Algorithm { return gme.New() }, []size{{3, 1, 1}}}, // its resource draws make n=3 r=2 too large
	}
	for _, name := range slices.Sorted(maps.Keys(cases)) {
		sizes := cases[name].sizes
		if testing.Short() {
			sizes = sizes[:1]
		}
		for _, z := range sizes {
			edges, _ := Graph("ring", z.n, 1)
			sc := &Scenario{Algorithm: name, New: cases[name].New, N: z.n, Edges: edges, Requests: z.requests, LinkChanges: z.links, Seed: 1}
			shown := func(raw bool) (map[string]bool, *Result) {
				seen := map[string]bool{}
				r := runHooked(t, sc, Options{MaxStates: 2_000_000}, hooks{rawMemory: raw, onState: func(e *engine) { seen[observed(e)] = true }})
				return seen, r
			}
			exact, re := shown(false)
			raw, rr := shown(true)
			what := fmt.Sprintf("%s %s", name, sc.EdgesAndSize())
			if !maps.Equal(exact, raw) {
				t.Errorf("%s: %d states shown with StateAppender, %d on the memory's bytes", what, len(exact), len(raw))
			}
			if !slices.Equal(keys(re), keys(rr)) || Verdict(re) != Verdict(rr) && re.States == rr.States {
				t.Errorf("%s: violations %v with StateAppender, %v on the memory's bytes", what, keys(re), keys(rr))
			}
			if re.States > rr.States {
				t.Errorf("%s: %d states with StateAppender, more than the %d on the memory's bytes", what, re.States, rr.States)
			}
			t.Logf("%s: %d states with StateAppender, %d on the memory's bytes, %d shown", what, re.States, rr.States, len(exact))
		}
	}
}

// TestReductionShowsEveryState: sleep sets prune transitions, never states, as long as the
// steps footprint calls independent really commute. Had a rule been claimed too wide (a link
// change independent of a step at a third node, which rr's routing oracle sees), the search
// with sleep sets would never show some state the plain search shows. Every built-in
// algorithm but drs (whose priority draws make its space endless) on a ring with a link
// change (akw1 and akw2, whose spaces are larger, on a line: akw1 static, akw2 with a
// crash).
func TestReductionShowsEveryState(t *testing.T) {
	type size struct {
		graph                       string
		n, requests, links, crashes int
	}
	cases := []struct {
		name string
		size
	}{
		{"rl", size{"ring", 3, 1, 1, 0}}, {"rr", size{"ring", 3, 1, 1, 0}}, {"hk", size{"ring", 3, 1, 1, 0}},
		{"gme", size{"ring", 3, 1, 1, 0}}, {"cm", size{"ring", 3, 1, 1, 0}}, {"akw1", size{"line", 3, 1, 0, 0}},
		{"akw2", size{"line", 3, 1, 0, 1}},
	}
	for _, c := range cases {
		info, ok := algorithms.Lookup(c.name)
		if !ok {
			t.Fatalf("%s is not registered", c.name)
		}
		edges, _ := Graph(c.graph, c.n, 1)
		sc := &Scenario{Algorithm: c.name, New: info.New, N: c.n, Edges: edges, Requests: c.requests, LinkChanges: c.links, Crashes: c.crashes, Seed: 1}
		shown := func(plain bool) (map[string]bool, *Result) {
			seen := map[string]bool{}
			r := runHooked(t, sc, Options{NoReduction: plain}, hooks{onState: func(e *engine) { seen[observed(e)] = true }})
			return seen, r
		}
		reduced, rr := shown(false)
		plain, rp := shown(true)
		if !maps.Equal(reduced, plain) {
			t.Errorf("%s %s: %d states shown with sleep sets, %d without", c.name, sc.EdgesAndSize(), len(reduced), len(plain))
		}
		t.Logf("%s %s: %d states, %d transitions with sleep sets; %d, %d without; %d shown", c.name, sc.EdgesAndSize(), rr.States, rr.Transitions, rp.States, rp.Transitions, len(plain))
	}
}
