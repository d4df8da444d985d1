package explore

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/kernel"
)

// lottery is a randomized toy for almost-sure liveness: node 1 asks node 0, which, while
// neither of them holds the CS, draws a ticket from 0..2 and grants it on ticket 2, else
// sends "again", on which node 1 asks again. Every request is served with probability 1,
// though draws of 0 or 1 for ever go round a cycle. Mode "lost" never grants (no ticket
// wins): node 1 waits for ever whatever is drawn. Mode "double" draws while the CS is taken
// too: ticket 2 then puts both nodes in the CS.
type lottery struct {
	mode     string
	topo     *kernel.Topology
	rand     *kernel.Stream
	chosen   func() int
	state    [2]string
	busy     bool // node 0 or node 1 holds the CS, or node 1 was granted it
	deferred bool // node 0 waits for node 1's done
}

const (
	msgAsk kernel.MsgType = iota
	msgWin
	msgAgain
	msgDone
)

func (a *lottery) Name() string { return "lottery" }
func (a *lottery) MessageTypes() []kernel.MsgTypeInfo {
	return []kernel.MsgTypeInfo{{Name: "ask"}, {Name: "win"}, {Name: "again"}, {Name: "done"}}
}
func (a *lottery) Reset(env *kernel.Env) error {
	a.topo, a.rand, a.state, a.busy, a.deferred = env.Topo, env.Rand, [2]string{"idle", "idle"}, false, false
	return nil
}
func (a *lottery) NodeState(i int32) string    { return a.state[i] }
func (a *lottery) DrawChoices() int            { return 3 }
func (a *lottery) ChooseDraws(next func() int) { a.chosen = next }

func (a *lottery) RequestCS(i int32, out *kernel.Outbox) {
	a.state[i] = "waiting"
	if i == 0 {
		a.deferred = a.busy
		a.enter0(out)
		return
	}
	out.Send(a.topo.PortTo(1, 0), kernel.Message{Type: msgAsk})
}

func (a *lottery) ReleaseCS(i int32, out *kernel.Outbox) {
	a.state[i] = "idle"
	if i == 1 {
		out.Send(a.topo.PortTo(1, 0), kernel.Message{Type: msgDone})
		return
	}
	a.busy = false
}

// enter0 lets node 0 in unless the CS is taken.
func (a *lottery) enter0(out *kernel.Outbox) {
	if !a.deferred {
		a.busy, a.state[0] = true, "cs"
		out.EnterCS()
	}
}

func (a *lottery) Receive(i int32, p kernel.Port, m *kernel.Message, out *kernel.Outbox) {
	switch m.Type {
	case msgAsk:
		free := !a.busy || a.mode == "double"
		if free && a.draw() == 2 && a.mode != "lost" {
			a.busy = true
			out.Send(p, kernel.Message{Type: msgWin})
			return
		}
		out.Send(p, kernel.Message{Type: msgAgain})
	case msgDone:
		a.busy = false
		if a.deferred {
			a.deferred = false
			a.enter0(out)
		}
	case msgAgain:
		out.Send(p, kernel.Message{Type: msgAsk})
	case msgWin:
		a.state[1] = "cs"
		out.EnterCS()
	}
}

func (a *lottery) draw() int {
	if a.chosen != nil {
		return a.chosen()
	}
	return a.rand.IntN(3)
}

func (a *lottery) LinkUp(int32, kernel.Port, *kernel.Outbox)   {}
func (a *lottery) LinkDown(int32, kernel.Port, *kernel.Outbox) {}

func lotteryScenario(mode string) *Scenario {
	return &Scenario{Algorithm: "lottery", New: func() kernel.Algorithm { return &lottery{mode: mode} },
		N: 2, Edges: [][2]int32{{0, 1}}, Requests: 1, Seed: 1, EveryDraw: true}
}

// TestAlmostSureLiveness: with every draw a choice, a cycle that some draws leave is no
// livelock (the lottery is verified), and one that every draw keeps is (the lost lottery),
// with a counterexample that comes back round its cycle, as a script and a viewer page.
func TestAlmostSureLiveness(t *testing.T) {
	r := run(t, lotteryScenario(""), Options{})
	if !r.Verified() {
		t.Errorf("the lottery: %s %v", Verdict(r), keys(r))
	}
	lost := run(t, lotteryScenario("lost"), Options{})
	v := violationOf(lost, "livelock")
	if v == nil || len(lost.Violations) != 1 || v.Key != "livelock [1]" {
		t.Fatalf("the lost lottery: %v", keys(lost))
	}
	if v.Cycle != 2 || len(v.Path) != 3 {
		t.Errorf("path %v with a cycle of %d: want request 1 and the cycle deliver 0, deliver 1", v.Path, v.Cycle)
	}
	if _, err := Page(lotteryScenario("lost"), *v, "the lost lottery"); err != nil {
		t.Errorf("the viewer's page: %v", err)
	}
	script := Script(lotteryScenario("lost"), *v, nil)
	for _, want := range []string{"deliver 0 draw ", "round and round, nodes [1] wait for ever"} {
		if !strings.Contains(script, want) {
			t.Errorf("the script lacks %q:\n%s", want, script)
		}
	}
	// With the seed's draws the stream is part of a state: no cycle closes and no livelock
	// shows, where the search is bounded.
	seeded := lotteryScenario("lost")
	seeded.EveryDraw = false
	r, err := Run(context.Background(), seeded, Options{MaxDepth: 30})
	if err != nil || violationOf(r, "livelock") != nil {
		t.Errorf("the seed's draws: %v %v", err, keys(r))
	}
}

