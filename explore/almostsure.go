package explore

import (
	"fmt"
	"slices"

	"github.com/mutexlab/mutexlab/kernel"
)

// Almost-sure liveness, when draws are choices (Scenario.EveryDraw). A cycle of states is no
// livelock by itself then: drs's nodes may draw equal priorities round after round, but a
// run that does so for ever has probability 0. What starves a node with a probability above
// zero is an end component: a set of states, and steps out of each, such that every value
// of every draw of those steps leads back into the set and the set is strongly connected
// by them. A scheduler that takes those steps in turn never leaves it, and visits every state
// and takes every step of it infinitely often, with probability 1. The scheduler is fair
// when no delivery or release is enabled in every state of the set without being one of its
// steps; a node waiting in every state of a fair end component waits for ever with a
// probability above zero (the draws that reach the set have one), and the paper's "every
// request is served with probability 1" fails. The search keeps the graph of what it
// explored (every step of every state: sleep sets are off), and after it, for each node,
// finds the maximal end components among the states where the node waits (de Alfaro's
// algorithm: strongly connected components, dropping the steps that leave theirs, until
// nothing changes). A component that breaks fairness for one delivery or release holds no
// fair smaller one, which would break it too. The graph holds only what was explored: a
// component found in it is one of the whole space, and a search that hit a bound is not a
// pass anyway.

// stateGraph is the explored graph: the states by fingerprint, and what the search took
// from each.
type stateGraph struct {
	ids    map[[2]uint64]int32
	states []graphState
	stack  []int32 // the states of the current path, by depth
}

type graphState struct {
	waiting uint64 // the nodes waiting, one bit each
	fair    []Step // the deliveries and releases enabled
	moves   []move // the steps explored from it
}

// move is a step and the state it led to; of is how many values the step's draws take
// together (1: it draws nothing), each a move of its own.
type move struct {
	step Step
	to   int32
	of   int32
}

func newStateGraph() *stateGraph { return &stateGraph{ids: map[[2]uint64]int32{}} }

// enter records the state the search is at, reached by path's last step, with the steps
// todo enabled in it.
func (g *stateGraph) enter(fp [2]uint64, e *engine, path []Step, todo []Step) {
	id, seen := g.ids[fp]
	if !seen {
		id = int32(len(g.states))
		g.ids[fp] = id
		var st graphState
		for i := range int32(e.sc.N) {
			if e.sim.Waiting(i) {
				st.waiting |= 1 << i
			}
		}
		for _, t := range todo {
			if t.Kind == Deliver || t.Kind == Release {
				st.fair = append(st.fair, t)
			}
		}
		g.states = append(g.states, st)
	}
	if len(path) > 0 { // the engine has just run path's last step
		of := int32(1)
		if e.drawn > 0 {
			of = int32(e.drawCombinations(e.drawn))
		}
		from := &g.states[g.stack[len(path)-1]]
		from.moves = append(from.moves, move{path[len(path)-1], id, of})
	}
	g.stack = append(g.stack[:len(path)], id)
}

// leave returns to the state before the current one.
func (g *stateGraph) leave() { g.stack = g.stack[:len(g.stack)-1] }

// action is a step without its draw: its moves are the draw's values.
func action(t Step) Step {
	t.Draw = 0
	return t
}

// almostSure reports, for each node, the fair end component in which it waits throughout
// that the shortest path from the start reaches.
func (s *search) almostSure() {
	for w := range s.e.sc.N {
		if ec := s.graph.endComponents(uint64(1) << w); slices.Contains(ec.fair, true) {
			s.livelockIn(int32(w), ec)
		}
	}
}

// livelockIn reports node w's starvation in the fair end component of ec that the shortest
// path from the start enters: that path, and the shortest cycle of the component's steps
// back to the state it enters.
func (s *search) livelockIn(w int32, ec *endComponents) {
	g := s.graph
	prefix := g.shortest(0, ec.inFair, nil)
	entry := int32(0)
	if len(prefix) > 0 {
		entry = prefix[len(prefix)-1].to
	}
	cycle := g.shortest(entry, func(id int32) bool { return id == entry }, ec)
	var path []Step
	for _, m := range append(prefix, cycle...) {
		path = append(path, m.step)
	}
	nodes := []int32{w}
	err := &kernel.TrialError{Kind: kernel.ErrStarvation, Algorithm: s.e.sc.Algorithm, Seed: s.e.sc.Seed, Nodes: nodes,
		Msg: fmt.Sprintf("%s: node %d waits for ever with a probability above zero: among %d states that every value of every draw keeps it in, under a fair schedule (a cycle of %d steps of them shown)", livelockMsg, w, ec.size[ec.comp[entry]], len(cycle))}
	s.path = path
	s.violation(err, nodes)
	s.path = nil
	v := &s.res.Violations[s.found[violationKey(err, nodes)]]
	if len(v.Path) == len(path) {
		v.Cycle = len(cycle)
	}
}

// shortest returns the moves of a shortest path (breadth first) from state from to a state
// for which goal holds, at least one move long; along the moves ec keeps within from's
// component when ec is not nil.
func (g *stateGraph) shortest(from int32, goal func(int32) bool, ec *endComponents) []move {
	if ec == nil && goal(from) {
		return nil
	}
	type hop struct {
		from int32
		m    move
	}
	came := map[int32]hop{}
	queue := []int32{from}
	for len(queue) > 0 {
		id := queue[0]
		queue = queue[1:]
		for k, m := range g.states[id].moves {
			if ec != nil && (!ec.keep[id][k] || ec.comp[m.to] != ec.comp[from]) {
				continue
			}
			if _, seen := came[m.to]; seen {
				continue
			}
			came[m.to] = hop{id, m}
			if !goal(m.to) {
				queue = append(queue, m.to)
				continue
			}
			var path []move
			for at := m.to; ; {
				h := came[at]
				path = append(path, h.m)
				if at = h.from; at == from {
					break
				}
			}
			slices.Reverse(path)
			return path
		}
	}
	panic("explore: no path to an end component the search explored")
}
