package gme_test

import (
	"math/big"
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/gme"
	"github.com/mutexlab/mutexlab/algorithms/internal/linkrev"
	"github.com/mutexlab/mutexlab/kernel"
)

// The network of Figures 3 and 4 of Walter, Welch and Vaidya (the RL scenario tests use the
// same): links 0-2, 0-3, 2-3, 1-3, 1-2; 2 and 3 point to node 0, 1 points to 3.
var figureEdges = [][2]int32{{0, 2}, {0, 3}, {2, 3}, {1, 3}, {1, 2}}

var figureHeights = []linkrev.Height{
	{H1: 0, H2: 0, ID: 0},
	{H1: 0, H2: 2, ID: 1},
	{H1: 0, H2: 3, ID: 2},
	{H1: 0, H2: 1, ID: 3},
}

type scenario struct {
	t   *testing.T
	sim *kernel.Sim
	a   *gme.GME
	res []int64 // resource each node requests next
}

// newScenario starts a scripted trial with m resources; node i requests res[i].
func newScenario(t *testing.T, m float64, res ...int64) *scenario {
	t.Helper()
	s := &scenario{t: t, sim: kernel.NewSim(), a: gme.New(), res: res}
	s.a.InitialHeights = figureHeights
	s.a.Choose = func(i int32) int64 { return s.res[i] }
	p := withAlgo(kernel.DefaultParams(), m, 0, 1)
	p.N, p.Seed = 4, 1
	if err := s.sim.Script(p, s.a, figureEdges); err != nil {
		t.Fatal(err)
	}
	return s
}

func (s *scenario) do(err error) {
	s.t.Helper()
	if err != nil {
		s.t.Fatal(err)
	}
}

func (s *scenario) settle() { s.t.Helper(); s.do(s.sim.Settle()) }

// inCS requires exactly the given nodes in the CS.
func (s *scenario) inCS(nodes ...int32) {
	s.t.Helper()
	want := map[int32]bool{}
	for _, i := range nodes {
		want[i] = true
	}
	for i := int32(0); i < 4; i++ {
		if s.sim.InCS(i) != want[i] {
			s.t.Errorf("node %d in CS = %v, want the CS to hold exactly %v", i, s.sim.InCS(i), nodes)
		}
	}
}

func (s *scenario) tokenAt(holder int32) {
	s.t.Helper()
	for i := int32(0); i < 4; i++ {
		if s.a.HoldsToken(i) != (i == holder) {
			s.t.Errorf("node %d holds the token = %v, want it at node %d only", i, s.a.HoldsToken(i), holder)
		}
	}
}

func (s *scenario) weight(i int32, num, den int64) {
	s.t.Helper()
	if got, want := s.a.Weight(i), big.NewRat(num, den); got.Cmp(want) != 0 {
		s.t.Errorf("weight of node %d = %v, want %v", i, got, want)
	}
}

// TestEveryoneInTogether (m = 1, the configuration of RL's Figure 3(a)): node 0 holds the
// token and is in the CS; 3 and 2 request. In RL they would queue behind 0; here 0 answers
// each REQUEST with SUBTOKEN(0, 1) and both join 0's session at once (Theorem 2, concurrent
// entering). Node 1's REQUEST goes to 3, which is in the CS but not the holder, so 3 passes
// it on to 0 and relays 0's SUBTOKEN: all four nodes are in the CS together. The token never
// moves; the session ends when the last RELEASE brings 0's weight back to exactly 0.
func TestEveryoneInTogether(t *testing.T) {
	s := newScenario(t, 1, 0, 0, 0, 0)
	s.do(s.sim.RequestCS(0))
	s.inCS(0)
	s.do(s.sim.RequestCS(3))
	s.do(s.sim.RequestCS(2))
	s.settle()
	s.inCS(0, 2, 3)
	s.weight(0, 2, 1)
	s.weight(3, 1, 1)
	s.do(s.sim.RequestCS(1))
	s.settle()
	s.inCS(0, 1, 2, 3)
	s.weight(0, 3, 1)
	s.weight(1, 1, 1)
	s.tokenAt(0)

	// The holder leaves first: weight 3 is still out, so the session goes on.
	s.do(s.sim.ReleaseCS(0))
	s.settle()
	if got := s.a.Session(0); got != 0 {
		t.Errorf("session at node 0 = %d after it left with weight out, want 0 (still running)", got)
	}
	for _, i := range []int32{3, 1, 2} {
		s.do(s.sim.ReleaseCS(i))
	}
	s.settle()
	s.inCS()
	s.tokenAt(0)
	s.weight(0, 0, 1)
	if got := s.a.Session(0); got != -1 {
		t.Errorf("session at node 0 = %d after every weight came back, want -1 (over)", got)
	}
}

