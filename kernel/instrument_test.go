package kernel

import (
	"errors"
	"math"
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

// stillCounter is an algorithm with an instrument on the generic hooks: it records every
// measured entry the kernel reports (EntryObserver) and counts those whose node the probe
// shows still since its request.
type stillCounter struct {
	Algorithm // pinger or loner (neither cares about mutual exclusion)
	probe     Probe
	requested []float64 // per measured entry, in order
	entered   []float64
	nodes     []int32
	static    int64
}

func (a *stillCounter) Reset(env *Env) error {
	a.probe, a.requested, a.entered, a.nodes, a.static = env.Probe(), nil, nil, nil, 0
	return a.Algorithm.Reset(env)
}

func (a *stillCounter) Checker() Checker { return okChecker{} }

func (a *stillCounter) MeasuredEntry(i int32, requested, entered float64) {
	if a.probe.Now() != entered {
		panic("MeasuredEntry's entry time is not the probe's time")
	}
	a.requested, a.entered, a.nodes = append(a.requested, requested), append(a.entered, entered), append(a.nodes, i)
	if a.probe.Still(i, requested) {
		a.static++
	}
}

// TestEntryObserver: the kernel reports exactly the measured entries (not the warm-up's, not
// the drain's), in order, with the request and entry times the trace shows, and their waits
// make up the trial's.
func TestEntryObserver(t *testing.T) {
	p := DefaultParams()
	p.N, p.Load, p.Seed, p.Warmup, p.Measure = 12, 2, 5, 40, 200
	s := NewSim()
	requested := make([]float64, p.N)
	var want [][3]float64 // node, requested, entered of the measured entries
	entries := 0
	s.SetTrace(func(e TraceEvent) {
		switch e.Kind {
		case "request":
			requested[e.Node] = e.Time
		case "enter":
			if entries++; entries > p.Warmup && entries <= p.Warmup+p.Measure {
				want = append(want, [3]float64{float64(e.Node), requested[e.Node], e.Time})
			}
		}
	})
	a := &stillCounter{Algorithm: &pinger{}}
	r, err := s.Run(p, a)
	if err != nil {
		t.Fatal(err)
	}
	if len(a.nodes) != len(want) || int64(len(want)) != r.CSEntries {
		t.Fatalf("%d entries observed, %d measured in the trace, %d in the result", len(a.nodes), len(want), r.CSEntries)
	}
	sum := 0.0
	for k, w := range want {
		if float64(a.nodes[k]) != w[0] || a.requested[k] != w[1] || a.entered[k] != w[2] {
			t.Fatalf("entry %d: observed node %d requested %g entered %g, the trace says %v", k, a.nodes[k], a.requested[k], a.entered[k], w)
		}
		sum += w[2] - w[1]
	}
	if math.Abs(sum/float64(len(want))-r.WaitMean) > 1e-9*r.WaitMean || a.static != int64(len(want)) {
		t.Fatalf("observed waits' mean %g, the trial's %g; %d static of %d on a model that moves no node", sum/float64(len(want)), r.WaitMean, a.static, len(want))
	}
}

// TestProbe: an algorithm's probe reads the simulated time, says whether the network model
// moves nodes (walter does not: every node is still; package netmodel tests one that does),
// stops the trial on a violation, and outside a simulator reads 0 with every node still.
func TestProbe(t *testing.T) {
	var env Env
	if w := env.Probe(); w.Now() != 0 || !w.Still(3, 0) || w.Moves() {
		t.Fatal("a probe outside a simulator should read 0, move no node and have every node still")
	}
	env.Probe().Violation([]int32{1}, "ignored") // no simulator: nothing to stop
	s := NewSim()
	p := DefaultParams()
	p.N, p.Seed = 12, 1
	if err := s.setup(p, loner{}, nil); err != nil {
		t.Fatal(err)
	}
	w := s.env.Probe()
	for s.q.Len() > 0 && s.now < 5 {
		s.step()
	}
	if w.Now() != s.now || w.Moves() || !w.Still(0, 0) {
		t.Fatalf("probe reads %g at %g; moves: %v; node 0 still: %v (walter moves no node)", w.Now(), s.now, w.Moves(), w.Still(0, 0))
	}
	w.Violation([]int32{2, 3}, "node %d and node %d", 2, 3)
	var te *TrialError
	if !errors.As(s.err, &te) || te.Kind != ErrSafety || te.Msg != "node 2 and node 3" || len(te.Nodes) != 2 || te.Time != s.now {
		t.Fatalf("violation: %v, want a safety violation naming nodes 2 and 3 at %g", s.err, s.now)
	}
}
