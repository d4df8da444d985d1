package kernel

import (
	"math"
	"strings"
	"testing"
)

// pinger enters the CS after one round trip to its first neighbour (at once when it has
// none): its waits are the message delays, and local mutual exclusion is not its concern.
type pinger struct {
	loner
	topo *Topology
}

func (*pinger) Name() string                  { return "pinger" }
func (*pinger) MessageTypes() []MsgTypeInfo   { return []MsgTypeInfo{{Name: "ping"}, {Name: "pong"}} }
func (a *pinger) Reset(env *Env) error        { a.topo = env.Topo; return nil }
func (*pinger) LinkUp(int32, Port, *Outbox)   {}
func (*pinger) LinkDown(int32, Port, *Outbox) {}
func (*pinger) ReleaseCS(int32, *Outbox)      {}
func (a *pinger) RequestCS(i int32, o *Outbox) {
	if p := a.topo.Up().Next(i, 0); p >= 0 {
		o.Send(p, Message{Type: 0})
		return
	}
	o.EnterCS()
}
func (*pinger) Receive(_ int32, p Port, m *Message, o *Outbox) {
	if m.Type == 0 {
		o.Send(p, Message{Type: 1})
		return
	}
	o.EnterCS()
}

// metric returns the named metric of r and whether it is there.
func metric(r Result, name string) (float64, bool) {
	for _, m := range r.Extra {
		if m.Name == name {
			return m.Value, true
		}
	}
	return 0, false
}

// TestStillnessSplit replays a movement file in which node 1 travels from t = 20 to t = 60
// and nodes 0 and 2 never move (all three stay linked): a measured request of node 1 is
// moving exactly when its wait overlaps [20, 60]. The split's counts, maxima and means equal
// a brute-force classification of the traced requests, and the static and moving waits
// together are the trial's waits.
func TestStillnessSplit(t *testing.T) {
	path := writeFile(t, `$node_(0) set X_ 10.0
$node_(0) set Y_ 10.0
$node_(1) set X_ 20.0
$node_(1) set Y_ 10.0
$node_(2) set X_ 30.0
$node_(2) set Y_ 10.0
$ns_ at 20.0 "$node_(1) setdest 20.0 50.0 1.0"
`)
	p := DefaultParams()
	p.N, p.Load, p.Seed, p.Warmup, p.Measure = 3, 2, 7, 0, 300
	p.Network, p.MovementFile = "ns2", path
	p.Net = map[string]float64{NetRadius: 45}
	p.Delay = Delay{Kind: DelayExponential, A: 0.5}
	s := NewSim()
	requested := make([]float64, 3)
	var want [2]struct {
		n        int
		sum, max float64
	}
	entries := 0
	s.SetTrace(func(e TraceEvent) {
		switch e.Kind {
		case "request":
			requested[e.Node] = e.Time
		case "enter":
			if entries++; entries > p.Measure {
				return
			}
			k := 0
			if e.Node == 1 && requested[1] <= 60 && e.Time >= 20 {
				k = 1
			}
			w := e.Time - requested[e.Node]
			want[k].n++
			want[k].sum += w
			want[k].max = max(want[k].max, w)
		}
	})
	r, err := s.Run(p, &pinger{})
	if err != nil {
		t.Fatal(err)
	}
	if want[0].n == 0 || want[1].n == 0 {
		t.Fatalf("the trial has %d static and %d moving requests; the test needs both", want[0].n, want[1].n)
	}
	got := func(name string) float64 {
		v, ok := metric(r, name)
		if !ok {
			t.Fatalf("no metric %s in %v", name, r.Extra)
		}
		return v
	}
	close := func(a, b float64) bool { return math.Abs(a-b) <= 1e-9*max(1, math.Abs(b)) }
	if got(MetricEntriesStatic) != float64(want[0].n) || !close(got(MetricWaitMaxStatic), want[0].max) || !close(got(MetricWaitMaxMoving), want[1].max) ||
		!close(got(MetricWaitMeanStatic), want[0].sum/float64(want[0].n)) || !close(got(MetricWaitMeanMoving), want[1].sum/float64(want[1].n)) {
		t.Fatalf("split %v, want %+v", r.Extra, want)
	}
	if !close(max(want[0].max, want[1].max), r.WaitMax) || !close((want[0].sum+want[1].sum)/float64(r.CSEntries), r.WaitMean) {
		t.Fatalf("static and moving waits do not make up the trial's: %+v, wait max %g mean %g", want, r.WaitMax, r.WaitMean)
	}
}

