package topology

import (
	"testing"

	"github.com/mutexlab/mutexlab/kernel/rng"
)

// TestConnectedWithoutMatchesBruteForce compares the bridge test with removing the link and
// checking connectivity from scratch, over random graphs and link changes.
func TestConnectedWithoutMatchesBruteForce(t *testing.T) {
	var rng rng.Stream
	for seed := uint64(1); seed <= 40; seed++ {
		rng.Seed(seed)
		var topo Topology
		n := 2 + rng.IntN(20)
		topo.Reset(n, PortCapFor(n, MaxLinks(n)))
		links := MinLinks(n) + rng.IntN(MaxLinks(n)-MinLinks(n)+1)
		if err := RandomConnected(&topo, links, &rng); err != nil {
			t.Fatal(err)
		}
		if topo.NumLinks() != links || !topo.Connected() {
			t.Fatalf("seed %d: %d links (want %d), connected %v", seed, topo.NumLinks(), links, topo.Connected())
		}
		for k := 0; k < topo.NumLinks(); k++ {
			want := func() bool {
				u, v, _, _ := topo.Disconnect(k)
				ok := topo.Connected()
				if _, _, err := topo.Connect(u, v); err != nil {
					t.Fatal(err)
				}
				return ok
			}
			got := topo.ConnectedWithout(k) // (removing and re-adding k reorders links; every index is still visited)
			if w := want(); got != w {
				t.Fatalf("seed %d: ConnectedWithout = %v, brute force %v", seed, got, w)
			}
		}
	}
}

func TestPickRemovableLinkSkipsBusyLinksAndBridges(t *testing.T) {
	var topo Topology
	topo.Reset(4, 3)
	// A triangle 0-1-2 plus a pendant 3 on 2: 2-3 is a bridge.
	for _, e := range [][2]int32{{0, 1}, {1, 2}, {0, 2}, {2, 3}} {
		if _, _, err := topo.Connect(e[0], e[1]); err != nil {
			t.Fatal(err)
		}
	}
	// Put a message in flight on 0-1 and on 1-2: only 0-2 may go.
	topo.ports[topo.slot(0, topo.PortTo(0, 1))].inflight++
	topo.ports[topo.slot(2, topo.PortTo(2, 1))].inflight++
	var rng rng.Stream
	for seed := uint64(0); seed < 50; seed++ {
		rng.Seed(seed)
		k, ok := PickRemovableLink(&topo, &rng)
		u, v := topo.Link(k)
		if !ok || !(u == 0 && v == 2 || u == 2 && v == 0) {
			t.Fatalf("picked %d-%d (ok %v), want 0-2", u, v, ok)
		}
	}
}

func TestRandomConnectedIsDeterministic(t *testing.T) {
	build := func() []int32 {
		var topo Topology
		var rng rng.Stream
		rng.Seed(42)
		topo.Reset(50, PortCapFor(50, 200))
		if err := RandomConnected(&topo, 200, &rng); err != nil {
			t.Fatal(err)
		}
		var out []int32
		for k := 0; k < topo.NumLinks(); k++ {
			u, v := topo.Link(k)
			out = append(out, u, v)
		}
		return out
	}
	a, b := build(), build()
	for k := range a {
		if a[k] != b[k] {
			t.Fatal("same seed, different graph")
		}
	}
}

// TestSpillRoomReserved: Reset makes room for a spill row per 16 nodes (spillRoom), so that the first
// spills of a large sparse network do not reallocate the port array (and leave the old one,
// hundreds of MB at n = 10^6, to the collector); more spills than that still work.
func TestSpillRoomReserved(t *testing.T) {
	const n, pc = 640, 40 // 20 ports inline, spill rows of 20
	topo := Topology{spillAt: spillAlways}
	topo.Reset(n, pc)
	ports := &topo.ports[:1][0]
	star := func(hub int32, leaves int) { // a leaf is in at most two stars: it never spills
		for k := 1; k <= leaves; k++ {
			if _, _, err := topo.Connect(hub, (hub+int32(k))%n); err != nil {
				t.Fatal(err)
			}
		}
	}
	room := int32(spillRoom(n))
	for hub := int32(0); hub < room; hub++ { // as many nodes spill as there is room for
		star(hub*15, 21)
	}
	if topo.spills != int(room) || &topo.ports[:1][0] != ports {
		t.Fatalf("%d spill rows (room for %d) moved the port array", topo.spills, room)
	}
	hub := room * 15
	star(hub, 25) // one more spill than the room: the array grows
	// (port 0 of hub is its link to hub − 15, whose star it is a leaf of)
	if topo.spills != int(room)+1 || topo.Peer(hub, 25) != (hub+25)%n {
		t.Fatalf("the spill beyond the reserved room: %d spill rows, port 25 of node %d reaches %d", topo.spills, hub, topo.Peer(hub, 25))
	}
}