// TestOtherResourceWaits (m = 2): while 0 is in the CS with resource 0, node 3 asks for
// resource 1 and node 2 for resource 0. 2 joins (concurrent entering); 3 receives a SUBTOKEN
// for resource 0 it cannot use (the paper sends one to every requester: its REQUEST names
// only the head of its queue) and returns the weight with RELEASE. When 0 leaves, the token
// stays while 2 is still in the CS (its weight is out); when 2 leaves and its RELEASE brings
// the weight to 0, the token goes to 3, which starts a session of resource 1 (Theorem 1).
func TestOtherResourceWaits(t *testing.T) {
	s := newScenario(t, 2, 0, 0, 0, 1)
	s.do(s.sim.RequestCS(0))
	s.do(s.sim.RequestCS(3))
	s.do(s.sim.RequestCS(2))
	s.settle()
	s.inCS(0, 2)
	if !s.sim.Waiting(3) {
		t.Fatal("node 3 (resource 1) is not waiting while resource 0 is in use")
	}
	s.weight(0, 1, 1) // two thrown (to 3 and to 2), 3's came back
	s.do(s.sim.ReleaseCS(0))
	s.settle()
	s.tokenAt(0)
	if !s.sim.Waiting(3) {
		t.Fatal("node 3 entered while node 2 still uses resource 0")
	}
	s.do(s.sim.ReleaseCS(2))
	s.settle()
	s.tokenAt(3)
	s.inCS(3)
	if got := s.a.Session(3); got != 1 {
		t.Errorf("session at node 3 = %d, want resource 1", got)
	}
}

// TestSplitAtRelay: node 1's REQUEST reaches 3 while 3's own request (same resource) is
// queued there, so 3's Q = [3, 1]. SUBTOKEN(0, 1) from 0 is split in two halves: 3 enters
// with weight 1/2 and relays SUBTOKEN(0, 1/2) to 1. Both halves come back exactly.
func TestSplitAtRelay(t *testing.T) {
	s := newScenario(t, 1, 0, 0, 0, 0)
	s.do(s.sim.RequestCS(0))
	s.do(s.sim.RequestCS(3))
	s.do(s.sim.RequestCS(1))
	s.settle()
	s.inCS(0, 1, 3)
	s.weight(0, 1, 1)
	s.weight(3, 1, 2)
	s.weight(1, 1, 2)
	s.do(s.sim.ReleaseCS(3))
	s.do(s.sim.ReleaseCS(1))
	s.settle()
	s.weight(0, 0, 1)
	s.do(s.sim.ReleaseCS(0))
	s.settle()
	if got := s.a.Session(0); got != -1 {
		t.Errorf("session still running at node 0 (%d) after all weight came back", got)
	}
}

// TestHolderJoinsOwnSession: the holder that left the CS while its session still runs (a
// subtoken holder is in) re-enters at once when it asks for the same resource and nobody
// waits in Q; asking for another resource, it waits until the session is over. (The paper
// lets the holder enter at once and set weight = 0, which would admit two resources.)
func TestHolderJoinsOwnSession(t *testing.T) {
	s := newScenario(t, 2, 0, 0, 0, 0)
	s.do(s.sim.RequestCS(0))
	s.do(s.sim.RequestCS(3))
	s.settle()
	s.do(s.sim.ReleaseCS(0))
	s.settle()
	s.do(s.sim.RequestCS(0)) // same resource: join
	s.inCS(0, 3)
	s.do(s.sim.ReleaseCS(0))
	s.settle()
	s.res[0] = 1
	s.do(s.sim.RequestCS(0)) // other resource while 3 still uses resource 0: wait
	s.inCS(3)
	s.weight(0, 1, 1)
	s.do(s.sim.ReleaseCS(3))
	s.settle()
	s.inCS(0)
	if got := s.a.Session(0); got != 1 {
		t.Errorf("session at node 0 = %d, want resource 1", got)
	}
}
