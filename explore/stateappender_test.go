package explore

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

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
				r := run(t, sc, Options{rawMemory: raw, MaxStates: 2_000_000, onState: func(e *engine) { seen[observed(e)] = true }})
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
