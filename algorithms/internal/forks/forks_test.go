package forks

import (
	"errors"
	"testing"

	"github.com/mutexlab/mutexlab/kernel"
	_ "github.com/mutexlab/mutexlab/kernel/netmodel" // registers tvg, a network that is not FIFO
)

// TestRequireFIFO: a network that is not FIFO is refused with an error naming the network
// parameter; FIFO networks pass.
func TestRequireFIFO(t *testing.T) {
	var pe *kernel.ParamError
	if err := RequireFIFO("akw2", &kernel.Params{Network: "tvg"}); !errors.As(err, &pe) || pe.Name != "network" {
		t.Fatalf("got %v, want a *ParamError naming network", err)
	}
	for _, nw := range []string{"waypoint", "walter", ""} {
		if err := RequireFIFO("akw2", &kernel.Params{Network: nw}); err != nil {
			t.Fatalf("%s: %v", nw, err)
		}
	}
}
