package topology

import (
	"errors"
	"testing"

	"github.com/mutexlab/mutexlab/kernel/rng"
)

// A stopped run stops the random graph's build part way, at its next look (interrupted),
// rather than after the last link: at n = 10^6 the build is most of a second of setup.
func TestRandomConnectedStops(t *testing.T) {
	const n, links = 200_000, 800_000
	var topo Topology
	if err := topo.ResetLinks(n, PortCapFor(n, links), links); err != nil {
		t.Fatal(err)
	}
	stop := make(chan struct{})
	close(stop)
	topo.stop = stop
	var rng rng.Stream
	rng.Seed(1)
	if err := RandomConnected(&topo, links, &rng); !errors.Is(err, ErrInterrupted) {
		t.Fatalf("got %v, want ErrInterrupted", err)
	}
	if got := topo.NumLinks(); got >= n-1 {
		t.Fatalf("the build added %d links before it stopped: it did not look before the tree was whole", got)
	}
}
