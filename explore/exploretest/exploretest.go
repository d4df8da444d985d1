// Package exploretest runs the exhaustive explorer (package explore) against an algorithm's
// mutants, the deliberately broken variants its mutation suite runs through the swarm
// (algotest.Suite): each mutant is explored on small scenarios, smallest first, until one
// shows a violation; the real algorithm must show none on the same scenarios. The result is
// a table per mutant (caught or not, by what, at which scenario, after how many states) that
// a test compares with the table it expects, so that a change in the explorer's power is
// visible; the first caught mutant's counterexample of each kind (safety, deadlock, livelock,
// ...) is replayed by the scenario-script player.
//
// An algorithm package's test is a few lines:
//
//	func TestExplorerCatchesMutants(t *testing.T) {
//		exploretest.Mutants{Name: "rl", Mutants: rl.Mutants,
//			New:   func(m string) (kernel.Algorithm, error) { return rl.NewMutant(m) },
//			Sizes: []exploretest.Size{{N: 3, Requests: 1}, {N: 3, Requests: 1, LinkChanges: 1}},
//			Want:  map[string]string{"highest-neighbour": "deadlock at 0", ...},
//		}.Run(t)
//	}
//
// It lives apart from explore because it plays scripts with algotest, whose own tests
// explore imports.
package exploretest

import (
	"context"
	"fmt"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/algotest"
	"github.com/mutexlab/mutexlab/explore"
	"github.com/mutexlab/mutexlab/kernel"
)

// Size is one scenario's size, on a ring unless Graph says otherwise, seed 1. Crashes is
// only for algorithms that tolerate crashes (explore.Scenario.Crashes).
type Size struct {
	N, Requests, LinkChanges, Crashes int
	Graph                             string             // explore.Graphs; "": ring
	Edges                             [][2]int32         // the network's links instead of Graph's (Graph then "")
	Params                            map[string]float64 // the algorithm's parameters; nil: its defaults
	EveryDraw                         bool               // every value of every draw is a choice (explore.Scenario.EveryDraw)
}

func (s Size) String() string {
	g := s.Graph
	switch {
	case s.Edges != nil:
		g = explore.EdgeList(s.Edges)
	case g == "":
		g = "ring"
	}
	keys := slices.Sorted(maps.Keys(s.Params))
	var params strings.Builder
	for _, k := range keys {
		fmt.Fprintf(&params, ", %s=%g", k, s.Params[k])
	}
	crashes := ""
	switch {
	case s.Crashes == 1:
		crashes = ", 1 crash"
	case s.Crashes > 1:
		crashes = fmt.Sprintf(", %d crashes", s.Crashes)
	}
	draws := ""
	if s.EveryDraw {
		draws = ", every draw"
	}
	return fmt.Sprintf("n=%d %s, %d req, %d link ch.%s%s%s", s.N, g, s.Requests, s.LinkChanges, crashes, params.String(), draws)
}

// Mutants explores an algorithm's mutants.
type Mutants struct {
	Name    string                                        // the algorithm's name, for messages and scripts
	New     func(mutant string) (kernel.Algorithm, error) // an instance with the mutant on ("": the real one)
	Mutants [][2]string                                   // every mutant the package has, {name, change}
	// Sizes are the scenarios, smallest first: a mutant is explored on each in turn until
	// one shows a violation. Under go test -short only the first Short of them run (0: all).
	Sizes []Size
	Short int
	// Options bound each search. Bound the states (MaxStates, deterministic), not only the
	// time: a table that depends on the machine's speed would not be a test.
	Options explore.Options
	// Want is the expected outcome per mutant: "<kind> at <index of Sizes>" ("deadlock at
	// 0", "safety violation at 1") or "-" for a mutant no scenario catches. Every mutant
	// must have an entry.
	Want map[string]string
}

// Catch is one mutant's outcome.
type Catch struct {
	Mutant string
	Size   int               // the index of the scenario that caught it, or of the last one explored
	Result *explore.Result   // that scenario's search
	Sc     *explore.Scenario // that scenario
	// Panic is what a handler panicked with (the search stopped there; the swarm counts a
	// panic as a crash of the trial), "" when none did.
	Panic string
}

