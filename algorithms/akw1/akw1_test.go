package akw1

import (
	"errors"
	"fmt"
	"testing"

	"github.com/mutexlab/mutexlab/internal/trialtest"
	"github.com/mutexlab/mutexlab/kernel"
)

// waypointParams draws a random-waypoint trial (trialtest.WaypointParams, with this
// package's own salt).
func waypointParams(seed uint64) kernel.Params { return trialtest.WaypointParams(seed, 0xa4a1) }

// runMany runs count trials of akw1 with Lemma 3 checked at every CS entry and exit, and
// invariant I2 after every trial.
func runMany(t *testing.T, count int, params func(uint64) kernel.Params) {
	t.Helper()
	a := New()
	trialtest.Trials(t, withLemma3{a}, count, params, func(uint64, *kernel.Result) error {
		if a.BadReq() != 0 {
			return fmt.Errorf("invariant I2: %d requests reached a node without the fork", a.BadReq())
		}
		return nil
	})
}

// TestRandomWalter: static and mobile random graphs with reliable FIFO links, every knob
// random per seed; online local-mutex safety, fork ownership at entry, Lemma 3 at every
// entry and exit, liveness (every request served after link changes stop), invariant I2.
func TestRandomWalter(t *testing.T) {
	t.Parallel()
	count := 300
	if testing.Short() {
		count = 60
	}
	runMany(t, count, trialtest.SlowParams)
}

// TestRandomWaypoint: random waypoint (lossy FIFO links, moving/static nodes), a third of
// the seeds static.
func TestRandomWaypoint(t *testing.T) {
	t.Parallel()
	count := 300
	if testing.Short() {
		count = 60
	}
	runMany(t, count, waypointParams)
}

// TestRefusesNonFIFO: the paper assumes FIFO links; tvg is refused before any trial runs.
func TestRefusesNonFIFO(t *testing.T) {
	p := kernel.DefaultParams()
	p.Network = "tvg"
	var pe *kernel.ParamError
	if err := Validate(&p); !errors.As(err, &pe) || pe.Name != "network" {
		t.Fatalf("got %v, want a *ParamError naming network", err)
	}
	p.Network = "waypoint"
	if err := Validate(&p); err != nil {
		t.Fatal(err)
	}
}
