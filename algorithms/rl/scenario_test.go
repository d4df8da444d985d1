package rl_test

import (
	"slices"
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/rl"
	"github.com/mutexlab/mutexlab/kernel"
)

// The network of Figures 3 and 4 of Walter, Welch and Vaidya (section 4.4): links 0-2, 0-3,
// 2-3, 1-3, 1-2, with heights such that 2 and 3 point to 0 and 1 points to 3, and node 2 is
// higher than node 1 (so that in Figure 4 node 1 loses its last outgoing link when 3 raises
// its height).
var figureEdges = [][2]int32{{0, 2}, {0, 3}, {2, 3}, {1, 3}, {1, 2}}

var figureHeights = []rl.Height{
	{H1: 0, H2: 0, ID: 0},
	{H1: 0, H2: 2, ID: 1},
	{H1: 0, H2: 3, ID: 2},
	{H1: 0, H2: 1, ID: 3},
}

type scenario struct {
	t   *testing.T
	sim *kernel.Sim
	a   *rl.RL
}

func newScenario(t *testing.T) *scenario {
	t.Helper()
	a := rl.New()
	a.InitialHeights = figureHeights
	sim := kernel.NewSim()
	p := kernel.DefaultParams()
	p.N, p.Seed = 4, 1
	if err := sim.Script(p, a, figureEdges); err != nil {
		t.Fatal(err)
	}
	return &scenario{t, sim, a}
}

func (s *scenario) do(err error) {
	s.t.Helper()
	if err != nil {
		s.t.Fatal(err)
	}
}

func (s *scenario) settle() { s.t.Helper(); s.do(s.sim.Settle()) }

func (s *scenario) queue(i int32, want ...int32) {
	s.t.Helper()
	if got := s.a.Queue(i); !slices.Equal(got, want) && !(len(got) == 0 && len(want) == 0) {
		s.t.Errorf("Q%d = %v, want %v", i, got, want)
	}
}

func (s *scenario) next(i, want int32) {
	s.t.Helper()
	if got := s.a.Next(i); got != want {
		s.t.Errorf("next%d = %d, want %d", i, got, want)
	}
}

func (s *scenario) height(i int32, h1, h2 int64) {
	s.t.Helper()
	if got, want := s.a.MyHeight(i), (rl.Height{H1: h1, H2: h2, ID: i}); got != want {
		s.t.Errorf("myHeight%d = %v, want %v", i, got, want)
	}
}

func (s *scenario) tokenAt(holder int32) {
	s.t.Helper()
	for i := int32(0); i < 4; i++ {
		if s.a.TokenHolder(i) != (i == holder) {
			s.t.Errorf("tokenHolder%d = %v, want token at node %d only", i, s.a.TokenHolder(i), holder)
		}
	}
}

func (s *scenario) inCS(i int32) {
	s.t.Helper()
	for j := int32(0); j < 4; j++ {
		if s.sim.InCS(j) != (j == i) {
			s.t.Errorf("node %d in CS = %v, want only node %d in the CS", j, s.sim.InCS(j), i)
		}
	}
}

// figure3a builds the configuration of Figure 3(a): node 0 holds the token and is in the CS;
// nodes 3 and 2 have requested and their Requests reached node 0 in that order.
func figure3a(t *testing.T) *scenario {
	s := newScenario(t)
	s.do(s.sim.RequestCS(0))
	s.do(s.sim.RequestCS(3))
	s.do(s.sim.RequestCS(2))
	s.settle()
	s.inCS(0)
	s.queue(0, 3, 2)
	s.queue(2, 2)
	s.queue(3, 3)
	s.next(2, 0)
	s.next(3, 0)
	return s
}

// TestFigure3Static follows the static example of section 4.4 (Figure 3 (a)-(e)).
func TestFigure3Static(t *testing.T) {
	s := figure3a(t)

	// (b) Node 1 requests and sends a Request to node 3, which enqueues it.
	s.do(s.sim.RequestCS(1))
	s.settle()
	s.queue(1, 1)
	s.queue(3, 3, 1)
	s.next(1, 3)

	// (c) Node 0 releases: Token to 3, followed by a Request on behalf of node 2. Node 3 lowers
	// its height below 0's, so the link 0-3 now points toward 3, and both next pointers
	// point to 3. Node 3 is at the head of its own queue and enters the CS.
	s.do(s.sim.ReleaseCS(0))
	s.settle()
	s.tokenAt(3)
	s.inCS(3)
	s.height(3, 0, -1)
	s.queue(3, 1, 0)
	s.queue(0, 2)
	s.next(0, 3)
	s.next(3, 3)
	if v, inN := s.a.ViewOf(0, 3); !inN || !v.Less(s.a.MyHeight(0)) {
		t.Errorf("node 0 sees 3 at %v (in N: %v), want it lower than 0's %v", v, inN, s.a.MyHeight(0))
	}

	// (d) Node 3 releases: Token to 1, then a Request (because of node 0's request). The heads
	// of the queues form a path from the token holder 1 to the last requester 2: 1 -> 3 -> 0 -> 2.
	s.do(s.sim.ReleaseCS(3))
	s.settle()
	s.tokenAt(1)
	s.inCS(1)
	s.height(1, 0, -2)
	s.queue(1, 3)
	s.queue(3, 0)
	s.queue(0, 2)
	s.queue(2, 2)

	// (e) Node 1 releases; the token travels 1 -> 3 -> 0 -> 2, and h2 drops by one per hop, so
	// the token holder is always the lowest node.
	s.do(s.sim.ReleaseCS(1))
	s.settle()
	s.tokenAt(2)
	s.inCS(2)
	s.height(3, 0, -3)
	s.height(0, 0, -4)
	s.height(2, 0, -5)
	for i := int32(0); i < 4; i++ {
		s.queue(i)
	}
	s.do(s.sim.ReleaseCS(2))
	s.settle()
	s.tokenAt(2)
	s.next(2, 2)
}

