package kernel_test

import (
	"errors"
	"math"
	"reflect"
	"testing"

	"github.com/mutexlab/mutexlab/kernel"
)

// asker is a tiny local-permission algorithm for crash tests: a requesting node asks every
// neighbour and enters once all have answered; a node answers every ask at once. A crashed
// neighbour never answers, so exactly the live neighbours of crashed nodes block (failure
// locality 1).
type asker struct {
	topo    *kernel.Topology
	missing []int
	calls   []int // handler calls per node
}

func (a *asker) Name() string { return "asker" }
func (a *asker) MessageTypes() []kernel.MsgTypeInfo {
	return []kernel.MsgTypeInfo{{Name: "ask"}, {Name: "ok"}}
}
func (a *asker) Reset(env *kernel.Env) error {
	a.topo = env.Topo
	a.missing = make([]int, env.N)
	a.calls = make([]int, env.N)
	return nil
}
func (a *asker) RequestCS(i int32, out *kernel.Outbox) {
	a.calls[i]++
	a.missing[i] = a.topo.Degree(i)
	for p := a.topo.Up().Next(i, 0); p >= 0; p = a.topo.Up().Next(i, p+1) {
		out.Send(p, kernel.Message{Type: 0})
	}
	if a.missing[i] == 0 {
		out.EnterCS()
	}
}
func (a *asker) ReleaseCS(i int32, _ *kernel.Outbox) { a.calls[i]++ }
func (a *asker) Receive(i int32, p kernel.Port, m *kernel.Message, out *kernel.Outbox) {
	a.calls[i]++
	if m.Type == 0 {
		out.Send(p, kernel.Message{Type: 1})
		return
	}
	if a.missing[i]--; a.missing[i] == 0 {
		out.EnterCS()
	}
}
func (a *asker) LinkUp(i int32, _ kernel.Port, _ *kernel.Outbox)   { a.calls[i]++ }
func (a *asker) LinkDown(i int32, _ kernel.Port, _ *kernel.Outbox) { a.calls[i]++ }

type anyChecker struct{}

func (anyChecker) Reset(*kernel.Topology)    {}
func (anyChecker) Enter(int32) (int32, bool) { return -1, true }
func (anyChecker) Exit(int32)                {}
func (a *asker) Checker() kernel.Checker     { return anyChecker{} }
func crashParams(seed uint64) kernel.Params {
	p := kernel.DefaultParams()
	p.N, p.Links, p.Connectivity, p.Seed = 12, 11, 0, seed // a random spanning tree
	p.Load, p.Warmup, p.Measure, p.StarveAfter = 1, 20, 300, 200
	return p
}

// TestCrashBadInput: a crash of a node that does not exist, at a time outside the run, twice,
// or a negative rate is a *ParamError naming the parameter, before any trial runs.
func TestCrashBadInput(t *testing.T) {
	for _, c := range []struct {
		name string
		set  func(*kernel.Params)
		want string
	}{
		{"node too large", func(p *kernel.Params) { p.Crashes = []kernel.Crash{{Node: 12, Time: 1}} }, "crashes"},
		{"negative node", func(p *kernel.Params) { p.Crashes = []kernel.Crash{{Node: -1, Time: 1}} }, "crashes"},
		{"negative time", func(p *kernel.Params) { p.Crashes = []kernel.Crash{{Node: 1, Time: -1}} }, "crashes"},
		{"time past horizon", func(p *kernel.Params) { p.Crashes = []kernel.Crash{{Node: 1, Time: 200}} }, "crashes"},
		{"same node twice", func(p *kernel.Params) { p.Crashes = []kernel.Crash{{Node: 1, Time: 5}, {Node: 1, Time: 6}} }, "crashes"},
		{"negative rate", func(p *kernel.Params) { p.CrashRate = -0.5 }, "crash_rate"},
		{"negative response bound", func(p *kernel.Params) { p.ResponseBound = -1 }, "response_bound"},
		{"response bound NaN", func(p *kernel.Params) { p.ResponseBound = math.NaN() }, "response_bound"},
		{"response bound without crashes", func(p *kernel.Params) { p.Crashes, p.ResponseBound = nil, 5 }, "response_bound"},
	} {
		p := crashParams(1)
		c.set(&p)
		a := &asker{}
		_, err := kernel.NewSim().Run(p, a)
		var pe *kernel.ParamError
		if !errors.As(err, &pe) || pe.Name != c.want {
			t.Errorf("%s: got %v, want a *ParamError naming %s", c.name, err, c.want)
		}
		if a.calls != nil {
			t.Errorf("%s: the algorithm was reset: a trial started", c.name)
		}
	}
}