// TestShortenKeepsDraws: a violation that needs a draw's value is shortened to a path that
// still carries it.
func TestShortenKeepsDraws(t *testing.T) {
	sc := lotteryScenario("double")
	v := violationOf(run(t, sc, Options{}), "safety")
	if v == nil {
		t.Fatal("the double lottery puts no two nodes in the CS")
	}
	short := Shorten(sc, *v)
	drawn := slices.ContainsFunc(short.Path, func(s Step) bool { return s.Kind == Deliver && s.Draw == 3 })
	if len(short.Path) > len(v.Path) || !drawn {
		t.Errorf("shortened %v to %v: want the draw of ticket 2 on it", v.Path, short.Path)
	}
	if _, ok := reproduce(newEngine(sc, false), short.Path, short.Key); !ok {
		t.Errorf("%v does not reproduce %s", short.Path, short.Key)
	}
}

// TestEndComponents: the analysis on graphs made by hand. A node waits in state 0 (and 1);
// a step's draws are its moves with Draw > 0.
func TestEndComponents(t *testing.T) {
	ask := Step{Kind: Deliver, A: 0, B: 1}
	rel := Step{Kind: Release, A: 2}
	drawn := func(v int32) Step { s := ask; s.Draw = v; return s }
	for _, c := range []struct {
		name   string
		states []graphState
		want   int32 // states in the fair components found (0: none)
	}{
		{"a draw leaves", []graphState{{waiting: 1, moves: []move{{drawn(1), 0, 2}, {drawn(2), 2, 2}}}, {}, {}}, 0},
		{"every draw stays", []graphState{{waiting: 1, moves: []move{{drawn(1), 1, 2}, {drawn(2), 0, 2}}}, {waiting: 1, moves: []move{{ask, 0, 1}}}}, 2},
		{"a draw unexplored", []graphState{{waiting: 1, moves: []move{{drawn(1), 0, 2}}}}, 0},
		{"a release enabled all along, never taken", []graphState{
			{waiting: 1, fair: []Step{rel}, moves: []move{{ask, 1, 1}, {rel, 2, 1}}},
			{waiting: 1, fair: []Step{rel}, moves: []move{{ask, 0, 1}, {rel, 2, 1}}}, {}}, 0},
		{"a release disabled on the way", []graphState{
			{waiting: 1, fair: []Step{rel}, moves: []move{{ask, 1, 1}, {rel, 2, 1}}},
			{waiting: 1, moves: []move{{ask, 0, 1}}}, {}}, 2},
		{"the release taken within", []graphState{
			{waiting: 1, fair: []Step{rel}, moves: []move{{ask, 1, 1}, {rel, 1, 1}}},
			{waiting: 1, fair: []Step{rel}, moves: []move{{ask, 0, 1}, {rel, 0, 1}}}}, 2},
	} {
		g := &stateGraph{states: c.states}
		got := int32(0)
		ec := g.endComponents(1)
		for c, fair := range ec.fair {
			if fair {
				got += ec.size[c]
			}
		}
		if got != c.want {
			t.Errorf("%s: components of %d states, want %d", c.name, got, c.want)
		}
	}
}

// TestEveryDrawNeedsAChooser: a scenario with every draw a choice is refused for an
// algorithm that draws nothing a search can choose.
func TestEveryDrawNeedsAChooser(t *testing.T) {
	sc := toyScenario("", 3, 1)
	sc.EveryDraw = true
	_, err := Run(context.Background(), sc, Options{})
	if err == nil || !strings.Contains(err.Error(), "draws no value a search can choose") {
		t.Errorf("got %v", err)
	}
}

// BenchmarkEndComponents: the analysis on a graph of 200,000 states where node 0 waits, each
// with a step whose two draws lead one state on and 17 on, and every hundredth with a
// release that leaves the set: it is dropped, and the rest is one fair component.
func BenchmarkEndComponents(b *testing.B) {
	const n = 200_000
	g := &stateGraph{states: make([]graphState, n+1)}
	rel := Step{Kind: Release, A: 1}
	for id := range int32(n) {
		st := &g.states[id]
		st.waiting = 1
		st.moves = []move{{Step{Kind: Deliver, A: 0, B: 1, Draw: 1}, (id + 1) % n, 2}, {Step{Kind: Deliver, A: 0, B: 1, Draw: 2}, (id + 17) % n, 2}}
		if id%100 == 0 {
			st.fair = []Step{rel}
			st.moves = append(st.moves, move{rel, n, 1})
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		if ec := g.endComponents(1); !ec.fair[ec.comp[0]] {
			b.Fatal("no fair component")
		}
	}
}
