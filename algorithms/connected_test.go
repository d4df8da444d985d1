package algorithms_test

import (
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/algorithms"
	"github.com/mutexlab/mutexlab/kernel"
	"github.com/mutexlab/mutexlab/kernel/netmodel"
)

// The token algorithms start from a connected graph (a DAG of heights toward the holder, or
// Raymond's spanning tree). A geometric network can start disconnected: the trial must stop
// with an error that says so, not with "not a DAG" or an index out of range.
func TestDisconnectedStartIsRefused(t *testing.T) {
	p := kernel.DefaultParams()
	p.Network = "waypoint"
	p.Net = map[string]float64{netmodel.Side: 1000, netmodel.Radius: 10} // 30 nodes, range 10: isolated
	p.Seed = 7
	for _, name := range []string{"rl", "hk", "gme", "rr"} {
		algo, err := algorithms.New(name)
		if err != nil {
			t.Fatal(err)
		}
		_, err = kernel.NewSim().Run(p, algo)
		if err == nil || !strings.Contains(err.Error(), "initial graph is not connected") {
			t.Errorf("%s on a disconnected start: got %v, want an error saying the initial graph is not connected", name, err)
		}
	}
}
