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
