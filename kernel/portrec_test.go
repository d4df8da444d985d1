package kernel

import (
	"errors"
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/kernel/topology"
)

// TestPortCapLimitNamesParameter: a walter trial whose links would need a port cap above
// the topology's limit (topology.MaxPortCap) fails at validation and at setup naming the
// parameter behind it.
func TestPortCapLimitNamesParameter(t *testing.T) {
	// 40,000 nodes of mean degree 35,000: PortCapFor gives n-1 = 39,999 ports.
	p := DefaultParams()
	p.N, p.Degree, p.Connectivity = 40_000, 35_000, 0
	var pe *ParamError
	if err := p.Validate(); !errors.As(err, &pe) || pe.Name != "degree" || !strings.Contains(pe.Msg, "39999") || !strings.Contains(pe.Msg, "32768") {
		t.Fatalf("Validate n = %d, degree %g: %v, want an error naming degree, the port cap and the limit", p.N, p.Degree, err)
	}
	_, err := NewSim().Run(p, loner{})
	if !errors.As(err, &pe) || pe.Name != "degree" || !strings.Contains(pe.Msg, "39999") || !strings.Contains(pe.Msg, "32768") {
		t.Fatalf("trial of n = %d, degree %g: %v, want an error naming degree, the port cap and the limit", p.N, p.Degree, err)
	}
}

// flooder sends flood messages on node 0's first port at its first request; node 1 answers
// the first one that arrives with as many of its own, while the rest of node 0's are still
// in flight toward it. Every request enters at once (its checker lets any node in).
type flooder struct {
	loner
	topo      *Topology
	flood     int
	sent, ans bool
}

func (*flooder) Name() string                { return "flooder" }
func (*flooder) MessageTypes() []MsgTypeInfo { return []MsgTypeInfo{{Name: "flood"}} }
func (a *flooder) Reset(env *Env) error {
	a.topo, a.sent, a.ans = env.Topo, false, false
	return nil
}
func (a *flooder) RequestCS(i int32, o *Outbox) {
	if i == 0 && !a.sent {
		a.sent = true
		for range a.flood {
			o.Send(a.topo.Up().Next(0, 0), Message{})
		}
	}
	o.EnterCS()
}
func (a *flooder) Receive(i int32, p Port, _ *Message, o *Outbox) {
	if i == 1 && !a.ans {
		a.ans = true
		for range a.flood {
			o.Send(p, Message{})
		}
	}
}

// TestInFlightLimit: topology.MaxInFlight messages in flight toward one port are counted exactly
// (and the link's load, both directions, beyond 16 bits), and one more stops the trial with
// an error at the send instead of wrapping the count.
func TestInFlightLimit(t *testing.T) {
	p := DefaultParams()
	p.N, p.Connectivity, p.Warmup, p.Measure, p.Seed = 2, 1, 0, 20, 1
	r, err := NewSim().Run(p, &flooder{flood: topology.MaxInFlight})
	if err != nil {
		t.Fatal(err)
	}
	// Node 1 answers at the first delivery, with topology.MaxInFlight-1 of node 0's still coming.
	if want := 2*topology.MaxInFlight - 1; r.MaxInFlightPerLink != want {
		t.Fatalf("at most %d messages in flight on the link, want %d", r.MaxInFlightPerLink, want)
	}
	_, err = NewSim().Run(p, &flooder{flood: topology.MaxInFlight + 1})
	var te *TrialError
	if !errors.As(err, &te) || te.Kind != ErrInvariant || !strings.Contains(te.Msg, "65535 messages already in flight") {
		t.Fatalf("sending %d messages at once: %v, want an invariant violation at the send", topology.MaxInFlight+1, err)
	}
}