// refLink is a link as TestLinksMatchReference keeps it: both ends, their ports, and the
// messages in flight toward each end.
type refLink struct {
	u, v     int32
	pu, pv   Port
	toU, toV int
}

// TestLinksMatchReference checks what the topology reads from its links, each of which keeps
// one end and finds the other in that end's port record (linkAt), against a list of both
// ends kept here: over random connects, disconnects (most of which move the last link into
// the place of the one taken down), messages put in flight and dropped, with every port
// inline and with most spilled. Link(k) must return the ends in the order they were
// connected, InFlight(k) and LinkIdle(k) must count both directions, Disconnect must return
// both ends and their ports, and every port's record must name its link and its peer.
func TestLinksMatchReference(t *testing.T) {
	for _, inline := range []spillRule{spillBySize, 2} { // by size: every port inline (a small topology)
		var rng rng.Stream
		for seed := uint64(1); seed <= 20; seed++ {
			rng.Seed(seed)
			topo := Topology{spillAt: inline}
			n := 3 + rng.IntN(30)
			topo.Reset(n, n-1)
			var links []refLink
			for step := 0; step < 2000; step++ {
				switch op := rng.IntN(10); {
				case op < 4 || len(links) == 0: // connect, either end first
					u, v := RandomPair(n, &rng)
					if topo.Adjacent(u, v) {
						continue
					}
					pu, pv, err := topo.Connect(u, v)
					if err != nil {
						t.Fatal(err)
					}
					links = append(links, refLink{u: u, v: v, pu: pu, pv: pv})
				case op < 7: // put a message in flight toward a random end of a random link
					l := &links[rng.IntN(len(links))]
					if rng.IntN(2) == 0 {
						topo.ports[topo.slot(l.u, l.pu)].inflight++
						l.toU++
					} else {
						topo.ports[topo.slot(l.v, l.pv)].inflight++
						l.toV++
					}
				default: // take a random link down, dropping its messages in flight if any
					k := rng.IntN(len(links))
					if links[k].toU+links[k].toV > 0 {
						topo.DropInFlight(k)
					}
					u, v, pu, pv := topo.Disconnect(k)
					l := links[k]
					if u != l.u || v != l.v || pu != l.pu || pv != l.pv {
						t.Fatalf("seed %d step %d: Disconnect(%d) = %d:%d-%d:%d, want %d:%d-%d:%d",
							seed, step, k, u, pu, v, pv, l.u, l.pu, l.v, l.pv)
					}
					links[k] = links[len(links)-1]
					links = links[:len(links)-1]
				}
				checkLinks(t, &topo, links)
			}
		}
	}
}

// checkLinks compares topo's links with want, link by link, and checks that each link's
// ports are up and name it and each other, and that no other port is up.
func checkLinks(t *testing.T, topo *Topology, want []refLink) {
	t.Helper()
	if topo.NumLinks() != len(want) {
		t.Fatalf("%d links, want %d", topo.NumLinks(), len(want))
	}
	ports := 0
	for k, l := range want {
		if u, v := topo.Link(k); u != l.u || v != l.v {
			t.Fatalf("Link(%d) = %d-%d, want %d-%d", k, u, v, l.u, l.v)
		}
		if m := l.toU + l.toV; topo.InFlight(k) != m || topo.LinkIdle(k) != (m == 0) {
			t.Fatalf("link %d: InFlight %d, LinkIdle %v, want %d in flight", k, topo.InFlight(k), topo.LinkIdle(k), m)
		}
		if !topo.Up().Has(l.u, l.pu) || !topo.Up().Has(l.v, l.pv) ||
			topo.LinkIndex(l.u, l.pu) != k || topo.LinkIndex(l.v, l.pv) != k ||
			topo.Peer(l.u, l.pu) != l.v || topo.PeerPort(l.u, l.pu) != l.pv ||
			topo.Peer(l.v, l.pv) != l.u || topo.PeerPort(l.v, l.pv) != l.pu {
			t.Fatalf("link %d (%d:%d-%d:%d): port records name links %d and %d", k, l.u, l.pu, l.v, l.pv,
				topo.LinkIndex(l.u, l.pu), topo.LinkIndex(l.v, l.pv))
		}
		ports += 2
	}
	for i := int32(0); int(i) < topo.N(); i++ {
		for p := topo.Up().Next(i, 0); p >= 0; p = topo.Up().Next(i, p+1) {
			ports--
		}
	}
	if ports != 0 {
		t.Fatalf("%d more ports up than links have ends", -ports)
	}
}

