package rr_test

import (
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/rl"
	"github.com/mutexlab/mutexlab/algorithms/rr"
	"github.com/mutexlab/mutexlab/algotest"
	"github.com/mutexlab/mutexlab/kernel"
)

// TestRandomSeeds runs hundreds of random trials under the online checks (mutual exclusion,
// one token counting every hop of a routed token, liveness drain and watchdog).
func TestRandomSeeds(t *testing.T) {
	count := algotest.Count(400, 60)
	algotest.RunSeeds(t, rr.New(), count)
}

// TestVirtualTree checks section 6's construction: the virtual tree is a spanning tree (n-1
// edges, everyone reaches the root) rooted at the token holder, node 0, and it is in general
// not made of physical links (the graph was randomly relabelled after the tree was taken).
func TestVirtualTree(t *testing.T) {
	nonPhysical := 0
	for seed := uint64(1); seed <= 20; seed++ {
		p := kernel.DefaultParams()
		p.Seed, p.Connectivity = seed, 0.2
		a := rr.New()
		sim := kernel.NewSim()
		if err := sim.Script(p, a, nil); err != nil { // nil edges: the random graph of p
			t.Fatal(err)
		}
		topo := sim.Topology()
		edges := 0
		for i := int32(0); i < int32(p.N); i++ {
			for _, j := range a.TreeNeighbours(i) {
				edges++
				if !topo.Adjacent(i, j) {
					nonPhysical++
				}
			}
			// Following holders from any node reaches the token at the root.
			x, hops := i, 0
			for a.Holder(x) != x {
				x = a.Holder(x)
				if hops++; hops > p.N {
					t.Fatalf("seed %d: holder pointers from %d loop", seed, i)
				}
			}
			if x != 0 {
				t.Fatalf("seed %d: holder pointers from %d end at %d, want the root 0", seed, i, x)
			}
		}
		if edges != 2*(p.N-1) {
			t.Fatalf("seed %d: tree has %d edge ends, want %d", seed, edges, 2*(p.N-1))
		}
	}
	if nonPhysical == 0 {
		t.Fatal("every tree edge is a physical link: the graph was not relabelled")
	}
}

// TestSameNetworkAsRL: on one seed, RL and RR start on the same physical network (common
// random numbers), although RR's virtual tree comes from its own stream.
func TestSameNetworkAsRL(t *testing.T) {
	p := kernel.DefaultParams()
	p.Seed = 99
	s1, s2 := kernel.NewSim(), kernel.NewSim()
	if err := s1.Script(p, rl.New(), nil); err != nil {
		t.Fatal(err)
	}
	if err := s2.Script(p, rr.New(), nil); err != nil {
		t.Fatal(err)
	}
	t1, t2 := s1.Topology(), s2.Topology()
	if t1.NumLinks() != t2.NumLinks() {
		t.Fatalf("links: rl %d, rr %d", t1.NumLinks(), t2.NumLinks())
	}
	for k := 0; k < t1.NumLinks(); k++ {
		u, v := t1.Link(k)
		if !t2.Adjacent(u, v) {
			t.Fatalf("link %d-%d of rl's network is missing from rr's", u, v)
		}
	}
}

// TestRoutedHopsAreCharged: in a static network, each Raymond message costs as many messages
// and time units as the shortest path between the two tree neighbours.
func TestRoutedHopsAreCharged(t *testing.T) {
	// On the path 0-1-2-3-4-5 nodes c and 0 are c hops apart. The virtual tree comes from a
	// random relabelling, so the root's first tree neighbour c is in general not node 1.
	p := kernel.DefaultParams()
	p.N, p.Seed = 6, 3
	edges := [][2]int32{{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 5}}
	a := rr.New()
	sim := kernel.NewSim()
	if err := sim.Script(p, a, edges); err != nil {
		t.Fatal(err)
	}
	// Pick a child c of the root 0 in the virtual tree: its request travels dist(c, 0) hops.
	c := a.TreeNeighbours(0)[0]
	var sends int
	sim.SetTrace(func(e kernel.TraceEvent) {
		if e.Kind == "send" {
			sends++
		}
	})
	start := sim.Now()
	if err := sim.RequestCS(c); err != nil {
		t.Fatal(err)
	}
	if err := sim.Settle(); err != nil {
		t.Fatal(err)
	}
	if !sim.InCS(c) {
		t.Fatalf("node %d did not get the token", c)
	}
	// Request c->0 and token 0->c each travel |c-0| hops on the path graph.
	if want := 2 * int(c); sends != want {
		t.Errorf("%d physical messages for one request/token exchange over %d hops each way, want %d", sends, c, want)
	}
	if got, want := sim.Now()-start, float64(2*c); got != want {
		t.Errorf("exchange took %g time units, want %g (one per hop)", got, want)
	}
}
