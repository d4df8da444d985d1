package stillness

import (
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/mutexlab/mutexlab/kernel"
	"github.com/mutexlab/mutexlab/kernel/netmodel"
)

// pinger enters the CS after one round trip to its first neighbour (at once when it has
// none), so its waits are the message delays, and splits them with a Split as the
// local-mutex algorithms do. Local mutual exclusion is not its concern.
type pinger struct {
	topo  *kernel.Topology
	still Split
}

func (*pinger) Name() string { return "pinger" }
func (*pinger) MessageTypes() []kernel.MsgTypeInfo {
	return []kernel.MsgTypeInfo{{Name: "ping"}, {Name: "pong"}}
}
func (a *pinger) Reset(env *kernel.Env) error {
	a.topo = env.Topo
	a.still.Reset(env)
	return nil
}
func (*pinger) LinkUp(int32, kernel.Port, *kernel.Outbox)   {}
func (*pinger) LinkDown(int32, kernel.Port, *kernel.Outbox) {}
func (*pinger) ReleaseCS(int32, *kernel.Outbox)             {}
func (a *pinger) RequestCS(i int32, o *kernel.Outbox) {
	if p := a.topo.Up().Next(i, 0); p >= 0 {
		o.Send(p, kernel.Message{Type: 0})
		return
	}
	o.EnterCS()
}
func (*pinger) Receive(_ int32, p kernel.Port, m *kernel.Message, o *kernel.Outbox) {
	if m.Type == 0 {
		o.Send(p, kernel.Message{Type: 1})
		return
	}
	o.EnterCS()
}
func (a *pinger) MeasuredEntry(i int32, requested, entered float64) {
	a.still.MeasuredEntry(i, requested, entered)
}
func (a *pinger) Metrics(dst []kernel.Metric) []kernel.Metric { return a.still.Metrics(dst) }
func (*pinger) Checker() kernel.Checker                       { return anyChecker{} }

// anyChecker lets any number of nodes into the CS.
type anyChecker struct{}

func (anyChecker) Reset(*kernel.Topology)    {}
func (anyChecker) Enter(int32) (int32, bool) { return -1, true }
func (anyChecker) Exit(int32)                {}

// metric returns the named metric of r and whether it is there.
func metric(r kernel.Result, name string) (float64, bool) {
	for _, m := range r.Extra {
		if m.Name == name {
			return m.Value, true
		}
	}
	return 0, false
}

// writeFile writes text to a file of the test's own and returns its path.
func writeFile(t *testing.T, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "movement.tcl")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
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
	p := kernel.DefaultParams()
	p.N, p.Load, p.Seed, p.Warmup, p.Measure = 3, 2, 7, 0, 300
	p.Network, p.MovementFile = "ns2", path
	p.Net = map[string]float64{netmodel.Radius: 45}
	p.Delay = kernel.Delay{Kind: kernel.DelayExponential, A: 0.5}
	s := kernel.NewSim()
	requested := make([]float64, 3)
	var want [2]struct {
		n        int
		sum, max float64
	}
	entries := 0
	s.SetTrace(func(e kernel.TraceEvent) {
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
	p := kernel.DefaultParams()
	p.N, p.Load, p.Seed, p.Warmup, p.Measure = 12, 1, 3, 10, 100
	p.Network = "waypoint"
	p.Net = map[string]float64{netmodel.Side: 200, netmodel.Radius: 80, netmodel.SpeedMin: 0, netmodel.SpeedMax: 0}
	r, err := kernel.NewSim().Run(p, &pinger{})
	if err != nil {
		t.Fatal(err)
	}
	n, _ := metric(r, MetricEntriesStatic)
	mx, _ := metric(r, MetricWaitMaxStatic)
	mm, _ := metric(r, MetricWaitMaxMoving)
	if n != float64(r.CSEntries) || mx != r.WaitMax || !math.IsNaN(mm) {
		t.Fatalf("static network: entries_static %g of %d, wait_max_static %g (wait max %g), wait_max_moving %g", n, r.CSEntries, mx, r.WaitMax, mm)
	}
	p = kernel.DefaultParams()
	p.N, p.Load, p.Seed, p.Mobility = 12, 1, 3, 0.5
	r, err = kernel.NewSim().Run(p, &pinger{})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range MetricNames() {
		if _, ok := metric(r, name); ok {
			t.Fatalf("walter: metric %s present; the split does not apply where no node moves", name)
		}
	}
}
