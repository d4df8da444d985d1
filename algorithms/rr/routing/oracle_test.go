package routing

import (
	"testing"

	"github.com/mutexlab/mutexlab/kernel"
)

// TestRoutingMatchesTable: the bidirectional search (the mode of networks too large for a
// table) gives every distance and next hop the table gives, before and after link changes,
// for random pairs and for neighbours, and at every hop of their routes (answered from what
// the search remembered), both ways.
func TestRoutingMatchesTable(t *testing.T) {
	var topo kernel.Topology
	topo.Reset(600, kernel.PortCapFor(600, 1200))
	var rng kernel.Stream
	rng.Seed(9)
	if err := kernel.RandomConnected(&topo, 1200, &rng); err != nil {
		t.Fatal(err)
	}
	var table, search Oracle
	table.Reset(&topo)
	search.resetAs(&topo, false)
	if !table.full {
		t.Fatal("600 nodes: the reference is not a full table")
	}
	// follow walks the route from a to b hop by hop, each hop's answers the table's.
	follow := func(round int, a, b int32, what string) {
		for x, hops := a, 0; x != b && hops < 600; hops++ {
			p := search.NextHop(x, b)
			if want := table.NextHop(x, b); p != want {
				t.Fatalf("round %d: on the %s %d -> %d, node %d takes port %d, the table says %d", round, what, a, b, x, p, want)
			}
			if got, want := search.Distance(x, b), table.Distance(x, b); got != want {
				t.Fatalf("round %d: on the %s %d -> %d, node %d is %d hops away, the table says %d", round, what, a, b, x, got, want)
			}
			x = topo.Peer(x, p)
		}
	}
	check := func(round int) {
		for k := range 4000 {
			from, to := int32(rng.IntN(600)), int32(rng.IntN(600))
			if k%50 == 7 { // the search's stamps about to wrap
				search.cur = 0xffff - uint32(k%3)
			}
			if k%3 == 0 {
				to = topo.Peer(from, topo.Up().Next(from, 0)) // neighbours: the searches that stop at once
			}
			if got, want := search.NextHop(from, to), table.NextHop(from, to); got != want {
				t.Fatalf("round %d: next hop %d -> %d is port %d, the table says %d", round, from, to, got, want)
			}
			if got, want := search.Distance(from, to), table.Distance(from, to); got != want {
				t.Fatalf("round %d: distance %d -> %d is %d, the table says %d", round, from, to, got, want)
			}
			// Follow the route as a message does, and back: every hop after the first is
			// answered from what the first search remembered, both ways.
			follow(round, from, to, "route")
			follow(round, to, from, "route back")
		}
	}
	check(0)
	for round := 1; round <= 3; round++ {
		for range 50 {
			if k, ok := pickRemovableLink(&topo, &rng); ok {
				topo.Disconnect(k)
			}
			if u, v, ok := randomAbsentPair(&topo, &rng); ok {
				if _, _, err := topo.Connect(u, v); err != nil {
					t.Fatal(err)
				}
			}
		}
		check(round)
	}
}

