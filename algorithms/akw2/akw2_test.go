package akw2

import (
	"testing"

	"github.com/mutexlab/mutexlab/algotest"
	"github.com/mutexlab/mutexlab/kernel"
)

// waypointParams draws a random-waypoint trial (algotest.WaypointParams, with this
// package's own salt).
func waypointParams(seed uint64) kernel.Params { return algotest.WaypointParams(seed, 0xa4a2) }

// i2 is invariant I2 after every trial: no request reached a node without the fork.
func i2(a *AKW2) func(uint64, *kernel.Result) error {
	return algotest.Zero("invariant I2: requests that reached a node without the fork", a.BadReq)
}

// TestRandomWalter: static and mobile random graphs with reliable FIFO links, every knob
// random per seed; online local-mutex safety, fork ownership at entry, claim C1 at every
// entry and exit, liveness (every request served after link changes stop), invariant I2.
func TestRandomWalter(t *testing.T) {
	t.Parallel()
	a := New()
	algotest.Trials(t, withBeliefCheck{a}, algotest.Count(300, 60), algotest.RandomParams, i2(a))
}

// TestRandomWaypoint: random waypoint (lossy FIFO links, moving/static nodes), a third of
// the seeds static, with the same checks.
func TestRandomWaypoint(t *testing.T) {
	t.Parallel()
	a := New()
	algotest.Trials(t, withBeliefCheck{a}, algotest.Count(300, 60), waypointParams, i2(a))
}

// TestRefusesNonFIFO: the paper assumes FIFO links (forks.RequireFIFO); tvg is refused.
func TestRefusesNonFIFO(t *testing.T) {
	if p := (kernel.Params{Network: "tvg"}); Validate(&p) == nil {
		t.Fatal("the tvg network is accepted")
	}
}
