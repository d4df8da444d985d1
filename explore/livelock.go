package explore

import (
	"fmt"
	"slices"

	"github.com/mutexlab/mutexlab/kernel"
)

// A livelock: a path that comes back to a state it passed through, with a node waiting all
// along, and that takes every step enabled all along (the deliveries and releases are fair;
// whether a request arrives is the environment's choice, and a link change or crash cannot
// lie on a cycle: it spends its budget). Run round and round, the cycle is a fair infinite
// execution in which the node never enters: starvation no terminal state shows. The search
// finds such a cycle where its depth-first path closes one (a state seen on the path itself).
// That finds every livelock a back edge of the search closes, not every one: a cycle through
// states reached in another order, or one pruned by sleep sets, may go unseen, so a verdict
// without a livelock does not claim that none exists.

// frame is what the search keeps of each state on its current path.
type frame struct {
	fp      [2]uint64
	waiting uint64 // the nodes waiting, one bit each
	fair    []Step // the steps enabled whose fairness the cycle must respect: deliveries, releases
}

// pushFrame records the state the search is at, with the steps enabled there, as the next on
// its path, and reports whether it was not on the path already (then the caller removes it
// from onPath when it leaves it; else the state's first place on the path stays its place).
func (s *search) pushFrame(fp [2]uint64, todo []Step) bool {
	d := len(s.path)
	if len(s.frames) <= d {
		s.frames = append(s.frames, frame{})
	}
	f := &s.frames[d]
	f.fp, f.waiting, f.fair = fp, 0, f.fair[:0]
	for i := range int32(s.e.sc.N) {
		if s.e.sim.Waiting(i) {
			f.waiting |= 1 << i
		}
	}
	for _, t := range todo {
		if t.Kind == Deliver || t.Kind == Release {
			f.fair = append(f.fair, t)
		}
	}
	if _, ok := s.onPath[fp]; ok {
		return false
	}
	s.onPath[fp] = d
	return true
}

// closeCycle checks the cycle the current path closes by coming back to the state it passed
// through at depth d: a livelock when a node waits in every state of it and every step
// enabled in every state of it is taken on it.
func (s *search) closeCycle(d int) {
	cycle, states := s.path[d:], s.frames[d:len(s.path)]
	waiting := ^uint64(0)
	for _, f := range states {
		waiting &= f.waiting
	}
	if waiting == 0 {
		return
	}
	for _, t := range states[0].fair {
		always := true
		for _, f := range states[1:] {
			always = always && slices.Contains(f.fair, t)
		}
		if always && !slices.Contains(cycle, t) {
			return // t waits for ever beside the cycle: the cycle is not a fair execution
		}
	}
	var nodes []int32
	for i := range int32(s.e.sc.N) {
		if waiting&(1<<i) != 0 {
			nodes = append(nodes, i)
		}
	}
	err := &kernel.TrialError{Kind: kernel.ErrStarvation, Algorithm: s.e.sc.Algorithm, Seed: s.e.sc.Seed, Nodes: nodes,
		Msg: fmt.Sprintf("%s: nodes %v wait for ever along a cycle of %d steps (its last %d), which takes every delivery and release enabled all along it", livelockMsg, nodes, len(cycle), len(cycle))}
	s.violation(err, nodes)
	v := &s.res.Violations[s.found[violationKey(err, nodes)]]
	if len(v.Path) == len(s.path) && v.Cycle == 0 {
		v.Cycle = len(cycle)
	}
}

// livelockMsg begins a livelock's message; violationKey keys it by this word.
const livelockMsg = "livelock"
