package routing

import (
	"github.com/mutexlab/mutexlab/kernel"
	"github.com/mutexlab/mutexlab/kernel/mem"
)

// Oracle is the ideal routing layer that Walter, Welch and Vaidya put under Raymond's
// algorithm: it always knows a current shortest path and costs nothing to maintain. A message
// is forwarded hop by hop, each hop choosing a neighbour one step closer to the destination in
// the network as it is at that moment, so a route that changes while a message travels is
// followed as it changes. Route recomputation is free, as in the paper. Of the ports that
// start a shortest path, the lowest is taken, so routes are deterministic.
//
// It answers in one of two ways, with the same answers (TestRoutingMatchesTable):
//
//   - A table, while n·n two-byte distances fit in routingTableBytes (2 MiB: n ≤ 1,024):
//     a destination's row (every node's distance to it) is computed by breadth-first search
//     the first time it is needed after a link change (rows are stamped with the topology
//     version), over the topology itself: its adjacency words up to 64 nodes, its up ports
//     beyond (table.go). It costs a search of the network per destination, O(n²) in all, and 2n
//     bytes per node, so it stops at n = 1,024 (at n = 10^4 the table took 19.6 CPU-s and
//     23 KB per node for a trial the search below runs in a fraction of that).
//   - A bidirectional search beyond: breadth-first searches from both ends, one level at a
//     time on the side with the smaller frontier, until they meet; that gives the distance
//     d, and the next hop is the lowest port whose neighbour lies on a shortest path (marked
//     back from the nodes where the searches met). It touches about 2·δ^(d/2) nodes instead
//     of n: in the paper's setting tree neighbours are random nodes, about log_δ n hops
//     apart, so a one-sided search would cover most of the network for every message.
//     A search also walks the route it found, from the source to the destination, and
//     back, and remembers each hop's answer (keyed by node and destination, valid for the
//     topology version they were found at; memo.go): the message asks the same question at
//     each hop, and Raymond's messages cross a tree edge both ways, so a tree edge costs one
//     search, not one per hop and direction. The memo holds 16 answers per node (sized for
//     rr's static trial when its messages asked at every hop: memo.go). The search reads
//     each node's neighbours from a row of its own (rows.go: 14 neighbour ids in one cache
//     line, rebuilt after the node's links change), not from the port records, which take
//     five cache lines a node and 32 MB at n = 10^5 where all rows take 6.4 MB; and both
//     sides' labels of a node share 8 bytes (side.go). Memory: about 230 to
//     270 bytes per node (rows 64, the topology's record of link changes 8, labels 8,
//     onPath 2, queues, meeting nodes and path 20, the walked route 8, the memo 128-168,
//     the blocks of nodes of more than 14 neighbours 2); no table.
//
// Routes gives a whole route at once, both ways, packed in a word for a message to carry
// (route.go): rr keeps each tree edge's routes while the topology's version is the
// one they were found at, and its messages take the carried ports instead of asking NextHop
// at every hop. In a static trial that is one search per tree edge and no question per hop
// (at n = 10^5 rr had searched 121,354 times for 99,999 tree edges and asked 2,747,042
// questions, one random read of the memo each). RoutesToward finds the routes from several
// sources to one node, the destination's side of the search kept from one source to the
// next: rr finds the routes of a node's edges to its children together while the network
// is static, and at n = 10^5 its searches label 81.7 M nodes instead of 121.0 M.
type Oracle struct {
	topo *kernel.Topology
	n    int
	full bool // a table of rows

	rows []uint16 // the table: destination to's row is rows[to*n : (to+1)*n]; 0xffff: unreachable
	ver  []uint64 // topology version each row was computed for (0: never)

	fwd, bwd side          // the bidirectional search's two sides (from the source, from the destination)
	labels   []uint32      // both sides' labels of node x at 2x and 2x+1 (side.go)
	onPath   []uint16      // node x lies on a shortest path of the last search when onPath[x] == cur
	path     []int32       // the nodes markPath marked, level by level (scratch)
	meet     []int32       // the nodes on shortest paths where the last search's sides met
	walkX    []int32       // the nodes of the route walked last, in order (scratch)
	walkP    []kernel.Port // the ports they take
	width    uint          // a port's bits in a Route (route.go)
	cur      uint32        // the last stamp taken (next), the forward side's of the last search (1..0xffff)

	queue    []int32  // the table's breadth-first search (scratch; table.go)
	words    []uint64 // the adjacency words of every node at version wordsVer (n ≤ 64; table.go)
	wordsVer uint64
	nbrs     nbrRows // every node's neighbours, one cache line a node (search only)

	memo routeMemo // the searches' answers, every hop of their routes (memo.go)
}

