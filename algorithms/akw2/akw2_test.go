package akw2

import (
	"errors"
	"testing"

	"github.com/mutexlab/mutexlab/internal/trialtest"
	"github.com/mutexlab/mutexlab/kernel"
)

// waypointParams draws a random-waypoint trial (trialtest.WaypointParams, with this
// package's own salt).
func waypointParams(seed uint64) kernel.Params { return trialtest.WaypointParams(seed, 0xa4a2) }

func runMany(t *testing.T, count int, params func(uint64) kernel.Params) {
	t.Helper()
	sim := kernel.NewSim()
	a := New()
	w := withBeliefCheck{a}
	for seed := uint64(1); seed <= uint64(count); seed++ {
		p := params(seed)
		res, err := sim.Run(p, w)
		if err != nil {
			t.Fatalf("seed %d: %v (n=%d network=%s net=%v load=%g mobility=%g)", seed, err, p.N, p.Network, p.Net, p.Load, p.Mobility)
		}
		if res.CSEntries != int64(p.Measure) {
			t.Fatalf("seed %d: %d CS entries measured, want %d", seed, res.CSEntries, p.Measure)
		}
		if a.BadReq() != 0 {
			t.Fatalf("seed %d: invariant I2: %d requests reached a node without the fork", seed, a.BadReq())
		}
	}
}

// TestRandomWalter: static and mobile random graphs with reliable FIFO links, every knob
// random per seed; online local-mutex safety, fork ownership at entry, claim C1 at every
// entry and exit, liveness (every request served after link changes stop), invariant I2.
func TestRandomWalter(t *testing.T) {
	count := 300
	if testing.Short() {
		count = 60
	}
	runMany(t, count, trialtest.RandomParams)
}

// TestRandomWaypoint: random waypoint (lossy FIFO links, moving/static nodes), a third of
// the seeds static.
func TestRandomWaypoint(t *testing.T) {
	count := 300
	if testing.Short() {
		count = 60
	}
	runMany(t, count, waypointParams)
}

// TestMutantsCaught: each broken variant violates safety on some seed within 100.
func TestMutantsCaught(t *testing.T) {
	for _, c := range []struct {
		name   string
		params func(uint64) kernel.Params
	}{
		{"eat-with-higher-forks", trialtest.RandomParams},
		{"ignore-eats", func(seed uint64) kernel.Params {
			p := waypointParams(seed)
			p.Net[kernel.NetSpeedMax], p.Net[kernel.NetSpeedMin], p.Load = 30, 10, 3
			return p
		}},
	} {
		sim := kernel.NewSim()
		caught := uint64(0)
		for seed := uint64(1); seed <= 100 && caught == 0; seed++ {
			_, err := sim.Run(c.params(seed), Mutant(c.name))
			var te *kernel.TrialError
			if errors.As(err, &te) && te.Kind == kernel.ErrSafety {
				caught = seed
			}
		}
		if caught == 0 {
			t.Errorf("mutant %s survived 100 seeds", c.name)
		} else {
			t.Logf("mutant %s caught at seed %d", c.name, caught)
		}
	}
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
