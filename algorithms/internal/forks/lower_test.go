package forks

import (
	"testing"

	"github.com/mutexlab/mutexlab/kernel"
)

// TestLowerPeers: LowerPeers picks, word by word, exactly the ports whose neighbour has a
// smaller id, on a random graph with ports beyond the first word.
func TestLowerPeers(t *testing.T) {
	var topo kernel.Topology
	topo.Reset(300, 96)
	var rng kernel.Stream
	rng.Seed(3)
	if err := kernel.RandomConnected(&topo, 6000, &rng); err != nil {
		t.Fatal(err)
	}
	for i := int32(0); i < 300; i++ {
		for w, word := range topo.Up().Row(i) {
			got := LowerPeers(&topo, i, w, word)
			for b := range 64 {
				p := kernel.Port(w*64 + b)
				want := word&(1<<b) != 0 && topo.Peer(i, p) < i
				if (got&(1<<b) != 0) != want {
					t.Fatalf("node %d port %d: in LowerPeers %v, neighbour %d", i, p, !want, topo.Peer(i, p))
				}
			}
		}
	}
}