// Deep skips t unless EXPLORE_DEEP is set: a test of the mutants only a larger scenario
// catches takes minutes, too long for every run of the tests.
func Deep(t *testing.T) {
	t.Helper()
	if os.Getenv("EXPLORE_DEEP") == "" {
		t.Skip("a search of minutes: EXPLORE_DEEP=1 runs it")
	}
}

// Only returns the entries of mutants with the given names, in the order of mutants.
func Only(mutants [][2]string, names ...string) [][2]string {
	var out [][2]string
	for _, mu := range mutants {
		if slices.Contains(names, mu[0]) {
			out = append(out, mu)
		}
	}
	return out
}

// Caught reports whether the search found a violation.
func (c Catch) Caught() bool { return c.Panic != "" || len(c.Result.Violations) > 0 }

// Outcome is the mutant's outcome as Want writes it: "<kind> at <size>" or "-".
func (c Catch) Outcome() string {
	switch {
	case c.Panic != "":
		return fmt.Sprintf("panic at %d", c.Size)
	case !c.Caught():
		return "-"
	}
	return fmt.Sprintf("%s at %d", Kind(c.Result.Violations[0].Key), c.Size)
}

// Kind is a violation key's kind, without the nodes it names: "deadlock [1 2]" is
// "deadlock".
func Kind(key string) string {
	if k := strings.IndexAny(key, "[:"); k > 0 {
		return strings.TrimSpace(key[:k])
	}
	return key
}

// Run explores the real algorithm on every size (it must show no violation), then each
// mutant, and fails t where an outcome differs from Want; it logs the table as Markdown,
// replays the first caught mutant's shortest counterexample, and returns the outcomes.
func (m Mutants) Run(t *testing.T) []Catch {
	t.Helper()
	sizes := m.Sizes
	if testing.Short() && m.Short > 0 {
		sizes = sizes[:m.Short]
	}
	for k, sz := range sizes {
		r := m.explore(t, "", sz)
		if len(r.Violations) > 0 {
			v := r.Violations[0]
			t.Errorf("the real %s fails at %s: %s after %d steps: %v", m.Name, sz, v.Key, len(v.Path), v.Err)
		}
		t.Logf("real %s, size %d (%s): %d states, %.1f s, %s", m.Name, k, sz, r.States, r.Elapsed.Seconds(), explore.Verdict(r))
	}
	var catches []Catch
	for _, mu := range m.Mutants {
		c := m.catch(t, mu[0], sizes)
		catches = append(catches, c)
		want, ok := m.Want[mu[0]]
		switch {
		case !ok:
			t.Errorf("%s mutant %s has no expected outcome (Want): it is %q", m.Name, mu[0], c.Outcome())
		case skipped(want, len(sizes)) && !c.Caught():
			// caught only by a scenario that -short leaves out
		case c.Outcome() != want:
			t.Errorf("%s mutant %s: the explorer gives %q, want %q", m.Name, mu[0], c.Outcome(), want)
		}
	}
	t.Logf("%s mutants under the exhaustive explorer:\n%s", m.Name, Table(catches, m.Sizes))
	m.replayEachKind(t, catches)
	return catches
}

// skipped reports whether want names a scenario beyond the first n.
func skipped(want string, n int) bool {
	k := strings.LastIndex(want, " at ")
	if k < 0 {
		return false
	}
	size, err := strconv.Atoi(want[k+len(" at "):])
	return err == nil && size >= n
}

// catch explores the mutant on each size until one shows a violation.
func (m Mutants) catch(t *testing.T, mutant string, sizes []Size) Catch {
	t.Helper()
	var c Catch
	for k, sz := range sizes {
		c = Catch{Mutant: mutant, Size: k, Sc: m.scenario(t, mutant, sz)}
		c.Result, c.Panic = m.runRecover(t, c.Sc)
		if c.Caught() {
			break
		}
	}
	return c
}

func (m Mutants) explore(t *testing.T, mutant string, sz Size) *explore.Result {
	t.Helper()
	return m.run(t, m.scenario(t, mutant, sz))
}

