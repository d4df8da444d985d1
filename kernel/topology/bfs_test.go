package topology

import (
	"testing"

	"github.com/mutexlab/mutexlab/kernel/rng"
)

// TestBFSDistancesMatchQueue compares the level-by-level distances (BFS without parents)
// with the queue's (BFS with parents), on random graphs from sparse to dense, after link
// changes (holes in the port rows, disconnected parts) and with spilled ports.
func TestBFSDistancesMatchQueue(t *testing.T) {
	var rng rng.Stream
	for seed := uint64(1); seed <= 60; seed++ {
		rng.Seed(seed)
		spill := spillBySize
		if seed%3 == 0 {
			spill = spillAlways
		}
		topo := bfsAgainstQueue(t, &rng, seed, 2, "without", spill)
		for i := range topo.stamp {
			if topo.stamp[i] > topo.cur {
				t.Fatalf("seed %d: stamp %d left at %d beyond the current %d", seed, i, topo.stamp[i], topo.cur)
			}
		}
	}
}

// bfsAgainstQueue builds a random graph of 64 to 3,063 nodes from rng, takes down up to
// 1/cutDiv of its links (holes in the port rows, maybe several parts), and compares the
// level-by-level BFS (without parents; how names it in failures) with the queue's (with
// parents) from a random root: the nodes reached and every distance. It returns the graph.
func bfsAgainstQueue(t *testing.T, rng *rng.Stream, seed uint64, cutDiv int, how string, spill spillRule) *Topology {
	t.Helper()
	n := 64 + rng.IntN(3000)
	links := MinLinks(n) + rng.IntN(8*n)
	topo := &Topology{parallel: how == "split", spillAt: spill}
	topo.Reset(n, PortCapFor(n, links))
	if err := RandomConnected(topo, links, rng); err != nil {
		t.Fatal(err)
	}
	for range rng.IntN(topo.NumLinks()/cutDiv + 1) {
		topo.Disconnect(rng.IntN(topo.NumLinks()))
	}
	root := int32(rng.IntN(n))
	want, parent, got := make([]int32, n), make([]int32, n), make([]int32, n)
	r1 := topo.BFS(root, want, parent)
	r2 := topo.BFS(root, got, nil)
	if r1 != r2 {
		t.Fatalf("seed %d: %d nodes reached with parents, %d %s", seed, r1, r2, how)
	}
	for i := range want {
		if want[i] != got[i] {
			t.Fatalf("seed %d: node %d at distance %d with parents, %d %s", seed, i, want[i], got[i], how)
		}
	}
	return topo
}