// TestConnectedWithoutRowsMatchesPorts compares the adjacency-row bridge test of small
// networks with the port search over random graphs of 2 to 64 nodes (rows inside a word,
// across two words, and n = 64, whose mask is every bit), sparse to dense, through link
// changes that take links down and form others (freed ports, moved link indices), with
// every port inline and with ports spilled. It also checks that ConnectedWithout takes the
// rows for n <= 64 (by breaking them: a test's hook) and the ports above.
func TestConnectedWithoutRowsMatchesPorts(t *testing.T) {
	for _, spill := range []bool{false, true} {
		rule := spillBySize
		if spill {
			rule = 2
		}
		var rng rng.Stream
		bridges, total, spilled := 0, 0, 0
		for seed := uint64(1); seed <= 300; seed++ {
			rng.Seed(seed)
			topo := Topology{spillAt: rule}
			n := 2 + rng.IntN(63)
			if seed%10 == 0 {
				n = 64
			}
			if err := topo.Reset(n, PortCapFor(n, MaxLinks(n))); err != nil {
				t.Fatal(err)
			}
			// Mostly sparse graphs (near a tree, where bridges are), some dense.
			hi := min(MaxLinks(n), MinLinks(n)+1+rng.IntN(3*n))
			links := MinLinks(n) + rng.IntN(hi-MinLinks(n)+1)
			if err := RandomConnected(&topo, links, &rng); err != nil {
				t.Fatal(err)
			}
			spilled += topo.spills
			for change := 0; change < 8; change++ {
				for k := 0; k < topo.NumLinks(); k++ {
					u, v, _, _ := topo.linkAt(k)
					rows, ports := topo.connectedWithoutRows(u, v), topo.connectedWithoutPorts(k, u, v)
					if rows != ports {
						t.Fatalf("spill %v seed %d n %d change %d link %d (%d-%d): rows %v, ports %v", spill, seed, n, change, k, u, v, rows, ports)
					}
					if got := topo.ConnectedWithout(k); got != ports {
						t.Fatalf("spill %v seed %d: ConnectedWithout %v, ports %v", spill, seed, got, ports)
					}
					total++
					if !ports {
						bridges++
					}
				}
				// Take a link down (the graph may split: the searches must still agree),
				// then form one or two absent links.
				if m := topo.NumLinks(); m > 0 {
					topo.Disconnect(rng.IntN(m))
				}
				for f := rng.IntN(3); f > 0; f-- {
					if x, y, ok := RandomAbsentPair(&topo, &rng); ok {
						if _, _, err := topo.Connect(x, y); err != nil {
							t.Fatal(err)
						}
					}
				}
			}
		}
		if spill != (spilled > 0) {
			t.Fatalf("spill %v: %d spill rows handed out", spill, spilled)
		}
		// Both answers must be common, or agreement proves little.
		if bridges < total/20 || bridges > total-total/20 {
			t.Fatalf("spill %v: %d bridges of %d links tested", spill, bridges, total)
		}
		t.Logf("spill %v: %d bridges of %d links, %d spill rows", spill, bridges, total, spilled)
	}
}

// TestConnectedWithoutRowsPath checks that the rows answer for n <= 64 and the ports above:
// a link whose row bits are cleared by hand (the ports still hold it) is a bridge to the
// rows only.
func TestConnectedWithoutRowsPath(t *testing.T) {
	for _, n := range []int{3, 64, 65} {
		var topo Topology
		if err := topo.Reset(n, n-1); err != nil {
			t.Fatal(err)
		}
		// A triangle 0-1-2: no link is a bridge.
		for _, e := range [][2]int32{{0, 1}, {1, 2}, {0, 2}} {
			if _, _, err := topo.Connect(e[0], e[1]); err != nil {
				t.Fatal(err)
			}
		}
		k := topo.LinkIndex(0, topo.PortTo(0, 1))
		if !topo.ConnectedWithout(k) {
			t.Fatalf("n %d: 0-1 in a triangle is a bridge", n)
		}
		topo.setAdj(1, 2, false) // the rows lose 1-2; the ports keep it
		if got, want := topo.ConnectedWithout(k), n > 64; got != want {
			t.Fatalf("n %d: ConnectedWithout = %v with the row of 1-2 cleared, want %v", n, got, want)
		}
	}
}

// pickRemovableLinkPlain is PickRemovableLink as it was before its answers were kept per
// call: every question is a port search.
func pickRemovableLinkPlain(t *Topology, rng *rng.Stream) (int, bool) {
	m := t.NumLinks()
	if m == 0 || m == t.N()-1 && t.Connected() {
		return -1, false
	}
	ok := func(k int) bool {
		u, v, _, _ := t.linkAt(k)
		return t.LinkIdle(k) && t.connectedWithoutPorts(k, u, v)
	}
	for try := 0; try < 4*m; try++ {
		if k := rng.IntN(m); ok(k) {
			return k, true
		}
	}
	count := 0
	for k := 0; k < m; k++ {
		if ok(k) {
			count++
		}
	}
	if count == 0 {
		return -1, false
	}
	r := rng.IntN(count)
	for k := 0; k < m; k++ {
		if ok(k) {
			if r == 0 {
				return k, true
			}
			r--
		}
	}
	return -1, false
}

