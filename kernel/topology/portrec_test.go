package topology

import (
	"math"
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/kernel/rng"
)

// TestPortRecHighestPort: a link at port MaxPortCap-1 at both ends reads back its peer's
// port exactly, and the port reads as NoPort again once the link is down (peerPort is 16
// bits wide, and -1 must survive the encoding). The lower ports are marked up without a
// link, so that Connect takes the highest port on two nodes instead of needing 32,769.
func TestPortRecHighestPort(t *testing.T) {
	var topo Topology
	if err := topo.Reset(2, MaxPortCap); err != nil {
		t.Fatal(err)
	}
	for i := range int32(2) {
		if got := topo.PeerPort(i, MaxPortCap-1); got != NoPort {
			t.Fatalf("node %d's free port %d reads peer port %d, want NoPort", i, MaxPortCap-1, got)
		}
		for p := range Port(MaxPortCap - 1) {
			topo.up.Add(i, p)
		}
	}
	pu, pv, err := topo.Connect(0, 1)
	if err != nil {
		t.Fatal(err)
	}
	if pu != MaxPortCap-1 || pv != MaxPortCap-1 {
		t.Fatalf("connected on ports %d and %d, want %d at both ends", pu, pv, MaxPortCap-1)
	}
	if got := topo.PeerPort(0, pu); got != pv {
		t.Fatalf("node 0's port %d reads peer port %d, want %d", pu, got, pv)
	}
	if got := topo.PeerPort(1, pv); got != pu {
		t.Fatalf("node 1's port %d reads peer port %d, want %d", pv, got, pu)
	}
	topo.Disconnect(topo.LinkIndex(0, pu))
	for i := range int32(2) {
		if got := topo.PeerPort(i, MaxPortCap-1); got != NoPort {
			t.Fatalf("node %d's port %d, down again, reads peer port %d, want NoPort", i, MaxPortCap-1, got)
		}
	}
}

// TestPortCapLimit: the topology refuses a port cap above MaxPortCap before allocating.
func TestPortCapLimit(t *testing.T) {
	var topo Topology
	if err := topo.Reset(2, MaxPortCap+1); err == nil || !strings.Contains(err.Error(), "32768") {
		t.Fatalf("Reset with port cap %d: %v, want an error naming the limit", MaxPortCap+1, err)
	}
	if cap(topo.ports) != 0 {
		t.Fatalf("a refused Reset allocated %d port records", cap(topo.ports))
	}
}

// TestFreePortIsZero: a port record of zero bytes reads as a free port (no peer, NoPort,
// no link), so that a port array fresh from the system is an empty topology, and a linked
// record reads back what it was given at the ends of every field's range.
func TestFreePortIsZero(t *testing.T) {
	var r PortRec
	if r.Up() || r.Peer() != -1 || r.PeerPort() != NoPort || r.Link() != -1 || r.Gen() != 0 || r.InFlight() != 0 {
		t.Fatalf("the zero record reads up %v, peer %d, peer port %d, link %d, gen %d, in flight %d; want a free port",
			r.Up(), r.Peer(), r.PeerPort(), r.Link(), r.Gen(), r.InFlight())
	}
	for _, c := range []struct {
		peer int32
		pp   Port
		k    int32
	}{{0, 0, 0}, {math.MaxInt32 - 1, MaxPortCap - 1, math.MaxInt32 - 1}, {7, 3, 11}} {
		r := linkedPort(c.peer, c.pp, 5, c.k)
		if !r.Up() || r.Peer() != c.peer || r.PeerPort() != c.pp || r.Link() != c.k || r.Gen() != 5 {
			t.Fatalf("linkedPort(%d, %d, 5, %d) reads up %v, peer %d, peer port %d, link %d, gen %d",
				c.peer, c.pp, c.k, r.Up(), r.Peer(), r.PeerPort(), r.Link(), r.Gen())
		}
		r.release()
		if r.Up() || r.Peer() != -1 || r.PeerPort() != NoPort || r.Link() != -1 || r.Gen() != 5 {
			t.Fatalf("released, the record reads up %v, peer %d, peer port %d, link %d, gen %d; want free, gen 5",
				r.Up(), r.Peer(), r.PeerPort(), r.Link(), r.Gen())
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
	var rng rng.Stream
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
			u, v, ok := RandomAbsentPair(&topo, &rng)
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

func allZero(recs []PortRec) bool {
	for _, r := range recs {
		if r != (PortRec{}) {
			return false
		}
	}
	return true
}