// TestRoutingRowsFollowLinkChanges: the search's neighbour rows (rows.go) are never
// stale. A link changes before every question (removed, bridges too, or added), and the
// questions start or end at the changed link's ends, whose rows it made stale, or at random
// nodes; every distance and next hop equals the table's. Hubs of more neighbours than a row
// holds (read from their port records) are part of the network, and nodes cross that
// degree both ways as links come and go. (Where the topology stores a port record, inline
// or in a spill row, is the topology's concern: the oracle reads neighbours through
// Topology.Neighbors, whose spilled rows the kernel's tests cover.)
func TestRoutingRowsFollowLinkChanges(t *testing.T) {
	const n = 500
	var topo kernel.Topology
	topo.Reset(n, 48)
	var rng kernel.Stream
	rng.Seed(5)
	if err := kernel.RandomConnected(&topo, 2*n, &rng); err != nil {
		t.Fatal(err)
	}
	for hub := int32(0); hub < 6; hub++ {
		for topo.Degree(hub) < rowPeers+2*int(hub) {
			if v := int32(rng.IntN(n)); v != hub && !topo.Adjacent(hub, v) {
				if _, _, err := topo.Connect(hub, v); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	var table, search Oracle
	table.Reset(&topo)
	search.resetAs(&topo, false)
	random := func() int32 { return int32(rng.IntN(n)) }
	for k := range 3000 {
		u, v := change(t, &topo, &rng, k)
		for _, q := range [][2]int32{{u, random()}, {random(), v}, {v, u}, {random(), random()}, {int32(k % 6), random()}} {
			from, to := q[0], q[1]
			if got, want := search.NextHop(from, to), table.NextHop(from, to); got != want {
				t.Fatalf("change %d (%d-%d): next hop %d -> %d is port %d, the table says %d", k, u, v, from, to, got, want)
			}
			if got, want := search.Distance(from, to), table.Distance(from, to); got != want {
				t.Fatalf("change %d (%d-%d): distance %d -> %d is %d, the table says %d", k, u, v, from, to, got, want)
			}
		}
	}
}

// change makes the k-th link change of TestRoutingRowsFollowLinkChanges and returns its
// ends: a link removed (any link, bridges too, one time in four; a removable one, one in
// four) or a link added (half the time). Every eighth change is at a hub: a link removed
// if it has more neighbours than a row holds, else one added, so that hubs cross that
// degree both ways.
func change(t *testing.T, topo *kernel.Topology, rng *kernel.Stream, k int) (int32, int32) {
	switch {
	case k%4 == 0 && topo.NumLinks() > 0:
		u, v, _, _ := topo.Disconnect(rng.IntN(topo.NumLinks()))
		return u, v
	case k%4 == 1:
		if l, ok := pickRemovableLink(topo, rng); ok {
			u, v, _, _ := topo.Disconnect(l)
			return u, v
		}
	case k%8 == 2 && topo.Degree(int32(k/8%6)) > rowPeers: // over a row's room: back under
		hub := int32(k / 8 % 6)
		u, v, _, _ := topo.Disconnect(topo.LinkIndex(hub, topo.Up().Next(hub, 0)))
		return u, v
	case k%8 == 2:
		hub, v := int32(k/8%6), int32(rng.IntN(topo.N()))
		if hub != v && !topo.Adjacent(hub, v) && !topo.Full(hub) && !topo.Full(v) {
			if _, _, err := topo.Connect(hub, v); err != nil {
				t.Fatal(err)
			}
			return hub, v
		}
	}
	u, v, ok := randomAbsentPair(topo, rng)
	if !ok {
		t.Fatal("no absent pair")
	}
	if _, _, err := topo.Connect(u, v); err != nil {
		t.Fatal(err)
	}
	return u, v
}

// TestRoutesFollowNextHop: the routes Routes packs (route.go) take, hop by hop, the
// port NextHop answers there, both ways, and carry every hop that fits, in the table's mode
// and the search's, before and after link changes; the distance is NextHop's.
func TestRoutesFollowNextHop(t *testing.T) {
	const n = 600
	topo, rng := sparseNetwork(t, n, 11)
	var ref, table, search Oracle
	ref.Reset(topo)
	table.Reset(topo)
	search.resetAs(topo, false)
	fits := (64 - routeHead) / int(routeWidth(topo.PortCap()))
	// follow takes route from a toward b as a message would and checks each hop.
	follow := func(what string, route Route, a, b int32, d int) {
		if want := min(d, fits); route.Len() != want {
			t.Fatalf("%s %d -> %d (%d hops): carries %d hops, want %d", what, a, b, d, route.Len(), want)
		}
		x := a
		for k := 0; route.Len() > 0; k++ {
			var p kernel.Port
			p, route = route.Next()
			if want := ref.NextHop(x, b); p != want {
				t.Fatalf("%s %d -> %d, hop %d at node %d: port %d, NextHop says %d", what, a, b, k, x, p, want)
			}
			x = topo.Peer(x, p)
		}
		if d <= fits && x != b {
			t.Fatalf("%s %d -> %d ends at %d", what, a, b, x)
		}
	}
	for round := range 4 {
		for k := range 2000 {
			from, to := int32(rng.IntN(n)), int32(rng.IntN(n))
			if k%5 == 0 {
				to = topo.Peer(from, topo.Up().Next(from, 0))
			}
			if k%50 == 7 { // the search's stamps about to wrap
				search.cur = 0xffff - uint32(k%3)
			}
			for _, r := range []*Oracle{&table, &search} {
				d, there, back := r.Routes(from, to)
				if want := ref.Distance(from, to); d != want {
					t.Fatalf("round %d: Routes %d -> %d is %d hops, NextHop's distance %d", round, from, to, d, want)
				}
				if from == to {
					if there != 0 || back != 0 {
						t.Fatalf("a route from %d to itself", from)
					}
					continue
				}
				follow("route", there, from, to, d)
				follow("route back", back, to, from, d)
			}
		}
		for range 50 {
			if k, ok := pickRemovableLink(topo, rng); ok {
				topo.Disconnect(k)
			}
			if u, v, ok := randomAbsentPair(topo, rng); ok {
				if _, _, err := topo.Connect(u, v); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// TestRoutePacking: a packed route gives back its ports in order, as many as fit the word at
// each width (and none when a port is too wide for it).
func TestRoutePacking(t *testing.T) {
	var rng kernel.Stream
	rng.Seed(2)
	for _, portCap := range []int{2, 16, 32, 33, 127, 1 << 14, 1 << 15, 1<<15 + 1} {
		w := routeWidth(portCap)
		if portCap > 1<<15 {
			if w != 0 {
				t.Fatalf("port cap %d: width %d, want none", portCap, w)
			}
			if r := packRoute([]kernel.Port{1, 2}, w); r.Len() != 0 {
				t.Fatalf("port cap %d: a route carried", portCap)
			}
			continue
		}
		if 1<<w < portCap || 1<<(w-1) >= portCap && w > 1 {
			t.Fatalf("port cap %d: width %d", portCap, w)
		}
		for length := range 20 {
			ports := make([]kernel.Port, length)
			for k := range ports {
				ports[k] = kernel.Port(rng.IntN(portCap))
			}
			ports = append(ports, kernel.Port(portCap-1)) // the widest port
			r := packRoute(ports, w)
			want := min(len(ports), (64-routeHead)/int(w), 15)
			if r.Len() != want {
				t.Fatalf("port cap %d, %d ports: %d carried, want %d", portCap, len(ports), r.Len(), want)
			}
			for k := range want {
				var p kernel.Port
				p, r = r.Next()
				if p != ports[k] {
					t.Fatalf("port cap %d, %d ports: hop %d is port %d, want %d", portCap, len(ports), k, p, ports[k])
				}
				if r.Len() != want-k-1 {
					t.Fatalf("port cap %d: %d hops left after hop %d, want %d", portCap, r.Len(), k, want-k-1)
				}
			}
		}
	}
}

// TestRoutesTowardMatchRoutes: RoutesToward, whose searches share a backward side kept from
// one source to the next, gives for every source what Routes gives by the table: sources
// far and near (within the kept side already, or meeting it at nodes of different depths),
// the destination itself, repeated sources, unreachable ones (links removed, bridges too),
// and groups whose stamps would wrap part way.
func TestRoutesTowardMatchRoutes(t *testing.T) {
	const n = 600
	topo, rng := sparseNetwork(t, n, 13)
	var ref, search Oracle
	ref.Reset(topo)
	search.resetAs(topo, false)
	var from []int32
	out := make([]Pair, 40)
	unreachables, lone := 0, int32(0)
	for k := range 3000 {
		if k%10 == 9 {
			change(t, topo, rng, k)
		}
		if k%200 == 0 { // a node cut off
			lone = int32(rng.IntN(n))
			for topo.Degree(lone) > 0 {
				topo.Disconnect(topo.LinkIndex(lone, topo.Up().Next(lone, 0)))
			}
		}
		to := int32(rng.IntN(n))
		from = from[:0]
		for range 1 + rng.IntN(len(out)) {
			x := int32(rng.IntN(n))
			switch rng.IntN(6) {
			case 0: // near to: within a kept backward side, or meeting it early
				x = to
				for range rng.IntN(3) {
					if p := topo.Up().Next(x, 0); p >= 0 {
						x = topo.Peer(x, p)
					}
				}
			case 2:
				x = lone
			case 1:
				if len(from) > 0 {
					x = from[rng.IntN(len(from))]
				}
			}
			from = append(from, x)
		}
		if k%100 == 50 {
			search.cur = 0xffff - uint32(rng.IntN(len(from)+1)) // the group's stamps would wrap
		}
		search.RoutesToward(to, from, out)
		for j, x := range from {
			d, there, back := ref.Routes(x, to)
			if got, want := out[j], (Pair{d, there, back}); got != want {
				t.Fatalf("query %d, source %d of %d: %d -> %d gives %+v, Routes by the table %+v", k, j, len(from), x, to, got, want)
			}
			if d == unreachable {
				unreachables++
			}
		}
	}
	if unreachables == 0 {
		t.Fatal("no unreachable source: the test does not reach that case")
	}
}

// sparseNetwork is a random connected graph of n nodes and 2n links drawn from a stream seeded
// with seed, and the stream, for drawing the link changes that follow.
func sparseNetwork(t *testing.T, n int, seed uint64) (*kernel.Topology, *kernel.Stream) {
	t.Helper()
	topo, rng := &kernel.Topology{}, &kernel.Stream{}
	topo.Reset(n, kernel.PortCapFor(n, 2*n))
	rng.Seed(seed)
	if err := kernel.RandomConnected(topo, 2*n, rng); err != nil {
		t.Fatal(err)
	}
	return topo, rng
}

// randomAbsentPair draws a pair of distinct, non-adjacent nodes that both have a free port
// (ok false if a thousand draws found none).
func randomAbsentPair(topo *kernel.Topology, rng *kernel.Stream) (u, v int32, ok bool) {
	n := topo.N()
	for range 1000 {
		u, v = int32(rng.IntN(n)), int32(rng.IntN(n))
		if u != v && !topo.Adjacent(u, v) && !topo.Full(u) && !topo.Full(v) {
			return u, v, true
		}
	}
	return -1, -1, false
}

// pickRemovableLink draws a link whose removal keeps the network connected (ok false if a
// hundred draws found none): each candidate is taken down, and put back if it was a bridge.
func pickRemovableLink(topo *kernel.Topology, rng *kernel.Stream) (int, bool) {
	for range 100 {
		m := topo.NumLinks()
		if m == 0 {
			return -1, false
		}
		k := rng.IntN(m)
		u, v, _, _ := topo.Disconnect(k)
		connected := topo.Connected()
		if _, _, err := topo.Connect(u, v); err != nil {
			panic(err)
		}
		if connected {
			return topo.LinkIndex(u, topo.PortTo(u, v)), true
		}
	}
	return -1, false
}
