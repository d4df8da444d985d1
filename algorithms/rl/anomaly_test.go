package rl_test

import (
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/rl"
	"github.com/mutexlab/mutexlab/kernel"
)

// The long waits of RL at very low load under mobility (docs/model.md, "Anomaly 1") are the
// algorithm, not a bug: partial reversal lifts a pit of low nodes one height level per round
// of LinkInfo. A node's h1 returns to the token's (always 0) only when the token passes
// through it; between visits, link changes make nodes raise their heights. When the changes
// between two token moves are many (λ_mob / (n·λ_req) ≈ 33 at λ_req = 1e-4, λ_mob = 0.1),
// most of the network climbs to a plateau of h1 in the hundreds while the token's last trail
// stays at h1 = 0. A link change that cuts the trail from the token strands it: every
// neighbour is higher, so its nodes take turns raising (h1 = 1 + the lowest neighbour's h1),
// one level per LinkInfo, and a request from inside the pit circles in it (rerouted after
// every raise) until the pit has climbed past the plateau.

// pitRun builds the smallest such pit and returns node 2's wait, the arrival time of the
// first Request at the token holder, the highest h1 the pit's nodes announced before it, and
// the token messages sent before it:
//
//	token holder 0 (0,-2,0) ── 1 (0,-1,1) ── 2 (0,0,2)     the token's old trail, at h1 = 0
//	      │                     │            │
//	      3 (G,0,3) ────────── 4 (G,1,4) ───┘              the plateau, at h1 = G
//
// Link 0-1 fails (the trail is cut from the token), then node 2 requests.
func pitRun(t *testing.T, g int64) (wait, reachedHolder float64, pitTop int64, tokenMoves int) {
	t.Helper()
	a := rl.New()
	a.InitialHeights = []rl.Height{{H1: 0, H2: -2, ID: 0}, {H1: 0, H2: -1, ID: 1}, {H1: 0, H2: 0, ID: 2}, {H1: g, H2: 0, ID: 3}, {H1: g, H2: 1, ID: 4}}
	sim := kernel.NewSim()
	p := kernel.DefaultParams()
	p.N, p.Seed = 5, 1
	var entered float64 = -1
	reachedHolder = -1
	sim.SetTrace(func(e kernel.TraceEvent) {
		switch {
		case e.Kind == "send" && e.Msg == "token" && reachedHolder < 0:
			tokenMoves++
		case e.Kind == "send" && (e.Node == 1 || e.Node == 2) && reachedHolder < 0:
			pitTop = max(pitTop, e.Message.A) // every message carries its sender's height
		case e.Kind == "recv" && e.Msg == "request" && e.Node == 0 && reachedHolder < 0:
			reachedHolder = e.Time
		case e.Kind == "enter" && e.Node == 2:
			entered = e.Time
		}
	})
	if err := sim.Script(p, a, [][2]int32{{0, 1}, {1, 2}, {0, 3}, {3, 4}, {4, 1}, {4, 2}}); err != nil {
		t.Fatal(err)
	}
	for _, err := range []error{sim.LinkDown(0, 1), sim.RequestCS(2), sim.Settle()} {
		if err != nil {
			t.Fatal(err)
		}
	}
	if entered < 0 {
		t.Fatalf("G=%d: node 2 never entered the CS", g)
	}
	return entered, reachedHolder, pitTop, tokenMoves
}

// TestPitClimbsOneLevelPerRound pins the mechanism: the request cannot leave the pit before
// the pit has climbed to the plateau (its nodes announce h1 >= G first), the token does not
// move meanwhile, and the wait grows one time unit (one message delay) per level of the gap.
func TestPitClimbsOneLevelPerRound(t *testing.T) {
	waits := map[int64]float64{}
	for _, g := range []int64{10, 30} {
		wait, reached, top, moves := pitRun(t, g)
		t.Logf("G=%d: wait %g, first Request at the holder at %g, pit climbed to h1=%d", g, wait, reached, top)
		if reached < float64(g) || top < g || moves != 0 {
			t.Errorf("G=%d: the request reached the holder at %g with the pit at h1=%d and %d token moves; want no earlier than %d, after the pit climbed to %d, with the token still",
				g, reached, top, moves, g, g)
		}
		waits[g] = wait
	}
	if d := waits[30] - waits[10]; d < 20 || d > 2*20 {
		t.Errorf("waits %v: 20 more levels of gap add %g time units, want one to two per level", waits, d)
	}
}

// TestLowLoadLongWaitIsAPit pins the explanation on the trial the anomaly was found in: the
// walter2001 preset's replicate 2 at 20% connectivity, λ_req = 1e-4, λ_mob = 0.1 (seed
// DeriveSeed(2001, point key, 2)). Its longest wait lasts hundreds of time units; the token
// rests meanwhile, and the waiting node sends Request after Request as its pit climbs by more
// than a hundred h1 levels from far below the network's plateau.
func TestLowLoadLongWaitIsAPit(t *testing.T) {
	if testing.Short() {
		t.Skip("a 730,000-time-unit trial (about a second)")
	}
	p := kernel.DefaultParams()
	p.Connectivity, p.Load, p.Mobility, p.Seed = 0.2, 1e-4, 0.1, 4854838512597712068
	type wait struct {
		node     int32
		from, to float64
	}
	var longest wait
	requested := make([]float64, p.N)
	sim := kernel.NewSim()
	sim.SetTrace(func(e kernel.TraceEvent) {
		switch e.Kind {
		case "request":
			requested[e.Node] = e.Time
		case "enter":
			if w := e.Time - requested[e.Node]; w > longest.to-longest.from {
				longest = wait{e.Node, requested[e.Node], e.Time}
			}
		}
	})
	if _, err := sim.Run(p, rl.New()); err != nil {
		t.Fatal(err)
	}
	if longest.to-longest.from < 300 {
		t.Fatalf("longest wait %g time units, want the anomaly's hundreds", longest.to-longest.from)
	}
	// Replay up to the request: the waiter's height against the network's, then its climb.
	a := rl.New()
	var plateau, start, top int64 = 0, -1, 0
	var requests, tokenMoves int
	sim.SetTrace(func(e kernel.TraceEvent) {
		if e.Time < longest.from || e.Time > longest.to {
			return
		}
		if start < 0 {
			start = a.MyHeight(longest.node).H1
			for i := int32(0); i < int32(p.N); i++ {
				plateau = max(plateau, a.MyHeight(i).H1)
			}
		}
		if e.Kind == "send" && e.Node == longest.node && e.Msg == "request" {
			requests++
			top = max(top, e.Message.A)
		}
		if e.Kind == "send" && e.Msg == "token" && e.Time < longest.to-float64(p.N) {
			tokenMoves++
		}
	})
	if _, err := sim.Run(p, a); err != nil {
		t.Fatal(err)
	}
	t.Logf("node %d waited %g from %g: h1 %d (plateau %d), climbed to %d in %d Requests", longest.node,
		longest.to-longest.from, longest.from, start, plateau, top, requests)
	if plateau-start < 100 || top-start < 100 || requests < 50 || tokenMoves != 0 {
		t.Errorf("node %d: h1 %d below a plateau of %d, climbed to %d in %d Requests, %d token moves before the last %d time units; want a pit over 100 levels deep climbed Request by Request while the token rests",
			longest.node, start, plateau, top, requests, tokenMoves, p.N)
	}
}
