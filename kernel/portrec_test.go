package kernel

import (
	"errors"
	"math"
	"strings"
	"testing"
)

// TestPortRecHighestPort: a link at port maxPortCap-1 at both ends reads back its peer's
// port exactly, and the port reads as NoPort again once the link is down (peerPort is 16
// bits wide, and -1 must survive the encoding). The lower ports are marked up without a
// link, so that Connect takes the highest port on two nodes instead of needing 32,769.
func TestPortRecHighestPort(t *testing.T) {
	var topo Topology
	if err := topo.Reset(2, maxPortCap); err != nil {
		t.Fatal(err)
	}
	for i := range int32(2) {
		if got := topo.PeerPort(i, maxPortCap-1); got != NoPort {
			t.Fatalf("node %d's free port %d reads peer port %d, want NoPort", i, maxPortCap-1, got)
		}
		for p := range Port(maxPortCap - 1) {
			topo.up.Add(i, p)
		}
	}
	pu, pv, err := topo.Connect(0, 1)
	if err != nil {
		t.Fatal(err)
	}
	if pu != maxPortCap-1 || pv != maxPortCap-1 {
		t.Fatalf("connected on ports %d and %d, want %d at both ends", pu, pv, maxPortCap-1)
	}
	if got := topo.PeerPort(0, pu); got != pv {
		t.Fatalf("node 0's port %d reads peer port %d, want %d", pu, got, pv)
	}
	if got := topo.PeerPort(1, pv); got != pu {
		t.Fatalf("node 1's port %d reads peer port %d, want %d", pv, got, pu)
	}
	topo.Disconnect(topo.LinkIndex(0, pu))
	for i := range int32(2) {
		if got := topo.PeerPort(i, maxPortCap-1); got != NoPort {
			t.Fatalf("node %d's port %d, down again, reads peer port %d, want NoPort", i, maxPortCap-1, got)
		}
	}
}

// TestPortCapLimit: the topology refuses a port cap above maxPortCap before allocating,
// and a walter trial whose links would need one fails at setup naming the parameter.
func TestPortCapLimit(t *testing.T) {
	var topo Topology
	if err := topo.Reset(2, maxPortCap+1); err == nil || !strings.Contains(err.Error(), "32768") {
		t.Fatalf("Reset with port cap %d: %v, want an error naming the limit", maxPortCap+1, err)
	}
	if cap(topo.ports) != 0 {
		t.Fatalf("a refused Reset allocated %d port records", cap(topo.ports))
	}
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

// TestInFlightLimit: maxInFlight messages in flight toward one port are counted exactly
// (and the link's load, both directions, beyond 16 bits), and one more stops the trial with
// an error at the send instead of wrapping the count.
func TestInFlightLimit(t *testing.T) {
	p := DefaultParams()
	p.N, p.Connectivity, p.Warmup, p.Measure, p.Seed = 2, 1, 0, 20, 1
	r, err := NewSim().Run(p, &flooder{flood: maxInFlight})
	if err != nil {
		t.Fatal(err)
	}
	// Node 1 answers at the first delivery, with maxInFlight-1 of node 0's still coming.
	if want := 2*maxInFlight - 1; r.MaxInFlightPerLink != want {
		t.Fatalf("at most %d messages in flight on the link, want %d", r.MaxInFlightPerLink, want)
	}
	_, err = NewSim().Run(p, &flooder{flood: maxInFlight + 1})
	var te *TrialError
	if !errors.As(err, &te) || te.Kind != ErrInvariant || !strings.Contains(te.Msg, "65535 messages already in flight") {
		t.Fatalf("sending %d messages at once: %v, want an invariant violation at the send", maxInFlight+1, err)
	}
}

// TestFreePortIsZero: a port record of zero bytes reads as a free port (no peer, NoPort,
// no link), so that a port array fresh from the system is an empty topology, and a linked
// record reads back what it was given at the ends of every field's range.
func TestFreePortIsZero(t *testing.T) {
	var r portRec
	if r.up() || r.peer() != -1 || r.peerPort() != NoPort || r.link() != -1 || r.gen != 0 || r.inflight != 0 {
		t.Fatalf("the zero record reads up %v, peer %d, peer port %d, link %d, gen %d, in flight %d; want a free port",
			r.up(), r.peer(), r.peerPort(), r.link(), r.gen, r.inflight)
	}
	for _, c := range []struct {
		peer int32
		pp   Port
		k    int32
	}{{0, 0, 0}, {math.MaxInt32 - 1, maxPortCap - 1, math.MaxInt32 - 1}, {7, 3, 11}} {
		r := linkedPort(c.peer, c.pp, 5, c.k)
		if !r.up() || r.peer() != c.peer || r.peerPort() != c.pp || r.link() != c.k || r.gen != 5 {
			t.Fatalf("linkedPort(%d, %d, 5, %d) reads up %v, peer %d, peer port %d, link %d, gen %d",
				c.peer, c.pp, c.k, r.up(), r.peer(), r.peerPort(), r.link(), r.gen)
		}
		r.release()
		if r.up() || r.peer() != -1 || r.peerPort() != NoPort || r.link() != -1 || r.gen != 5 {
			t.Fatalf("released, the record reads up %v, peer %d, peer port %d, link %d, gen %d; want free, gen 5",
				r.up(), r.peer(), r.peerPort(), r.link(), r.gen)
		}
	}
}

// TestResetLinksClearsReused: ResetLinks leaves a fresh port array as it is (zero bytes,
// every port free) and clears one reused from a trial with links, spill rows and bumped
// generations: every record zero again, every port free, generation 0.
func TestResetLinksClearsReused(t *testing.T) {
	const n, links = 2000, 8000
	pc := PortCapFor(n, links)
	topo := Topology{spillAt: spillAlways} // spills though small
	var rng Stream
	for trial := range 3 {
		if err := topo.ResetLinks(n, pc, links); err != nil {
			t.Fatal(err)
		}
		if trial == 0 && !allZero(topo.ports[:cap(topo.ports)]) {
			t.Fatal("a new port array is not all zero bytes")
		}
		if !allZero(topo.ports) {
			t.Fatalf("trial %d: ResetLinks left port records set from the trial before", trial)
		}
		for i := range int32(n) {
			for p := range Port(pc) {
				if topo.Peer(i, p) != -1 || topo.PeerPort(i, p) != NoPort || topo.LinkIndex(i, p) != -1 || topo.Gen(i, p) != 0 {
					t.Fatalf("trial %d: node %d's port %d is not free after ResetLinks", trial, i, p)
				}
			}
		}
		rng.Seed(uint64(trial + 1))
		if err := RandomConnected(&topo, links, &rng); err != nil {
			t.Fatal(err)
		}
		// Links down and up again, so that generations move past 1 and spill rows are used.
		for range 200 {
			topo.Disconnect(0)
			u, v, ok := randomAbsentPair(&topo, &rng)
			if ok {
				if _, _, err := topo.Connect(u, v); err != nil {
					t.Fatal(err)
				}
			}
		}
		if topo.spills == 0 {
			t.Fatal("no node spilled: the test would not see spill rows reused")
		}
	}
}

func allZero(recs []portRec) bool {
	for _, r := range recs {
		if r != (portRec{}) {
			return false
		}
	}
	return true
}