// TestPickRemovableLinkMatchesPlain: PickRemovableLink, whose answers are kept per call in
// small networks, picks the same link as the plain one and leaves its stream in the same
// state, over random graphs of 2 to 80 nodes (kept and not kept) near a tree and denser,
// with links busy (a message in flight), through link changes between calls (answers of the
// last call must not be reused), and across the stamp's wrap-around. It also requires the
// fallback (every link counted) to have been taken, and both a pick and no pick.
func TestPickRemovableLinkMatchesPlain(t *testing.T) {
	var rng, a, b rng.Stream
	picks, none, fallbacks := 0, 0, 0
	for seed := uint64(1); seed <= 1200; seed++ {
		rng.Seed(seed)
		var topo Topology
		n := 2 + rng.IntN(79)
		if err := topo.Reset(n, PortCapFor(n, MaxLinks(n))); err != nil {
			t.Fatal(err)
		}
		hi := min(MaxLinks(n), MinLinks(n)+rng.IntN(n/2+2))
		links := MinLinks(n) + rng.IntN(hi-MinLinks(n)+1)
		if seed%3 == 0 {
			links = min(MaxLinks(n), MinLinks(n)+1) // a tree and one link: one short cycle
		}
		if err := RandomConnected(&topo, links, &rng); err != nil {
			t.Fatal(err)
		}
		for call := 0; call < 12; call++ {
			if seed%7 == 0 && call == 1 {
				// Wrap around at call 3, back to the stamp of call 0, whose answers
				// must not be read.
				topo.memoCur = 1<<31 - 3
			}
			// Messages in flight on a random few links; on every third graph, on every
			// non-bridge but one, so that the rejections often all fail and the fallback
			// counts and draws.
			busy := []int{}
			for j := rng.IntN(3); j > 0 && topo.NumLinks() > 0; j-- {
				busy = append(busy, rng.IntN(topo.NumLinks()))
			}
			if seed%3 == 0 {
				spared := false
				for k := range topo.NumLinks() {
					if u, v, _, _ := topo.linkAt(k); topo.connectedWithoutPorts(k, u, v) {
						if spared {
							busy = append(busy, k)
						}
						spared = true
					}
				}
			}
			for _, k := range busy {
				u, _, pu, _ := topo.linkAt(k)
				topo.ports[topo.slot(u, pu)].inflight++
			}
			s := rng.Uint64()
			a.Seed(s)
			b.Seed(s)
			wantK, wantOK := pickRemovableLinkPlain(&topo, &a)
			gotK, gotOK := PickRemovableLink(&topo, &b)
			if gotK != wantK || gotOK != wantOK || a.Uint64() != b.Uint64() {
				t.Fatalf("seed %d n %d call %d: picked (%d, %v), plain (%d, %v), or the streams differ after", seed, n, call, gotK, gotOK, wantK, wantOK)
			}
			m := topo.NumLinks()
			if wantOK && rejectedAll(&topo, s) {
				fallbacks++
			}
			if wantOK {
				picks++
			} else {
				none++
			}
			for _, k := range busy {
				u, _, pu, _ := topo.linkAt(k)
				topo.ports[topo.slot(u, pu)].inflight--
			}
			// Change the graph: take the pick down (or a random link), form a link or two.
			if wantOK {
				topo.Disconnect(wantK)
			} else if m > 0 && rng.IntN(2) == 0 {
				topo.Disconnect(rng.IntN(m))
			}
			for f := rng.IntN(3); f > 0; f-- {
				if x, y, ok := RandomAbsentPair(&topo, &rng); ok {
					if _, _, err := topo.Connect(x, y); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
	}
	if picks < 100 || none < 100 || fallbacks < 10 {
		t.Fatalf("%d picks, %d without a pick, %d fallbacks: the comparison proves little", picks, none, fallbacks)
	}
	t.Logf("%d picks, %d without a pick, %d fallbacks", picks, none, fallbacks)
}

// rejectedAll reports whether PickRemovableLink's rejection sampling, from a stream seeded
// with s, draws no eligible link in its 4m tries (so the fallback counts and draws).
func rejectedAll(t *Topology, s uint64) bool {
	var rng rng.Stream
	rng.Seed(s)
	m := t.NumLinks()
	if m == 0 || m == t.N()-1 && t.Connected() {
		return false
	}
	for try := 0; try < 4*m; try++ {
		k := rng.IntN(m)
		if u, v, _, _ := t.linkAt(k); t.LinkIdle(k) && t.connectedWithoutPorts(k, u, v) {
			return false
		}
	}
	return true
}
