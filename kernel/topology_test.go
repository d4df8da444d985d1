package kernel

import "testing"

// TestConnectedWithoutMatchesBruteForce compares the bridge test with removing the link and
// checking connectivity from scratch, over random graphs and link changes.
func TestConnectedWithoutMatchesBruteForce(t *testing.T) {
	var rng Stream
	for seed := uint64(1); seed <= 40; seed++ {
		rng.Seed(seed)
		var topo Topology
		n := 2 + rng.IntN(20)
		topo.Reset(n, PortCapFor(n, MaxLinks(n)))
		links := MinLinks(n) + rng.IntN(MaxLinks(n)-MinLinks(n)+1)
		if err := RandomConnected(&topo, links, &rng); err != nil {
			t.Fatal(err)
		}
		if topo.NumLinks() != links || !topo.Connected() {
			t.Fatalf("seed %d: %d links (want %d), connected %v", seed, topo.NumLinks(), links, topo.Connected())
		}
		for k := 0; k < topo.NumLinks(); k++ {
			want := func() bool {
				u, v, _, _ := topo.Disconnect(k)
				ok := topo.Connected()
				if _, _, err := topo.Connect(u, v); err != nil {
					t.Fatal(err)
				}
				return ok
			}
			got := topo.ConnectedWithout(k) // (removing and re-adding k reorders links; every index is still visited)
			if w := want(); got != w {
				t.Fatalf("seed %d: ConnectedWithout = %v, brute force %v", seed, got, w)
			}
		}
	}
}

func TestPickRemovableLinkSkipsBusyLinksAndBridges(t *testing.T) {
	var topo Topology
	topo.Reset(4, 3)
	// A triangle 0-1-2 plus a pendant 3 on 2: 2-3 is a bridge.
	for _, e := range [][2]int32{{0, 1}, {1, 2}, {0, 2}, {2, 3}} {
		if _, _, err := topo.Connect(e[0], e[1]); err != nil {
			t.Fatal(err)
		}
	}
	// Put a message in flight on 0-1 and on 1-2: only 0-2 may go.
	topo.ports[topo.slot(0, topo.PortTo(0, 1))].inflight++
	topo.ports[topo.slot(2, topo.PortTo(2, 1))].inflight++
	var rng Stream
	for seed := uint64(0); seed < 50; seed++ {
		rng.Seed(seed)
		k, ok := pickRemovableLink(&topo, &rng)
		u, v := topo.Link(k)
		if !ok || !(u == 0 && v == 2 || u == 2 && v == 0) {
			t.Fatalf("picked %d-%d (ok %v), want 0-2", u, v, ok)
		}
	}
}

func TestRandomConnectedIsDeterministic(t *testing.T) {
	build := func() []int32 {
		var topo Topology
		var rng Stream
		rng.Seed(42)
		topo.Reset(50, PortCapFor(50, 200))
		if err := RandomConnected(&topo, 200, &rng); err != nil {
			t.Fatal(err)
		}
		var out []int32
		for k := 0; k < topo.NumLinks(); k++ {
			u, v := topo.Link(k)
			out = append(out, u, v)
		}
		return out
	}
	a, b := build(), build()
	for k := range a {
		if a[k] != b[k] {
			t.Fatal("same seed, different graph")
		}
	}
}
