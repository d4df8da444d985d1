package netmodel

import (
	"math"
	"testing"

	"github.com/mutexlab/mutexlab/kernel"
)

// TestCrashedNodeStopsMoving: on a random-waypoint network a crashed node finishes its current
// segment and then never moves again (Geo.Freeze); live nodes keep moving.
func TestCrashedNodeStopsMoving(t *testing.T) {
	p := kernel.DefaultParams()
	p.N, p.Seed, p.Load, p.Warmup, p.Measure = 20, 3, 0.05, 0, 2000
	p.Network = "waypoint"
	p.Net = map[string]float64{Side: 300, Radius: 100, SpeedMin: 1, SpeedMax: 2}
	p.Crashes = []kernel.Crash{{Node: 4, Time: 10}}
	sim := kernel.NewSim()
	if _, err := sim.Run(p, loner{}); err != nil {
		t.Fatal(err)
	}
	geo := sim.Network().(*Geo)
	if sim.Now() < 1000 {
		t.Fatalf("trial ended at %g, too early to see a segment end", sim.Now())
	}
	if !geo.frozen[4] || geo.vx[4] != 0 || geo.vy[4] != 0 || !math.IsInf(geo.tNext[4], 1) || sim.Topology().Moving(4) {
		t.Fatalf("crashed node 4 still moves: v = (%g, %g), next change %g", geo.vx[4], geo.vy[4], geo.tNext[4])
	}
	moving := 0
	for i := int32(0); i < 20; i++ {
		if i != 4 && !math.IsInf(geo.tNext[i], 1) {
			moving++
		}
	}
	if moving == 0 {
		t.Fatal("every live node stopped too")
	}
}
