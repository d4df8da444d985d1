package rr_test

import (
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/rr"
	"github.com/mutexlab/mutexlab/kernel"
)

// checkHops installs a trace on sim that checks every message rr sends, first hops and
// relays alike: it must take the lowest port of its node that starts a shortest path to its
// recipient (word B) in the network as it is at that moment, the routing layer's rule. rr
// sends most hops from the route a message carries (routing.Route), found when the
// network was as it is now; this is what makes that the same. It returns the count of
// checked sends.
func checkHops(t *testing.T, sim *kernel.Sim) *int {
	t.Helper()
	var dist []int32
	sends := 0
	sim.SetTrace(func(e kernel.TraceEvent) {
		if e.Kind != "send" {
			return
		}
		sends++
		topo := sim.Topology()
		dist = kernel.Resize(dist, topo.N())
		to := int32(e.Message.B)
		topo.BFS(to, dist, nil)
		up := topo.Up()
		want := int32(-1)
		for p := up.Next(e.Node, 0); p >= 0; p = up.Next(e.Node, p+1) {
			if y := topo.Peer(e.Node, p); dist[y] == dist[e.Node]-1 {
				want = y
				break
			}
		}
		if e.Peer != want {
			t.Fatalf("t=%g: node %d sent a message for %d (%d hops away) to %d, the lowest port on a shortest path leads to %d",
				e.Time, e.Node, to, dist[e.Node], e.Peer, want)
		}
	})
	return &sends
}

// TestEveryHopLowestShortest: every hop of every message is the routing layer's, in trials
// whose links change all the time (the routes carried go stale under messages in flight), at
// n = 30 (the routing's table) and n = 1,100 (its searches), in a static trial at n = 1,100
// (every edge's routes found with its siblings', RR.childRoutes), and on a path of 40
// nodes, whose routes are longer than a Route carries.
func TestEveryHopLowestShortest(t *testing.T) {
	small := kernel.DefaultParams()
	small.Mobility, small.Seed, small.Warmup, small.Measure = 0.5, 7, 50, 500
	large := kernel.DefaultParams()
	large.N, large.Degree, large.Load, large.Mobility, large.Seed = 1100, 6, 0.01, 5, 3
	large.Warmup, large.Measure = 20, 200
	static := large
	static.Mobility = 0
	for _, p := range []kernel.Params{small, large, static} {
		sim := kernel.NewSim()
		sends := checkHops(t, sim)
		r, err := sim.Run(p, rr.New())
		if err != nil {
			t.Fatal(err)
		}
		if (r.LinkChanges == 0) != (p.Mobility == 0) || *sends < 1000 {
			t.Fatalf("n = %d: %d link changes, %d sends: too few to test", p.N, r.LinkChanges, *sends)
		}
	}

	const n = 40
	p := kernel.DefaultParams()
	p.N, p.Seed = n, 5
	var edges [][2]int32
	for i := int32(1); i < n; i++ {
		edges = append(edges, [2]int32{i - 1, i})
	}
	sim := kernel.NewSim()
	if err := sim.Script(p, rr.New(), edges); err != nil {
		t.Fatal(err)
	}
	sends := checkHops(t, sim)
	for i := int32(n - 1); i >= 0; i-- {
		if err := sim.RequestCS(i); err != nil {
			t.Fatal(err)
		}
	}
	if err := sim.Settle(); err != nil {
		t.Fatal(err)
	}
	if *sends < 200 {
		t.Fatalf("%d sends on the path: too few to test", *sends)
	}
}

// TestTraceShowsRaymondsWords: a trace shows rr's messages with Raymond's words only (the
// tree nodes from and to, A and B): the route a message carries and its version (C and D)
// are the routing layer's, zeroed in traces (kernel.MsgTypeInfo.Words), while the trial itself
// sends them (most sends carry a route).
func TestTraceShowsRaymondsWords(t *testing.T) {
	p := kernel.DefaultParams()
	p.Warmup, p.Measure = 20, 200
	sim := kernel.NewSim()
	sends := 0
	sim.SetTrace(func(e kernel.TraceEvent) {
		if e.Kind != "send" && e.Kind != "recv" {
			return
		}
		sends++
		if e.Message.C != 0 || e.Message.D != 0 {
			t.Fatalf("t=%g: %s %s shows the routing layer's words: %+v", e.Time, e.Kind, e.Msg, e.Message)
		}
		if e.Message.A == e.Message.B {
			t.Fatalf("t=%g: %s %s from tree node %d to itself", e.Time, e.Kind, e.Msg, e.Message.A)
		}
	})
	if _, err := sim.Run(p, rr.New()); err != nil {
		t.Fatal(err)
	}
	if sends < 100 {
		t.Fatalf("%d sends and receipts: too few to test", sends)
	}
}
