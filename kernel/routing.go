package kernel

import "fmt"

// RoutingMaxN bounds n for the routing oracle, whose distance table has n*n entries.
const RoutingMaxN = 10000

// Routing is the ideal routing layer that Walter, Welch and Vaidya put under Raymond's
// algorithm: it always knows a current shortest path and costs nothing to maintain. A message
// is forwarded hop by hop, each hop choosing a neighbour one step closer to the destination in
// the network as it is at that moment, so a route that changes while a message travels is
// followed as it changes. Distances to a destination are computed by breadth-first search the
// first time they are needed after a link change (route recomputation is free, as in the
// paper).
type Routing struct {
	topo *Topology
	n    int
	dist []uint16 // dist[to*n+from]
	ver  []uint64 // topology version each row was computed for (0: never)
	tmp  []int32
}

func (r *Routing) reset(t *Topology) {
	if t.N() > RoutingMaxN {
		panic(fmt.Sprintf("kernel: routing oracle supports n <= %d", RoutingMaxN))
	}
	r.topo, r.n = t, t.N()
	r.dist = Resize(r.dist, r.n*r.n)
	r.ver = Resize(r.ver, r.n)
	clear(r.ver)
	r.tmp = Resize(r.tmp, r.n)
}

func (r *Routing) row(to int32) []uint16 {
	row := r.dist[int(to)*r.n : int(to+1)*r.n]
	if v := r.topo.Version(); r.ver[to] != v {
		r.topo.BFS(to, r.tmp, nil)
		for i, d := range r.tmp {
			row[i] = uint16(d) // -1 (unreachable) becomes 65535
		}
		r.ver[to] = v
	}
	return row
}

// Distance returns the current hop distance from from to to.
func (r *Routing) Distance(from, to int32) int { return int(r.row(to)[from]) }

// NextHop returns the port of from that starts a current shortest path to to (the lowest such
// port, so routes are deterministic), or NoPort if from == to or to is unreachable.
func (r *Routing) NextHop(from, to int32) Port {
	row := r.row(to)
	d := row[from]
	if from == to || d == 0xffff {
		return NoPort
	}
	t := r.topo
	for p := t.up.Next(from, 0); p >= 0; p = t.up.Next(from, p+1) {
		if row[t.Peer(from, p)] == d-1 {
			return p
		}
	}
	return NoPort
}
