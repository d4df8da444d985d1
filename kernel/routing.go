package kernel

// Routing is the ideal routing layer that Walter, Welch and Vaidya put under Raymond's
// algorithm: it always knows a current shortest path and costs nothing to maintain. A message
// is forwarded hop by hop, each hop choosing a neighbour one step closer to the destination in
// the network as it is at that moment, so a route that changes while a message travels is
// followed as it changes. Route recomputation is free, as in the paper.
//
// Distances are computed on demand by breadth-first search from the destination, and no
// table of n×n distances is kept, so the oracle runs wherever the network fits:
//
//   - a cache of destination rows (a row: every node's hop distance to one destination),
//     each stamped with the topology version it was computed for, so that a link change
//     invalidates every row at once. While n·n distances fit in routingCacheBytes (256 MiB:
//     n ≤ 11,585) the cache holds a row for every destination, as the table always did;
//     beyond, it holds as many rows as fit in that budget, at least routingRows, reused
//     round-robin.
//   - a search that stops early: asked for the next hop from u to v without v's row, a
//     breadth-first search from v stops as soon as it reaches u. Every node closer to v than
//     u is then labelled (BFS labels level by level), which is all the next hop needs: the
//     lowest port of u whose neighbour is one hop closer. Raymond's tree links are physical
//     links of the initial graph and stay a few hops apart under mobility, so the search
//     touches a few neighbourhoods, not the network. A search that labels more than n/16
//     nodes is finished and its row cached, so far destinations cost one full search per
//     topology version.
//
// Both give exactly the distances and next hops of the full table: results do not depend on
// the cache (TestRoutingMatchesTable). Memory is at most 256 MiB + 142 bytes per node.
type Routing struct {
	topo   *Topology
	n      int
	full   bool     // a row for every destination
	rows   []uint16 // slot k's row is rows[k*n : (k+1)*n]; 0xffff: unreachable
	owner  []int32  // destination of each slot (-1: free)
	ver    []uint64 // topology version each slot was computed for
	slotOf []int32  // each destination's slot, or -1
	hand   int      // next slot to reuse (round-robin)

	stamp []uint32 // search scratch: node x is labelled when stamp[x] == cur
	cur   uint32
	level []uint16 // hop distance of a labelled node to the search's destination
	queue []int32

	active []uint16 // the row prepare chose (nil: the last search's labels)
}

const (
	// routingCacheBytes is the most the cached rows take (two bytes a distance), unless
	// routingRows rows take more.
	routingCacheBytes = 256 << 20
	// routingRows is the fewest rows cached.
	routingRows = 64
	unreachable = 0xffff
)

func (r *Routing) reset(t *Topology) {
	r.topo, r.n = t, t.N()
	slots := min(r.n, max(routingRows, routingCacheBytes/(2*r.n)))
	r.full = slots == r.n
	r.rows = Resize(r.rows, slots*r.n)
	r.owner = Resize(r.owner, slots)
	r.ver = Resize(r.ver, slots)
	for k := range r.owner {
		r.owner[k] = -1
	}
	r.slotOf = Resize(r.slotOf, r.n)
	for i := range r.slotOf {
		r.slotOf[i] = -1
	}
	r.hand = 0
	r.stamp = Resize(r.stamp, r.n)
	clear(r.stamp)
	r.cur = 0
	r.level = Resize(r.level, r.n)
	r.queue = Resize(r.queue, r.n)[:0]
}

// cached returns to's row if it is cached for the current topology, else nil.
func (r *Routing) cached(to int32) []uint16 {
	k := r.slotOf[to]
	if k < 0 || r.ver[k] != r.topo.Version() {
		return nil
	}
	return r.rows[int(k)*r.n : (int(k)+1)*r.n]
}

// row computes, caches and returns to's row.
func (r *Routing) row(to int32) []uint16 {
	if row := r.cached(to); row != nil {
		return row
	}
	k := r.slotOf[to]
	if k < 0 {
		k = int32(r.hand)
		if r.full {
			k = to
		} else {
			r.hand = (r.hand + 1) % len(r.owner)
		}
		if old := r.owner[k]; old >= 0 {
			r.slotOf[old] = -1
		}
		r.owner[k], r.slotOf[to] = to, k
	}
	row := r.rows[int(k)*r.n : (int(k)+1)*r.n]
	r.search(to, -1, -1)
	for i := range row {
		row[i] = unreachable
		if r.stamp[i] == r.cur {
			row[i] = r.level[i]
		}
	}
	r.ver[k] = r.topo.Version()
	return row
}

// search runs a breadth-first search from to, labelling nodes with their hop distance, and
// stops as soon as it labels from (-1: never) or has labelled more than limit nodes (-1: no
// limit). It reports whether it stopped early for from.
func (r *Routing) search(to, from int32, limit int) bool {
	r.cur++
	if r.cur == 0 { // the stamps wrapped: start them over
		clear(r.stamp)
		r.cur = 1
	}
	t := r.topo
	r.stamp[to], r.level[to] = r.cur, 0
	q := append(r.queue[:0], to)
	for h := 0; h < len(q); h++ {
		x := q[h]
		for p := t.up.Next(x, 0); p >= 0; p = t.up.Next(x, p+1) {
			y := t.ports[t.slot(x, p)].peer
			if r.stamp[y] == r.cur {
				continue
			}
			r.stamp[y], r.level[y] = r.cur, r.level[x]+1
			if y == from {
				r.queue = q
				return true
			}
			q = append(q, y)
		}
		if limit >= 0 && len(q) > limit {
			break
		}
	}
	r.queue = q
	return false
}

// prepare makes the hop distances to to of from and of every node closer to to than from
// available to dist: from to's cached row, an early-stopping search, or a new row.
func (r *Routing) prepare(from, to int32) {
	if row := r.cached(to); row != nil {
		r.active = row
		return
	}
	if !r.full && r.search(to, from, r.n/16) {
		r.active = nil // the search's labels
		return
	}
	r.active = r.row(to)
}

// dist returns x's hop distance to the destination prepared last (unreachable if unknown).
func (r *Routing) dist(x int32) int {
	if r.active != nil {
		return int(r.active[x])
	}
	if r.stamp[x] != r.cur {
		return unreachable
	}
	return int(r.level[x])
}

// Distance returns the current hop distance from from to to (65535 if unreachable).
func (r *Routing) Distance(from, to int32) int {
	if from == to {
		return 0
	}
	r.prepare(from, to)
	return r.dist(from)
}

// NextHop returns the port of from that starts a current shortest path to to (the lowest such
// port, so routes are deterministic), or NoPort if from == to or to is unreachable.
func (r *Routing) NextHop(from, to int32) Port {
	if from == to {
		return NoPort
	}
	r.prepare(from, to)
	d := r.dist(from)
	if d == unreachable {
		return NoPort
	}
	t := r.topo
	for p := t.up.Next(from, 0); p >= 0; p = t.up.Next(from, p+1) {
		if r.dist(t.Peer(from, p)) == d-1 {
			return p
		}
	}
	return NoPort
}