// TestCrashSemantics: after its crash a node's handlers are never called; messages to it are
// dropped and counted; messages it sent before are delivered; exactly its live neighbours
// that asked block, at distance 1.
func TestCrashSemantics(t *testing.T) {
	p := crashParams(7)
	p.Crashes = []kernel.Crash{{Node: 3, Time: 40}}
	a := &asker{}
	sim := kernel.NewSim()
	var callsAtCrash int
	lastRecvFrom3 := -1.0
	sim.SetTrace(func(e kernel.TraceEvent) {
		switch {
		case e.Kind == "crash":
			callsAtCrash = a.calls[3]
		case e.Node == 3 && e.Time > 40:
			t.Errorf("node 3 acted after its crash: %v", e)
		case e.Kind == "recv" && e.Peer == 3:
			lastRecvFrom3 = max(lastRecvFrom3, e.Time)
		}
	})
	r, err := sim.Run(p, a)
	if err != nil {
		t.Fatal(err)
	}
	if a.calls[3] != callsAtCrash {
		t.Errorf("node 3's handlers ran %d times after its crash", a.calls[3]-callsAtCrash)
	}
	if r.Crashed != 1 || r.MsgsToCrashed == 0 {
		t.Errorf("crashed %d, messages dropped at the crashed node %d; want 1 and > 0", r.Crashed, r.MsgsToCrashed)
	}
	if lastRecvFrom3 <= 40 {
		t.Logf("no message from node 3 was in flight at its crash (last delivery %g)", lastRecvFrom3)
	}
	if lastRecvFrom3 > 41 { // constant delay 1: nothing sent by 3 can arrive after 41
		t.Errorf("a message from node 3 arrived at %g, after its crash + one delay", lastRecvFrom3)
	}
	deg := sim.Topology().Degree(3)
	got := sim.BlockedDistances(nil)
	if len(got) != deg || r.Blocked != deg || r.FailureLocality != 1 {
		t.Fatalf("blocked %v (Blocked=%d, failure locality %d); want the %d neighbours of node 3 at distance 1", got, r.Blocked, r.FailureLocality, deg)
	}
	for _, b := range got {
		if !sim.Topology().Adjacent(b[0], 3) || b[1] != 1 {
			t.Errorf("node %d blocked at distance %d, not a neighbour of the crash", b[0], b[1])
		}
	}
}

// TestCrashRateDeterministic: rate-driven crashes happen, never take the last live node, and
// are a pure function of the seed.
func TestCrashRateDeterministic(t *testing.T) {
	p := crashParams(3)
	p.CrashRate = 0.05
	sim := kernel.NewSim()
	r1, err := sim.Run(p, &asker{})
	if err != nil {
		t.Fatal(err)
	}
	r2, err := sim.Run(p, &asker{})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(r1, r2) {
		t.Fatalf("same seed, different results:\n%+v\n%+v", r1, r2)
	}
	if r1.Crashed < 1 || r1.Crashed > p.N-1 {
		t.Fatalf("crashed %d nodes at rate %g over %g time units", r1.Crashed, p.CrashRate, r1.SimTime)
	}
	if r1.FailureLocality != 1 && r1.Blocked > 0 {
		t.Fatalf("asker has failure locality 1, measured %d", r1.FailureLocality)
	}
}

