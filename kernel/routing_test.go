package kernel

import "testing"

// TestRoutingMatchesTable: the bidirectional search (the mode of networks too large for a
// table) gives every distance and next hop the table gives, before and after link changes,
// for random pairs and for neighbours, and at every hop of their routes (answered from what
// the search remembered), both ways.
func TestRoutingMatchesTable(t *testing.T) {
	var topo Topology
	topo.Reset(600, PortCapFor(600, 1200))
	var rng Stream
	rng.Seed(9)
	if err := RandomConnected(&topo, 1200, &rng); err != nil {
		t.Fatal(err)
	}
	var table, search Routing
	table.reset(&topo)
	search.resetAs(&topo, false)
	if !table.full {
		t.Fatal("600 nodes: the reference is not a full table")
	}
	check := func(round int) {
		for k := range 4000 {
			from, to := int32(rng.IntN(600)), int32(rng.IntN(600))
			if k%3 == 0 {
				to = topo.Peer(from, topo.Up().Next(from, 0)) // neighbours: the searches that stop at once
			}
			if got, want := search.NextHop(from, to), table.NextHop(from, to); got != want {
				t.Fatalf("round %d: next hop %d -> %d is port %d, the table says %d", round, from, to, got, want)
			}
			if got, want := search.Distance(from, to), table.Distance(from, to); got != want {
				t.Fatalf("round %d: distance %d -> %d is %d, the table says %d", round, from, to, got, want)
			}
			// Follow the route as a message does: every hop after the first is answered
			// from what the first search remembered.
			for x, hops := from, 0; x != to && hops < 600; hops++ {
				p := search.NextHop(x, to)
				if want := table.NextHop(x, to); p != want {
					t.Fatalf("round %d: on the route %d -> %d, node %d takes port %d, the table says %d", round, from, to, x, p, want)
				}
				if got, want := search.Distance(x, to), table.Distance(x, to); got != want {
					t.Fatalf("round %d: on the route %d -> %d, node %d is %d hops away, the table says %d", round, from, to, x, got, want)
				}
				x = topo.Peer(x, p)
			}
			// And back: the search remembered the way from to to from too.
			for x, hops := to, 0; x != from && hops < 600; hops++ {
				p := search.NextHop(x, from)
				if want := table.NextHop(x, from); p != want {
					t.Fatalf("round %d: on the route back %d -> %d, node %d takes port %d, the table says %d", round, to, from, x, p, want)
				}
				if got, want := search.Distance(x, from), table.Distance(x, from); got != want {
					t.Fatalf("round %d: on the route back %d -> %d, node %d is %d hops away, the table says %d", round, to, from, x, got, want)
				}
				x = topo.Peer(x, p)
			}
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
