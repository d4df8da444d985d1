package linkrev

import (
	"slices"
	"testing"

	"github.com/mutexlab/mutexlab/kernel"
)

// TestDefaultHeightsMatchGiven: Reset's default heights (distances from the level-by-level
// search, rows written from them, next found on the way) equal the same heights given
// explicitly (rows written from MyHeight) with the distances of the queue search: every row
// of heights, N, receivedLI and next. Random graphs (distances read as bytes) and two paths
// longer than 256 nodes (as 4-byte distances).
func TestDefaultHeightsMatchGiven(t *testing.T) {
	var rng kernel.Stream
	for seed := uint64(1); seed <= 14; seed++ {
		rng.Seed(seed)
		pathN := 0
		if seed > 12 {
			// A path, whose far end is more hops away than a byte counts: the rows are
			// written from the 4-byte distances, not dist8.
			pathN = 300 + int(seed)
		}
		topo, n := testNetwork(t, &rng, 4000, pathN)
		dist, parent := make([]int32, n), make([]int32, n)
		topo.BFS(0, dist, parent) // the queue search
		initial := make([]Height, n)
		for i := range initial {
			initial[i] = Height{0, int64(dist[i]), int32(i)}
		}
		var a, b Links
		if err := a.Reset(topo, n, nil, "test", Types{}); err != nil {
			t.Fatal(err)
		}
		if err := b.Reset(topo, n, initial, "test", Types{}); err != nil {
			t.Fatal(err)
		}
		same := slices.Equal(a.my, b.my) && sameHeights(&a.hs, &b.hs) &&
			slices.Equal(a.Next, b.Next) && slices.Equal(a.rows, b.rows)
		for i := int32(0); same && int(i) < n; i++ {
			same = slices.Equal(a.InN.Row(i), b.InN.Row(i)) && slices.Equal(a.ReceivedLI.Row(i), b.ReceivedLI.Row(i))
			if i != 0 {
				same = same && a.Next[i] == a.LowestNeighbour(i)
			}
		}
		if !same {
			t.Fatalf("seed %d, n = %d: default heights differ from the same heights given", seed, n)
		}
	}
}

// testNetwork draws a random connected graph of 2 to maxN+1 nodes and up to 6 links per node
// from rng or, when pathN > 0, builds a path of pathN nodes (the draws made either way), and
// returns it and its number of nodes.
func testNetwork(t *testing.T, rng *kernel.Stream, maxN, pathN int) (*kernel.Topology, int) {
	t.Helper()
	n := 2 + rng.IntN(maxN)
	links := kernel.MinLinks(n) + rng.IntN(min(6*n, kernel.MaxLinks(n)-kernel.MinLinks(n))+1)
	topo := &kernel.Topology{}
	topo.Reset(n, kernel.PortCapFor(n, links))
	if pathN > 0 {
		n = pathN
		topo.Reset(n, kernel.PortCapFor(n, n-1))
		for i := int32(1); int(i) < n; i++ {
			if _, _, err := topo.Connect(i-1, i); err != nil {
				t.Fatal(err)
			}
		}
	} else if err := kernel.RandomConnected(topo, links, rng); err != nil {
		t.Fatal(err)
	}
	return topo, n
}
