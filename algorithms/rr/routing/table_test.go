package routing

import (
	"slices"
	"testing"

	"github.com/mutexlab/mutexlab/kernel"
)

// TestTableRowsByWords: up to 64 nodes the table's rows come from the adjacency words
// (fillRowByWords) and equal the rows of the search over the up ports, for every
// destination, while links come and go (bridges too, so some nodes are unreachable); the
// table's next hops and distances equal the bidirectional search's. At 65 nodes the
// topology keeps no words and the ports are searched.
func TestTableRowsByWords(t *testing.T) {
	for _, n := range []int{30, 64} {
		var topo kernel.Topology
		topo.Reset(n, n-1)
		var rng kernel.Stream
		rng.Seed(uint64(n))
		if err := kernel.RandomConnected(&topo, 2*n, &rng); err != nil {
			t.Fatal(err)
		}
		var table, search Oracle
		table.Reset(&topo)
		search.resetAs(&topo, false)
		byPorts := make([]uint16, n)
		unreachables := 0
		for k := range 400 {
			change(t, &topo, &rng, k)
			for to := range int32(n) {
				row := table.row(to)
				table.fillRowByPorts(to, byPorts)
				if !slices.Equal(row, byPorts) {
					t.Fatalf("n=%d, change %d: row of %d is %v by the words, %v by the ports", n, k, to, row, byPorts)
				}
				unreachables += len(row) - len(slices.DeleteFunc(slices.Clone(row), func(d uint16) bool { return d == unreachable }))
				from := int32(rng.IntN(n))
				if got, want := table.NextHop(from, to), search.NextHop(from, to); got != want {
					t.Fatalf("n=%d, change %d: next hop %d -> %d is port %d, the search says %d", n, k, from, to, got, want)
				}
				if got, want := table.Distance(from, to), search.Distance(from, to); got != want {
					t.Fatalf("n=%d, change %d: distance %d -> %d is %d, the search says %d", n, k, from, to, got, want)
				}
			}
		}
		if unreachables == 0 {
			t.Errorf("n=%d: no node was ever unreachable; the test misses that case", n)
		}
	}
	var topo kernel.Topology
	topo.Reset(65, 8)
	var table Oracle
	table.Reset(&topo)
	if table.fillRowByWords(0, make([]uint16, 65)) {
		t.Error("n=65: rows by the adjacency words, which a word cannot hold")
	}
}