const (
	// routingTableBytes is the most the table may take (two bytes a distance).
	routingTableBytes = 2 << 20
	unreachable       = 0xffff
)

// Reset prepares the oracle for t, reusing storage: a table while it fits, searches
// beyond. Its answers follow t's link changes from then on (t's version).
func (r *Oracle) Reset(t *kernel.Topology) { r.resetAs(t, 2*t.N()*t.N() <= routingTableBytes) }

// resetAs prepares the oracle for t, with a table or with bidirectional searches.
func (r *Oracle) resetAs(t *kernel.Topology, table bool) {
	r.topo, r.n, r.full = t, t.N(), table
	r.width = routeWidth(t.PortCap())
	r.walkX, r.walkP = mem.Reserve(r.walkX, r.n), mem.Reserve(r.walkP, r.n)
	if r.full {
		r.rows = kernel.Resize(r.rows, r.n*r.n)
		r.ver = kernel.Zeroed(r.ver, r.n)
		r.queue = kernel.Resize(r.queue, r.n)
		r.words, r.wordsVer = r.words[:0], 0
		return
	}
	r.rows, r.ver = r.rows[:0], r.ver[:0]
	r.labels = kernel.Zeroed(r.labels, 2*r.n)
	r.fwd.reset(r.labels, 0, r.n)
	r.bwd.reset(r.labels, 1, r.n)
	r.nbrs.reset(t)
	r.onPath = kernel.Zeroed(r.onPath, r.n)
	r.path = mem.Reserve(r.path, r.n)
	r.meet = mem.Reserve(r.meet, r.n)
	r.cur = 0
	r.memo.reset(r.n, t.PortCap())
}

// next starts a search: a new stamp (all labels and marks cleared when the 16 bits wrap).
func (r *Oracle) next() uint32 {
	r.reserve(1)
	r.cur++
	return r.cur
}

// reserve makes sure that the next k stamps (next) come without a wrap, which would clear
// the labels of a backward side started before them (startBackward): it wraps now if they
// would not.
func (r *Oracle) reserve(k int) {
	if int(r.cur)+k > 0xffff {
		clear(r.labels)
		clear(r.onPath)
		r.cur = 0
	}
}

// search finds the distance from from to to (unreachable if none), the lowest port of from
// that starts a shortest path and the neighbour there, by the bidirectional search.
func (r *Oracle) search(from, to int32) (int, kernel.Port, int32) {
	r.startBackward(to, 1)
	return r.searchFrom(from)
}

// startBackward starts the backward side at to for searches searchFrom calls to come, with
// stamps for them all: a wrap of the stamps (next) on the way would clear its labels.
func (r *Oracle) startBackward(to int32, searches int) {
	r.reserve(searches + 1)
	r.bwd.start(to, r.next())
}

// searchFrom is search from from to the root of the backward side, which may have been
// grown by earlier searches from other sources (RoutesToward): its labels are exact
// distances, complete up to its last level, whatever its depth. The forward side starts
// afresh.
func (r *Oracle) searchFrom(from int32) (int, kernel.Port, int32) {
	f, b := &r.fwd, &r.bwd
	f.start(from, r.next())
	var met *side
	if b.has(from) { // within the backward side already (a kept one): d is its label
		r.meet = append(r.meet[:0], from) // (for walkBack's marking)
		d := int(b.level(from))
		p, y := r.lowestPort(from, func(y int32) bool { return b.at(y, uint16(d-1)) })
		return d, p, y
	}
	for {
		if f.done() || b.done() {
			return unreachable, kernel.NoPort, -1
		}
		grow, other := f, b
		if len(b.queue)-b.head < len(f.queue)-f.head {
			grow, other = b, f
		}
		if grow.expand(&r.nbrs, other) {
			met = grow
			break
		}
	}
	// The searches met at the nodes the side that grew last labelled (met.meet), at distance
	// d = a + b.last(), a being f.last(). With a kept backward side, grown deeper than this
	// search alone would have, that still holds: before the last expansion no node was
	// labelled by both sides, so every node the forward side had labelled is more than
	// b.last() from to; a node it then labels is a neighbour of one, so at least b.last()
	// from to, and exactly that if the backward side labelled it. (If the backward side grew
	// last, a meeting node has forward level a: had it less, the forward side would have
	// labelled its neighbours, the backward side's node one level nearer to among them, and
	// the sides would have met before.) A node x at forward level k lies on a shortest path
	// iff it is one hop from a node at level k+1 that does; at the last level a, iff it is
	// a meeting node.
	a := f.last()
	d := a + b.last()
	r.meet = met.meet
	if a == 0 { // the backward search reached from: its labels below d are complete
		p, y := r.lowestPort(from, func(y int32) bool { return b.at(y, uint16(d-1)) })
		return d, p, y
	}
	r.markPath(f, a)
	p, y := r.lowestPort(from, func(y int32) bool { return r.marked(y) && f.at(y, 1) })
	return d, p, y
}