func (m Mutants) run(t *testing.T, sc *explore.Scenario) *explore.Result {
	t.Helper()
	r, err := explore.Run(context.Background(), sc, m.Options)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// runRecover is run, and what a handler panicked with, if one did.
func (m Mutants) runRecover(t *testing.T, sc *explore.Scenario) (r *explore.Result, panicked string) {
	t.Helper()
	defer func() {
		if p := recover(); p != nil {
			r, panicked = &explore.Result{}, fmt.Sprint(p)
		}
	}()
	return m.run(t, sc), ""
}

// scenario builds the scenario of size sz with the mutant on.
func (m Mutants) scenario(t *testing.T, mutant string, sz Size) *explore.Scenario {
	t.Helper()
	if _, err := m.New(mutant); err != nil {
		t.Fatal(err)
	}
	graph := sz.Graph
	if graph == "" {
		graph = "ring"
	}
	edges, err := explore.Graph(graph, sz.N, 1)
	if sz.Edges != nil && sz.Graph != "" {
		t.Fatalf("size %v: give Graph or Edges, not both", sz)
	}
	if sz.Edges != nil {
		edges, err = sz.Edges, nil
	}
	if err != nil {
		t.Fatal(err)
	}
	return &explore.Scenario{Algorithm: m.Name, N: sz.N, Edges: edges, Requests: sz.Requests, LinkChanges: sz.LinkChanges, Crashes: sz.Crashes, Params: sz.Params, Seed: 1, EveryDraw: sz.EveryDraw,
		New: func() kernel.Algorithm {
			a, _ := m.New(mutant) // checked above
			return a
		}}
}

// replayEachKind replays the first caught mutant's counterexample of each kind of violation
// (the first word of its key).
func (m Mutants) replayEachKind(t *testing.T, catches []Catch) {
	t.Helper()
	played := map[string]bool{}
	for _, c := range catches {
		if !c.Caught() || c.Panic != "" {
			continue
		}
		kind, _, _ := strings.Cut(c.Result.Violations[0].Key, " ")
		if !played[kind] {
			played[kind] = true
			Replay(t, c.Sc, c.Result.Violations[0], m.Name+" mutant "+c.Mutant)
		}
	}
}

// Replay shortens v, a violation the search found on sc, and plays its counterexample as a
// scenario script (algotest): the player must print exactly what the explorer wrote, the
// violation included. what names it in messages ("akw1 mutant linial-blind").
func Replay(t *testing.T, sc *explore.Scenario, v explore.Violation, what string) {
	t.Helper()
	v = explore.Shorten(sc, v)
	script := explore.Script(sc, v, []string{what + ": " + v.Key})
	got, err := algotest.Play(what, script, algotest.Subject{Algo: sc.New()})
	if err != nil {
		t.Fatal(err)
	}
	if d := algotest.FirstDifference(script, got); d != "" {
		t.Errorf("%s: the counterexample does not replay: %s\n%s", what, d, script)
	}
	if !strings.Contains(script, "error:") && !strings.Contains(script, "\ncheck\n") {
		t.Errorf("%s: the counterexample shows no violation:\n%s", what, script)
	}
	t.Logf("%s, counterexample (%d steps):\n%s", what, len(v.Path), script)
}

// Table renders catches as Markdown: mutant, outcome, scenario, states.
func Table(catches []Catch, sizes []Size) string {
	var b strings.Builder
	b.WriteString("| mutant | explorer | scenario | states | time |\n|---|---|---|---:|---:|\n")
	for _, c := range catches {
		what := "not caught"
		if c.Panic != "" {
			what = "panic: " + c.Panic
		} else if c.Caught() {
			first := c.Result.Violations[0].FirstAt
			for _, v := range c.Result.Violations {
				first = min(first, v.FirstAt)
			}
			what = fmt.Sprintf("%s (found at state %d)", c.Result.Violations[0].Key, first)
		} else if c.Result.Limit != "" {
			what = "not caught (explored up to " + c.Result.Limit + ")"
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %d | %.1f s |\n", c.Mutant, what, sizes[c.Size], c.Result.States, c.Result.Elapsed.Seconds())
	}
	return b.String()
}