// TestFigure4Dynamic follows the dynamic example of section 4.4 (Figure 4 (a)-(e)).
func TestFigure4Dynamic(t *testing.T) {
	s := figure3a(t) // (a) is the same snapshot as Figure 3(a)

	// (b) Node 3 moves away from 2 and 0. Node 2 takes no action (its next, 0, is intact); node
	// 0 removes 3 from its queue. (We fail 2-3 first: the two failures are one move in the
	// paper, and node 3 must not react until it has lost both.)
	s.do(s.sim.LinkDown(2, 3))
	s.queue(2, 2)
	s.next(2, 0)
	s.height(2, 0, 3)
	s.do(s.sim.LinkDown(0, 3))
	s.queue(0, 2)

	// (c) Node 3 has no outgoing link: it raises its height (partial reversal: h1 = 1 + min h1 of
	// its neighbours, no neighbour at that level so h2 stays) and sends a Request to node 1.
	s.height(3, 1, 1)
	s.next(3, 1)
	s.queue(3, 3)

	// (d) Node 1 receives 3's LinkInfo and Request: it has lost its last outgoing link, raises
	// its height to just below node 3's, and enqueues 3.
	s.settle()
	s.height(1, 1, 0)
	s.queue(1, 3)

	// (e) Node 1 forwarded 3's request to node 2 (its new lowest neighbour); node 2 enqueued 1
	// but neither raised its height nor sent a Request: its link to next = 0 is intact and it
	// already has an unfulfilled request there.
	s.next(1, 2)
	s.queue(2, 2, 1)
	s.height(2, 0, 3)
	s.next(2, 0)

	// Liveness: after the links stop changing, every request is served: 0 -> 2 -> 1 -> 3.
	s.do(s.sim.ReleaseCS(0))
	s.settle()
	s.inCS(2)
	s.do(s.sim.ReleaseCS(2))
	s.settle()
	s.inCS(3)
	s.tokenAt(3)
	s.do(s.sim.ReleaseCS(3))
	s.settle()
	for i := int32(0); i < 4; i++ {
		s.queue(i)
		if s.sim.Waiting(i) {
			t.Errorf("node %d still waiting", i)
		}
	}
}

// TestLinkFormationHandshake checks the forming/formHeight logic: a new link joins N only
// when the first LinkInfo arrives, and a node whose height changed while the link was forming
// sends its new height.
func TestLinkFormationHandshake(t *testing.T) {
	s := newScenario(t)
	s.do(s.sim.LinkDown(1, 2))
	s.settle()
	s.do(s.sim.LinkUp(0, 1))
	if _, inN := s.a.ViewOf(0, 1); inN {
		t.Fatal("node 1 joined N_0 before any LinkInfo arrived")
	}
	s.settle()
	v, inN := s.a.ViewOf(0, 1)
	if !inN || v != s.a.MyHeight(1) {
		t.Fatalf("after the handshake node 0 sees 1 at %v (in N: %v), want %v in N", v, inN, s.a.MyHeight(1))
	}
	v, inN = s.a.ViewOf(1, 0)
	if !inN || v != s.a.MyHeight(0) {
		t.Fatalf("after the handshake node 1 sees 0 at %v (in N: %v), want %v in N", v, inN, s.a.MyHeight(0))
	}
	// 1 now has a direct link to the token holder: its request goes there.
	s.do(s.sim.RequestCS(1))
	s.next(1, 0)
	s.settle()
	s.inCS(1)
}

// TestTokenReceiptConfirmedByLinkInfo checks receivedLI: after sending the token to j, node i
// ignores j's height until j's LinkInfo confirming the token arrives.
func TestTokenReceiptConfirmedByLinkInfo(t *testing.T) {
	s := newScenario(t)
	s.do(s.sim.RequestCS(0))
	s.do(s.sim.RequestCS(3))
	s.settle()
	s.do(s.sim.ReleaseCS(0))
	if s.a.ReceivedLI(0, 3) {
		t.Fatal("receivedLI_0[3] is true right after sending the token to 3")
	}
	s.settle()
	if !s.a.ReceivedLI(0, 3) {
		t.Fatal("receivedLI_0[3] is still false after 3's LinkInfo arrived")
	}
	s.tokenAt(3)
}