// TestNoCrashNoMetrics: without crashes the crash fields stay zero and no crash metric is added.
func TestNoCrashNoMetrics(t *testing.T) {
	r, err := kernel.NewSim().Run(crashParams(2), &asker{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Crashed != 0 || r.Blocked != 0 || r.MsgsToCrashed != 0 || len(r.Extra) != 0 {
		t.Fatalf("crash accounting without crashes: %+v", r)
	}
}

// TestScriptedCrash: Sim.Crash in a scripted scenario: the crashed node ignores requests and
// messages, and its neighbours' asks go unanswered.
func TestScriptedCrash(t *testing.T) {
	sim := kernel.NewSim()
	a := &asker{}
	p := kernel.Params{N: 3}
	if err := sim.Script(p, a, [][2]int32{{0, 1}, {1, 2}}); err != nil {
		t.Fatal(err)
	}
	if err := sim.Crash(1); err != nil {
		t.Fatal(err)
	}
	if err := sim.Crash(3); err == nil {
		t.Fatal("crash of node 3 of 3 accepted")
	}
	for _, i := range []int32{0, 1, 2} {
		if err := sim.RequestCS(i); err != nil {
			t.Fatal(err)
		}
	}
	if err := sim.Settle(); err != nil {
		t.Fatal(err)
	}
	if !sim.Waiting(0) || !sim.Waiting(2) || sim.Waiting(1) || a.calls[1] != 0 {
		t.Fatalf("waiting 0:%v 1:%v 2:%v; node 1's handlers ran %d times", sim.Waiting(0), sim.Waiting(1), sim.Waiting(2), a.calls[1])
	}
}

// extra returns the named metric of r (NaN when absent).
func extra(r kernel.Result, name string) float64 {
	for _, m := range r.Extra {
		if m.Name == name {
			return m.Value
		}
	}
	return math.NaN()
}

// TestFailureLocalityByResponse: Definition 1 of Attiya, Kogan and Welch. asker's crash-free
// wait is 2 (ask and answer, delay 1): with T = 5 the late requests are exactly those of the
// crashed node's neighbours, so the measured locality is 1 and no late request lacks a crash.
func TestFailureLocalityByResponse(t *testing.T) {
	p := crashParams(7)
	p.Crashes = []kernel.Crash{{Node: 3, Time: 40}}
	p.ResponseBound = 5
	sim := kernel.NewSim()
	r, err := sim.Run(p, &asker{})
	if err != nil {
		t.Fatal(err)
	}
	late, noCrash, fl := extra(r, kernel.MetricLate), extra(r, kernel.MetricLateNoCrash), extra(r, kernel.MetricFailureLocalityResponse)
	if !(late >= float64(r.Blocked)) || late == 0 || noCrash != 0 || fl != 1 {
		t.Fatalf("late %g (blocked %d), late with no crash %g, locality %g; want late >= blocked > 0, 0, 1", late, r.Blocked, noCrash, fl)
	}
	if fl != float64(r.FailureLocality) {
		t.Errorf("static asker: Definition 1 gives %g, the blocked measure %d; want the same", fl, r.FailureLocality)
	}
	p.ResponseBound = 0
	r0, err := sim.Run(p, &asker{})
	if err != nil {
		t.Fatal(err)
	}
	if len(r0.Extra) != len(kernel.CrashMetricNames()) || !math.IsNaN(extra(r0, kernel.MetricLate)) {
		t.Errorf("response_bound 0: metrics %v, want only %v", r0.Extra, kernel.CrashMetricNames())
	}
	r.Extra = r.Extra[:len(r0.Extra)]
	if !reflect.DeepEqual(r, r0) {
		t.Errorf("the measure changed the trial:\n%+v\n%+v", r, r0)
	}
}

// TestFailureLocalityByResponseDeadline: with T = 1.5 below asker's crash-free wait of 2,
// every request is late; one whose deadline (request + T) came before the crash at time 40
// has no crash to explain it and is counted in late_no_crash, not in the locality.
func TestFailureLocalityByResponseDeadline(t *testing.T) {
	p := crashParams(7)
	p.Crashes = []kernel.Crash{{Node: 3, Time: 40}}
	p.ResponseBound = 1.5
	var early int // requests with their deadline before the crash
	sim := kernel.NewSim()
	sim.SetTrace(func(e kernel.TraceEvent) {
		if e.Kind == "request" && e.Time+1.5 < 40 {
			early++
		}
	})
	r, err := sim.Run(p, &asker{})
	if err != nil {
		t.Fatal(err)
	}
	if early == 0 {
		t.Fatal("no request before the crash: the test proves nothing")
	}
	if noCrash := extra(r, kernel.MetricLateNoCrash); noCrash < float64(early) {
		t.Fatalf("late with no crash %g, want at least the %d requests whose deadline preceded the crash", noCrash, early)
	}
	if late := extra(r, kernel.MetricLate); late < float64(r.CSEntries) {
		t.Fatalf("late %g, want every one of at least %d entries", late, r.CSEntries)
	}
}

// TestCrashMeasureNeedsCheckedLiveness: blocked and failure_locality rest on "never ate
// again", which only a drain run to its end shows. With the drain skipped or cut short the
// nodes still waiting might yet eat: the blocked measure is not taken (0 in Result, NaN in
// Extra, no blocked distances), every waiting request counts as pending, and the crash count
// is still reported. The full drain of the same seed measures it.
func TestCrashMeasureNeedsCheckedLiveness(t *testing.T) {
	p := crashParams(7)
	p.Crashes = []kernel.Crash{{Node: 3, Time: 40}}
	sim := kernel.NewSim()
	full, err := sim.Run(p, &asker{})
	if err != nil {
		t.Fatal(err)
	}
	if !full.LivenessChecked || full.Blocked == 0 || full.FailureLocality != 1 || extra(full, kernel.MetricBlocked) != float64(full.Blocked) {
		t.Fatalf("full drain: liveness checked %v, blocked %d, failure locality %d, metric %g; want true, > 0, 1, the same",
			full.LivenessChecked, full.Blocked, full.FailureLocality, extra(full, kernel.MetricBlocked))
	}
	for _, c := range []struct {
		name string
		set  func(*kernel.Params)
	}{
		{"drain none", func(p *kernel.Params) { p.Drain = kernel.DrainNone }},
		{"drain cut short", func(p *kernel.Params) { p.DrainMaxEvents = 3 }},
	} {
		q := p
		c.set(&q)
		r, err := sim.Run(q, &asker{})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		waiting := 0
		for i := range int32(q.N) {
			if sim.Waiting(i) {
				waiting++
			}
		}
		if r.LivenessChecked || waiting == 0 || r.PendingAtEnd != waiting {
			t.Errorf("%s: liveness checked %v, pending %d, %d nodes waiting; want false and every waiting request pending", c.name, r.LivenessChecked, r.PendingAtEnd, waiting)
		}
		if r.Blocked != 0 || r.FailureLocality != 0 || len(sim.BlockedDistances(nil)) != 0 {
			t.Errorf("%s: blocked %d, failure locality %d, distances %v; want the measure not taken", c.name, r.Blocked, r.FailureLocality, sim.BlockedDistances(nil))
		}
		if b, fl := extra(r, kernel.MetricBlocked), extra(r, kernel.MetricFailureLocality); !math.IsNaN(b) || !math.IsNaN(fl) {
			t.Errorf("%s: metrics blocked %g, failure_locality %g; want NaN (not measured)", c.name, b, fl)
		}
		if r.Crashed != 1 || extra(r, kernel.MetricCrashed) != 1 || len(r.Extra) != len(kernel.CrashMetricNames()) {
			t.Errorf("%s: crashed %d, metrics %v; want 1 and every crash metric present", c.name, r.Crashed, r.Extra)
		}
	}
}