// markPath marks the nodes of levels 1..top of side s (forward: top = a; backward: top =
// d − a) that lie on a shortest path (onPath): at the meeting level, the nodes where the
// searches met on shortest paths (r.meet); below it, level by level, the neighbours one
// level down of the nodes marked (a node lies on a shortest path iff it is one hop from a
// node of the next level that does). It reads the rows of the marked nodes only, a few per
// level, not those of every labelled node.
func (r *Oracle) markPath(s *side, top int) {
	cur, path := r.cur, r.path[:0]
	for _, x := range r.meet {
		r.onPath[x] = uint16(cur)
		path = append(path, x)
	}
	for lo, lvl := 0, uint16(top); lvl > 1; lvl-- {
		hi := len(path)
		for _, y := range path[lo:hi] {
			for _, x := range r.nbrs.of(y) {
				if s.at(x, lvl-1) && !r.marked(x) {
					r.onPath[x] = uint16(cur)
					path = append(path, x)
				}
			}
		}
		lo = hi
	}
	r.path = path
}

// marked reports whether x lies on a shortest path of the last search (markPath).
func (r *Oracle) marked(x int32) bool { return r.onPath[x] == uint16(r.cur) }

// lowestPort returns from's lowest port whose neighbour satisfies ok, and the neighbour
// (NoPort and -1: none). The neighbours are read from from's row, in port order, and the
// port of the k-th found; the neighbour is the route's next node, whose port record a walk
// along the route would otherwise read (a cache miss per hop).
func (r *Oracle) lowestPort(from int32, ok func(y int32) bool) (kernel.Port, int32) {
	for k, y := range r.nbrs.of(from) {
		if ok(y) {
			return r.nbrs.port(from, k), y
		}
	}
	return kernel.NoPort, -1
}

// answer returns the distance from from to to and from's next hop: from the table, from a
// remembered search, or from a new search whose route is then remembered hop by hop, both
// ways.
func (r *Oracle) answer(from, to int32) (int, kernel.Port) {
	if from == to {
		return 0, kernel.NoPort
	}
	if r.full {
		row := r.row(to)
		d := int(row[from])
		if d == unreachable {
			return d, kernel.NoPort
		}
		p, _ := r.tableHop(from, row, uint16(d-1))
		return d, p
	}
	r.memo.sync(r.topo.Version()) // a topology's version is at least 1: the memo's epoch too
	if d, p, ok := r.memo.get(from, to); ok {
		return d, p
	}
	d, first, next := r.search(from, to)
	if d != unreachable {
		r.walkThere(from, to, d, first, next)
		r.remember(to, d)
		r.walkBack(from, to, d)
		r.remember(from, d)
	}
	return d, first
}

// remember stores the answers of the route walked last (walkThere or walkBack), d hops to
// dest: its k-th node is d − k hops from dest, and takes the k-th port.
func (r *Oracle) remember(dest int32, d int) {
	for k, x := range r.walkX {
		r.memo.put(x, dest, d-k, r.walkP[k])
	}
}

// Routes returns the distance from from to to and the route each way, packed for a message
// to carry (Route: its first hops, as many as fit; none if to is unreachable or from == to).
// Each hop's port is the one NextHop answers there in the current network. One search finds
// both routes; nothing is remembered (the caller keeps the routes, with the version).
func (r *Oracle) Routes(from, to int32) (d int, there, back Route) {
	if from == to {
		return 0, 0, 0
	}
	if r.full {
		d = r.walkTable(from, to)
		there = packRoute(r.walkP, r.width)
		r.walkTable(to, from)
		return d, there, packRoute(r.walkP, r.width)
	}
	r.startBackward(to, 1)
	rp := r.routesFrom(from, to)
	return rp.Dist, rp.There, rp.Back
}

