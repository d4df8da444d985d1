package kernel

import "testing"

// TestBFSDistancesMatchQueue compares the level-by-level distances (BFS without parents)
// with the queue's (BFS with parents), on random graphs from sparse to dense, after link
// changes (holes in the port rows, disconnected parts) and with spilled ports.
func TestBFSDistancesMatchQueue(t *testing.T) {
	defer func(old int) { inlineAll = old }(inlineAll)
	var rng Stream
	for seed := uint64(1); seed <= 60; seed++ {
		rng.Seed(seed)
		inlineAll = 1 << 20
		if seed%3 == 0 {
			inlineAll = 0
		}
		n := 64 + rng.IntN(3000)
		links := MinLinks(n) + rng.IntN(8*n)
		var topo Topology
		topo.Reset(n, PortCapFor(n, links))
		if err := RandomConnected(&topo, links, &rng); err != nil {
			t.Fatal(err)
		}
		for range rng.IntN(topo.NumLinks()/2 + 1) { // links down: holes in rows, maybe several parts
			topo.Disconnect(rng.IntN(topo.NumLinks()))
		}
		root := int32(rng.IntN(n))
		want, parent, got := make([]int32, n), make([]int32, n), make([]int32, n)
		r1 := topo.BFS(root, want, parent)
		r2 := topo.BFS(root, got, nil)
		if r1 != r2 {
			t.Fatalf("seed %d: %d nodes reached with parents, %d without", seed, r1, r2)
		}
		for i := range want {
			if want[i] != got[i] {
				t.Fatalf("seed %d: node %d at distance %d with parents, %d without", seed, i, want[i], got[i])
			}
		}
		for i := range topo.stamp {
			if topo.stamp[i] > topo.cur {
				t.Fatalf("seed %d: stamp %d left at %d beyond the current %d", seed, i, topo.stamp[i], topo.cur)
			}
		}
	}
}
