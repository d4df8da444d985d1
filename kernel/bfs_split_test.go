package kernel

import (
	"runtime"
	"testing"
)

// TestBFSSplitMatchesQueue: with the bottom-up levels split over two goroutines (the
// threshold lowered to every network here), the level-by-level distances still equal the
// queue's, and so does the count of nodes reached; run it with -race too.
func TestBFSSplitMatchesQueue(t *testing.T) {
	defer PrefaultFrom(64)()
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(max(2, runtime.GOMAXPROCS(0))))
	var rng Stream
	for seed := uint64(1); seed <= 30; seed++ {
		rng.Seed(seed)
		n := 64 + rng.IntN(3000)
		links := MinLinks(n) + rng.IntN(8*n)
		var topo Topology
		topo.Reset(n, PortCapFor(n, links))
		if err := RandomConnected(&topo, links, &rng); err != nil {
			t.Fatal(err)
		}
		for range rng.IntN(topo.NumLinks()/4 + 1) { // some parts may be cut off
			topo.Disconnect(rng.IntN(topo.NumLinks()))
		}
		root := int32(rng.IntN(n))
		want, parent, got := make([]int32, n), make([]int32, n), make([]int32, n)
		r1 := topo.BFS(root, want, parent)
		r2 := topo.BFS(root, got, nil)
		if r1 != r2 {
			t.Fatalf("seed %d: %d nodes reached with parents, %d split", seed, r1, r2)
		}
		for i := range want {
			if want[i] != got[i] {
				t.Fatalf("seed %d: node %d at distance %d with parents, %d split", seed, i, want[i], got[i])
			}
		}
	}
}
