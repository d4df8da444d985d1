package netmodel

import (
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/kernel"
)

// stillCounter is loner with an instrument on the kernel's generic hooks: it counts the
// measured entries (EntryObserver) whose node the probe shows still since its request.
type stillCounter struct {
	loner
	probe           kernel.Probe
	entries, static int64
}

func (a *stillCounter) Reset(env *kernel.Env) error {
	a.probe, a.entries, a.static = env.Probe(), 0, 0
	return nil
}

func (a *stillCounter) MeasuredEntry(i int32, requested, _ float64) {
	a.entries++
	if a.probe.Still(i, requested) {
		a.static++
	}
}

// TestGeoProbe: on a waypoint network the probe says that nodes move, and a node travelling
// from the start has not been still since time 0.
func TestGeoProbe(t *testing.T) {
	p := kernel.DefaultParams()
	p.N, p.Seed = 4, 1
	p.Network = "waypoint"
	p.Net = map[string]float64{Side: 200, Radius: 80, SpeedMin: 10, SpeedMax: 20}
	a := &stillCounter{}
	s := kernel.NewSim()
	if err := s.Begin(p, a); err != nil {
		t.Fatal(err)
	}
	if err := s.RunUntil(5); err != nil {
		t.Fatal(err)
	}
	if w := a.probe; w.Now() != s.Now() || w.Still(0, 0) || !w.Moves() {
		t.Fatalf("probe reads %g at %g; node 0 (moving from the start) still: %v; moves: %v", w.Now(), s.Now(), w.Still(0, 0), w.Moves())
	}
}

// TestWaypointStill: with still = 1 no node of a moving waypoint network ever moves (every
// request static, no link change), with still = 0.5 both kinds of request are measured, still
// = 0 is the default (the same trial to the bit), and a value outside [0, 1] is refused by
// name.
func TestWaypointStill(t *testing.T) {
	run := func(still float64, set bool) (kernel.Result, *stillCounter) {
		t.Helper()
		p := kernel.DefaultParams()
		p.N, p.Seed, p.Network, p.Warmup, p.Measure = 30, 7, "waypoint", 30, 300
		p.Net = map[string]float64{Side: 400, Radius: 150, SpeedMin: 10, SpeedMax: 20}
		if set {
			p.Net[Still] = still
		}
		a := &stillCounter{}
		r, err := kernel.NewSim().Run(p, a)
		if err != nil {
			t.Fatalf("still %g: %v", still, err)
		}
		if a.entries != r.CSEntries {
			t.Fatalf("still %g: %d entries observed, the trial measured %d", still, a.entries, r.CSEntries)
		}
		return r, a
	}
	all, c := run(1, true)
	if c.static != all.CSEntries || all.LinkChanges != 0 {
		t.Errorf("still 1: %d static entries of %d, %d link changes; want all static, no change", c.static, all.CSEntries, all.LinkChanges)
	}
	half, c := run(0.5, true)
	if !(c.static > 0 && c.static < half.CSEntries) {
		t.Errorf("still 0.5: %d static entries of %d, want some of each", c.static, half.CSEntries)
	}
	a, _ := run(0, true)
	if b, _ := run(0, false); a.Events != b.Events || a.WaitMax != b.WaitMax {
		t.Errorf("still 0 differs from no still: events %d / %d", a.Events, b.Events)
	}
	p := kernel.DefaultParams()
	p.Network, p.Net = "waypoint", map[string]float64{Still: 1.5}
	if err := p.Validate(); err == nil || !strings.Contains(err.Error(), Still) {
		t.Errorf("still 1.5: %v, want an error naming %s", err, Still)
	}
}