// TestStillnessWhereItApplies: on a static waypoint network every request is static (the
// moving metrics are NaN: none measured); on walter, which moves no node, the split does not
// apply and its metrics are absent.
func TestStillnessWhereItApplies(t *testing.T) {
	p := DefaultParams()
	p.N, p.Load, p.Seed, p.Warmup, p.Measure = 12, 1, 3, 10, 100
	p.Network = "waypoint"
	p.Net = map[string]float64{NetSide: 200, NetRadius: 80, NetSpeedMin: 0, NetSpeedMax: 0}
	r, err := NewSim().Run(p, loner{})
	if err != nil {
		t.Fatal(err)
	}
	n, _ := metric(r, MetricEntriesStatic)
	mx, _ := metric(r, MetricWaitMaxStatic)
	mm, _ := metric(r, MetricWaitMaxMoving)
	if n != float64(r.CSEntries) || mx != r.WaitMax || !math.IsNaN(mm) {
		t.Fatalf("static network: entries_static %g of %d, wait_max_static %g (wait max %g), wait_max_moving %g", n, r.CSEntries, mx, r.WaitMax, mm)
	}
	p = DefaultParams()
	p.N, p.Load, p.Seed, p.Mobility = 12, 1, 3, 0.5
	r, err = NewSim().Run(p, &pinger{})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range StillnessMetricNames() {
		if _, ok := metric(r, name); ok {
			t.Fatalf("walter: metric %s present; the split does not apply where no node moves", name)
		}
	}
}

// TestStopwatch: an algorithm's stopwatch reads the simulated time and the record of motion,
// and outside a simulator reads 0 with every node still.
func TestStopwatch(t *testing.T) {
	var env Env
	if w := env.Stopwatch(); w.Now() != 0 || !w.Still(3, 0) {
		t.Fatal("a stopwatch outside a simulator should read 0 and every node still")
	}
	s := NewSim()
	p := DefaultParams()
	p.N, p.Seed = 4, 1
	p.Network = "waypoint"
	p.Net = map[string]float64{NetSide: 200, NetRadius: 80, NetSpeedMin: 10, NetSpeedMax: 20}
	if err := s.setup(p, idleAlgo{}, nil); err != nil {
		t.Fatal(err)
	}
	w := s.env.Stopwatch()
	for s.q.Len() > 0 && s.now < 5 {
		s.step()
	}
	if w.Now() != s.now || w.Still(0, 0) {
		t.Fatalf("stopwatch reads %g at %g; node 0 (moving from the start) still: %v", w.Now(), s.now, w.Still(0, 0))
	}
}

// TestWaypointStill: with still = 1 no node of a moving waypoint network ever moves (every
// request static, no link change), with still = 0.5 both kinds of request are measured, still
// = 0 is the default (the same trial to the bit), and a value outside [0, 1] is refused by
// name.
func TestWaypointStill(t *testing.T) {
	run := func(still float64, set bool) Result {
		t.Helper()
		p := DefaultParams()
		p.N, p.Seed, p.Network, p.Warmup, p.Measure = 30, 7, "waypoint", 30, 300
		p.Net = map[string]float64{NetSide: 400, NetRadius: 150, NetSpeedMin: 10, NetSpeedMax: 20}
		if set {
			p.Net[NetStill] = still
		}
		r, err := NewSim().Run(p, loner{})
		if err != nil {
			t.Fatalf("still %g: %v", still, err)
		}
		return r
	}
	all := run(1, true)
	if v, _ := metric(all, MetricEntriesStatic); v != float64(all.CSEntries) || all.LinkChanges != 0 {
		t.Errorf("still 1: %g static entries of %d, %d link changes; want all static, no change", v, all.CSEntries, all.LinkChanges)
	}
	half := run(0.5, true)
	if s, _ := metric(half, MetricEntriesStatic); !(s > 0 && s < float64(half.CSEntries)) {
		t.Errorf("still 0.5: %g static entries of %d, want some of each", s, half.CSEntries)
	}
	if a, b := run(0, true), run(0, false); a.Events != b.Events || a.WaitMax != b.WaitMax {
		t.Errorf("still 0 differs from no still: events %d / %d", a.Events, b.Events)
	}
	p := DefaultParams()
	p.Network, p.Net = "waypoint", map[string]float64{NetStill: 1.5}
	if err := p.Validate(); err == nil || !strings.Contains(err.Error(), NetStill) {
		t.Errorf("still 1.5: %v, want an error naming %s", err, NetStill)
	}
}
