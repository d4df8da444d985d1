package kernel

import (
	"math"
	"testing"
)

// loner enters the CS as soon as it asks and never sends: with okChecker it lets a trial run
// on any network, so a test can watch the network model alone.
type loner struct{}

func (loner) Name() string                           { return "loner" }
func (loner) MessageTypes() []MsgTypeInfo            { return nil }
func (loner) Reset(*Env) error                       { return nil }
func (loner) RequestCS(_ int32, out *Outbox)         { out.EnterCS() }
func (loner) ReleaseCS(int32, *Outbox)               {}
func (loner) Receive(int32, Port, *Message, *Outbox) {}
func (loner) LinkUp(int32, Port, *Outbox)            {}
func (loner) LinkDown(int32, Port, *Outbox)          {}
func (loner) Checker() Checker                       { return okChecker{} }

type okChecker struct{}

func (okChecker) Reset(*Topology)           {}
func (okChecker) Enter(int32) (int32, bool) { return -1, true }
func (okChecker) Exit(int32)                {}

// TestCrashedNodeStopsMoving: on a random-waypoint network a crashed node finishes its current
// segment and then never moves again (GeoModel.Freeze); live nodes keep moving.
func TestCrashedNodeStopsMoving(t *testing.T) {
	p := DefaultParams()
	p.N, p.Seed, p.Load, p.Warmup, p.Measure = 20, 3, 0.05, 0, 2000
	p.Network = "waypoint"
	p.Net = map[string]float64{NetSide: 300, NetRadius: 100, NetSpeedMin: 1, NetSpeedMax: 2}
	p.Crashes = []Crash{{Node: 4, Time: 10}}
	sim := NewSim()
	if _, err := sim.Run(p, loner{}); err != nil {
		t.Fatal(err)
	}
	geo := sim.net.(*GeoModel)
	if sim.now < 1000 {
		t.Fatalf("trial ended at %g, too early to see a segment end", sim.now)
	}
	if !geo.frozen[4] || geo.vx[4] != 0 || geo.vy[4] != 0 || !math.IsInf(geo.tNext[4], 1) || sim.topo.Moving(4) {
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