// Pair is a distance and the routes both ways (Routes).
type Pair struct {
	Dist        int
	There, Back Route
}

// RoutesToward sets out[k] to what Routes(from[k], to) returns, for every k. Its searches
// share their backward side: rooted at to, kept labelled from one search to the next and
// grown only as far as they need. The first search costs what Routes's does; each next one
// about its forward side alone, which meets the backward side's labels sooner (Raymond's
// tree node and its children: rr).
func (r *Oracle) RoutesToward(to int32, from []int32, out []Pair) {
	if r.full {
		for k, x := range from {
			out[k].Dist, out[k].There, out[k].Back = r.Routes(x, to)
		}
		return
	}
	r.startBackward(to, len(from))
	for k, x := range from {
		out[k] = r.routesFrom(x, to)
	}
}

// routesFrom is Routes(from, to) by searchFrom, to the backward side rooted at to.
func (r *Oracle) routesFrom(from, to int32) Pair {
	if from == to {
		return Pair{}
	}
	d, first, next := r.searchFrom(from)
	if d == unreachable {
		return Pair{Dist: d}
	}
	r.walkThere(from, to, d, first, next)
	there := packRoute(r.walkP, r.width)
	r.walkBack(from, to, d)
	return Pair{d, there, packRoute(r.walkP, r.width)}
}

// walkThere walks the route the last search found from from to to (d hops, first port
// first, to neighbour next) and records its nodes and ports in walkX and walkP. Past from,
// a node x on the route at forward level k below the meeting level a takes its lowest port
// to a marked node of level k+1; from the meeting level on, the lowest port one backward
// level closer (those labels are complete).
func (r *Oracle) walkThere(from, to int32, d int, first kernel.Port, next int32) {
	f, b := &r.fwd, &r.bwd
	a := f.last()
	r.walkX, r.walkP = r.walkX[:0], r.walkP[:0]
	x, port := from, first
	for k := 0; ; k++ {
		r.walkX, r.walkP = append(r.walkX, x), append(r.walkP, port)
		if port == kernel.NoPort { // cannot happen on a route the search found; walk no further
			return
		}
		x = next
		if x == to {
			return
		}
		if k+1 < a {
			lvl := uint16(k + 2)
			port, next = r.lowestPort(x, func(y int32) bool { return r.marked(y) && f.at(y, lvl) })
		} else {
			lvl := uint16(d - k - 2)
			port, next = r.lowestPort(x, func(y int32) bool { return b.at(y, lvl) })
		}
	}
}

// walkBack walks the route back, from to to from, and records it as walkThere does:
// Raymond's messages go both ways along a tree edge (a request up, the token down), and the
// search that found one direction's route has what the other's needs. The backward side's
// nodes on shortest paths are marked (markPath) as the forward side's are; node x at
// backward level j then takes its lowest port to a node one hop nearer from: marked at
// backward level j+1 up to the meeting level, marked at forward level d−j−1 beyond it (from
// itself at level 0).
func (r *Oracle) walkBack(from, to int32, d int) {
	f, b := &r.fwd, &r.bwd
	a := f.last()
	r.markPath(b, d-a)
	r.walkX, r.walkP = r.walkX[:0], r.walkP[:0]
	for x, j := to, 0; x != from; j++ {
		var port kernel.Port
		var next int32
		if j+1 <= d-a {
			lvl := uint16(j + 1)
			port, next = r.lowestPort(x, func(y int32) bool { return r.marked(y) && b.at(y, lvl) })
		} else {
			lvl := uint16(d - j - 1)
			port, next = r.lowestPort(x, func(y int32) bool {
				return f.at(y, lvl) && (lvl == 0 || r.marked(y))
			})
		}
		r.walkX, r.walkP = append(r.walkX, x), append(r.walkP, port)
		if port == kernel.NoPort { // cannot happen on a route the search found; walk no further
			return
		}
		x = next
	}
}

// Distance returns the current hop distance from from to to (65535 if unreachable).
func (r *Oracle) Distance(from, to int32) int {
	d, _ := r.answer(from, to)
	return d
}

// NextHop returns the port of from that starts a current shortest path to to (the lowest such
// port, so routes are deterministic), or NoPort if from == to or to is unreachable.
func (r *Oracle) NextHop(from, to int32) kernel.Port {
	_, hop := r.answer(from, to)
	return hop
}
