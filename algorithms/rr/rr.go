package rr

import (
	"fmt"

	"github.com/mutexlab/mutexlab/algorithms/rr/routing"
	"github.com/mutexlab/mutexlab/kernel"
)

// Message types of Raymond's algorithm. A message is addressed to a virtual-tree neighbour
// and travels hop by hop over the routing layer: A is the tree node that sent it, B the tree
// node it is for. Every hop is one physical message, counted under its type. C and D are the
// routing layer's: the rest of the route the message carries (a routing.Route) and the
// topology version it was found at (see forward).
const (
	MsgRequest kernel.MsgType = iota
	MsgToken                  // Raymond's PRIVILEGE
)

var messageTypes = []kernel.MsgTypeInfo{
	MsgRequest: {Name: "request", Words: 2}, // C and D are the routing layer's (forward)
	MsgToken:   {Name: "token", Token: true, Words: 2},
}

// RR is Raymond's tree-based token algorithm running over an ideal routing layer, for all n
// nodes (flat per-node arrays; the virtual tree in compressed adjacency form).
type RR struct {
	oracle routing.Oracle // the ideal routing layer: reads the whole current network (doc.go)
	topo   *kernel.Topology
	edges  []edgeRoutes // the routes of the tree edge from node c to its parent at edges[c]
	static uint64       // the topology's version at Reset: routes are found together while it lasts
	kids   []int32      // scratch of routes: the children of a node whose routes are found
	found  []routing.Pair

	treeStart []int32 // node i's tree neighbours are treeAdj[treeStart[i]:treeStart[i+1]]
	treeAdj   []int32
	parent    []int32

	holder []int32 // Raymond's HOLDER: self, or the tree neighbour toward the token
	using  []bool  // USING: in the critical section
	asked  []bool  // ASKED: a REQUEST has been sent to holder and not yet answered
	rq     []int32 // REQUEST_Q of node i: rq[rqBase(i) : rqBase(i)+rqLen[i]] (tree neighbours and i)
	rqLen  []int32

	perm, inv, dist, bfsQueue []int32

	route routeStats // metrics.go
	mut   mutant     // a deliberately broken variant (mutation tests only); mutNone otherwise
}

// New returns an RR instance; Reset sizes it for a trial.
func New() *RR { return &RR{} }

func (a *RR) Name() string                       { return "rr" }
func (a *RR) MessageTypes() []kernel.MsgTypeInfo { return messageTypes }
func (a *RR) HoldsToken(i int32) bool            { return a.holder[i] == i }

// Reset builds the virtual tree as in section 6 of Walter, Welch and Vaidya and puts the token
// at its root, node 0.
//
// The paper forms a random graph G, takes a breadth-first spanning tree of G as the virtual
// tree, then "randomly permutes" G to get the physical network P = π(G), so that tree
// neighbours are in general not physical neighbours. The kernel has already drawn P (the same
// network, from the same stream, that Reverse Link gets on this seed); we draw π from the
// algorithm's own stream and take the BFS tree (root 0, neighbours in increasing order) of
// G = π⁻¹(P). The pair (tree, network) has exactly the paper's distribution, and RL and RR
// face the same physical network and mobility on a given seed.
func (a *RR) Reset(env *kernel.Env) error {
	n := env.N
	a.oracle.Reset(env.Topo)
	t := env.Topo
	a.topo = t
	a.edges = kernel.Zeroed(a.edges, n)
	a.perm = kernel.Resize(a.perm, n)
	a.inv = kernel.Resize(a.inv, n)
	for i := range a.perm {
		a.perm[i] = int32(i)
	}
	env.Rand.Shuffle(a.perm) // π: tree label -> physical node
	for i, p := range a.perm {
		a.inv[p] = int32(i)
	}
	if err := a.bfsTree(t, n); err != nil {
		return err
	}

	a.holder = kernel.Resize(a.holder, n)
	a.using = kernel.Resize(a.using, n)
	a.asked = kernel.Resize(a.asked, n)
	a.rq = kernel.Resize(a.rq, len(a.treeAdj)+n)
	a.rqLen = kernel.Resize(a.rqLen, n)
	for i := range a.holder {
		a.holder[i] = a.parent[i]
		a.using[i] = false
		a.asked[i] = false
		a.rqLen[i] = 0
	}
	a.holder[0] = 0
	a.route = routeStats{}
	a.static = t.Version()
	most := 0
	for i := range n {
		most = max(most, int(a.treeStart[i+1]-a.treeStart[i]))
	}
	a.kids = kernel.Resize(a.kids, most)
	a.found = kernel.Resize(a.found, most)
	return nil
}

// bfsTree fills parent and the tree adjacency with the BFS tree from node 0 of G = π⁻¹(P):
// a and b are adjacent in G when π(a) and π(b) are adjacent in the physical network.
func (a *RR) bfsTree(t *kernel.Topology, n int) error {
	a.parent = kernel.Resize(a.parent, n)
	a.dist = kernel.Resize(a.dist, n)
	a.bfsQueue = kernel.Resize(a.bfsQueue, n)[:0]
	for i := range a.parent {
		a.parent[i], a.dist[i] = -1, -1
	}
	deg := kernel.Resize(a.treeStart, n+1)
	clear(deg)
	a.dist[0] = 0
	a.bfsQueue = append(a.bfsQueue, 0)
	up := t.Up()
	var nb [64]int32
	for h := 0; h < len(a.bfsQueue); h++ {
		x := a.bfsQueue[h]
		// G-neighbours of x in increasing label order.
		labels := nb[:0]
		px := a.perm[x]
		for p := up.Next(px, 0); p >= 0; p = up.Next(px, p+1) {
			labels = append(labels, a.inv[t.Peer(px, p)])
		}
		sortInt32(labels)
		for _, y := range labels {
			if a.dist[y] < 0 {
				a.dist[y] = a.dist[x] + 1
				a.parent[y] = x
				a.bfsQueue = append(a.bfsQueue, y)
			}
		}
	}
	if len(a.bfsQueue) < n {
		return fmt.Errorf("rr: the initial graph is not connected (%d of %d nodes reach the token holder); "+
			"Raymond's tree spans a connected graph: use network=walter, or a denser geometric network (larger range or more nodes per area)", len(a.bfsQueue), n)
	}
	for y := 1; y < n; y++ {
		deg[y+1]++
		deg[a.parent[y]+1]++
	}
	for i := 1; i <= n; i++ {
		deg[i] += deg[i-1]
	}
	a.treeStart = deg
	a.treeAdj = kernel.Resize(a.treeAdj, 2*(n-1))
	fill := kernel.Resize(a.dist, n) // reuse dist as the fill cursor
	for i := 0; i < n; i++ {
		fill[i] = a.treeStart[i]
	}
	for y := int32(1); int(y) < n; y++ {
		x := a.parent[y]
		a.treeAdj[fill[y]] = x
		fill[y]++
		a.treeAdj[fill[x]] = y
		fill[x]++
	}
	return nil
}

func sortInt32(xs []int32) {
	for i := 1; i < len(xs); i++ {
		for j := i; j > 0 && xs[j] < xs[j-1]; j-- {
			xs[j], xs[j-1] = xs[j-1], xs[j]
		}
	}
}

// ---- Raymond's algorithm (Raymond 1989), per node ----

// RequestCS: the node wants the privilege.
func (a *RR) RequestCS(i int32, out *kernel.Outbox) {
	a.enqueue(i, i)
	a.assignPrivilege(i, out)
	a.makeRequest(i, out)
}

// ReleaseCS: the node leaves the critical section.
func (a *RR) ReleaseCS(i int32, out *kernel.Outbox) {
	a.using[i] = false
	a.assignPrivilege(i, out)
	a.makeRequest(i, out)
}

// Receive is the routing layer: a message for another tree node is forwarded one hop along
// a current shortest path; one for this node is handed to Raymond's algorithm.
func (a *RR) Receive(i int32, _ kernel.Port, m *kernel.Message, out *kernel.Outbox) {
	if to := int32(m.B); to != i {
		a.forward(i, to, *m, out)
		a.route.hops++
		return
	}
	switch m.Type {
	case MsgRequest:
		a.enqueue(i, int32(m.A))
	case MsgToken:
		a.holder[i] = i
	}
	a.assignPrivilege(i, out)
	a.makeRequest(i, out)
}

// LinkUp and LinkDown do nothing: Raymond's algorithm sees only the virtual tree, and the
// ideal routing layer recomputes its routes for free.
func (a *RR) LinkUp(int32, kernel.Port, *kernel.Outbox)   {}
func (a *RR) LinkDown(int32, kernel.Port, *kernel.Outbox) {}

// assignPrivilege: Raymond's ASSIGN_PRIVILEGE.
func (a *RR) assignPrivilege(i int32, out *kernel.Outbox) {
	if a.holder[i] != i || (a.using[i] && a.mut != mutIgnoreUsing) || a.rqLen[i] == 0 {
		return
	}
	a.holder[i] = a.dequeue(i)
	if a.mut != mutKeepAsked {
		a.asked[i] = false
	}
	if a.mut == mutWrongNeighbour && a.holder[i] != i {
		a.holder[i] = a.otherNeighbour(i, a.holder[i])
	}
	if a.holder[i] == i {
		a.using[i] = true
		out.EnterCS()
		return
	}
	a.send(i, a.holder[i], MsgToken, out)
}

// makeRequest: Raymond's MAKE_REQUEST.
func (a *RR) makeRequest(i int32, out *kernel.Outbox) {
	if a.holder[i] != i && a.rqLen[i] > 0 && !a.asked[i] {
		a.send(i, a.holder[i], MsgRequest, out)
		a.asked[i] = true
	}
}

// send addresses a message to tree neighbour to and puts it on the first hop of a current
// shortest path, the rest of the route with it.
func (a *RR) send(i, to int32, t kernel.MsgType, out *kernel.Outbox) {
	e, route := a.routes(i, to)
	m := kernel.Message{Type: t, A: int64(i), B: int64(to)}
	var p kernel.Port
	if route.Len() > 0 {
		p, route = route.Next()
		m.C, m.D = int64(route), int64(e.ver)
	} else { // unreachable, or a route that does not fit a Route
		p = a.oracle.NextHop(i, to)
	}
	out.Send(p, m)
	a.route.send(e.dist)
}

// forward puts message m, for tree node to, on node i's next hop: the one its route carries
// while the network is the one the route was found in (the port NextHop answers then),
// else NextHop's.
func (a *RR) forward(i, to int32, m kernel.Message, out *kernel.Outbox) {
	var p kernel.Port
	if route := routing.Route(m.C); route.Len() > 0 && uint64(m.D) == a.topo.Version() {
		p, route = route.Next()
		m.C = int64(route)
	} else {
		p = a.oracle.NextHop(i, to)
	}
	out.Send(p, m)
}

// edgeRoutes are the routes of a tree edge, from child to parent and back, as
// routing.Oracle.Routes found them, and their length (for the route metrics), while the
// topology's version is ver. Every tree edge carries messages both ways (a request up, the
// token down), and one search finds both routes: a tree edge costs one search per version,
// 32 bytes per node.
type edgeRoutes struct {
	ver      uint64 // 0: none yet
	up, down routing.Route
	dist     int64
}

// routes returns the routes of the tree edge between i and its tree neighbour to, current
// (found now if the topology changed since), and the route from i to to.
//
// While the network is the one of Reset (a static trial), the routes of every edge from the
// parent to a child are found at once, when the first is needed (Oracle.RoutesToward):
// the searches share the parent's side, and all of them are needed sooner or later (every
// node requests). At n = 10^5 the 99,999 tree edges hang from 33,171 parents, 3 on average.
// Once links change, routes go stale within a few messages, and each edge's are found when
// needed, alone.
func (a *RR) routes(i, to int32) (*edgeRoutes, routing.Route) {
	c, up := i, true
	if a.parent[i] != to {
		c, up = to, false
	}
	e := &a.edges[c]
	if v := a.topo.Version(); e.ver != v {
		if v == a.static {
			a.childRoutes(a.parent[c], v)
		} else {
			d, there, back := a.oracle.Routes(c, a.parent[c])
			*e = edgeRoutes{ver: v, up: there, down: back, dist: int64(d)}
		}
	}
	if up {
		return e, e.up
	}
	return e, e.down
}

// childRoutes finds the routes of the edges from p to its children that are not current at
// version v, all at once.
func (a *RR) childRoutes(p int32, v uint64) {
	kids := a.kids[:0]
	for _, c := range a.treeAdj[a.treeStart[p]:a.treeStart[p+1]] {
		if c != a.parent[p] && a.edges[c].ver != v {
			kids = append(kids, c)
		}
	}
	found := a.found[:len(kids)]
	a.oracle.RoutesToward(p, kids, found)
	for k, c := range kids {
		f := &found[k]
		a.edges[c] = edgeRoutes{ver: v, up: f.There, down: f.Back, dist: int64(f.Dist)}
	}
}

func (a *RR) rqBase(i int32) int32 { return a.treeStart[i] + i }

func (a *RR) enqueue(i, x int32) {
	a.rq[a.rqBase(i)+a.rqLen[i]] = x
	a.rqLen[i]++
}

func (a *RR) dequeue(i int32) int32 {
	b := a.rqBase(i)
	q := a.rq[b : b+a.rqLen[i]]
	if a.mut == mutLIFO {
		a.rqLen[i]--
		return q[len(q)-1]
	}
	head := q[0]
	copy(q, q[1:])
	a.rqLen[i]--
	return head
}

// TreeNeighbours returns node i's neighbours in the virtual tree (for tests).
func (a *RR) TreeNeighbours(i int32) []int32 {
	return append([]int32(nil), a.treeAdj[a.treeStart[i]:a.treeStart[i+1]]...)
}

// Holder returns node i's HOLDER (for tests).
func (a *RR) Holder(i int32) int32 { return a.holder[i] }

// ---- Mutation points ----

// mutant numbers rr's deliberately broken variants (the mutation package says how mutants
// work). RR.mut holds the one in force, mutNone in every real trial; each point above is one
// comparison with it.
type mutant uint8

const (
	mutNone           mutant = iota
	mutKeepAsked             // ASSIGN_PRIVILEGE does not reset ASKED
	mutWrongNeighbour        // ASSIGN_PRIVILEGE sends the privilege to another tree neighbour than the one dequeued
	mutIgnoreUsing           // ASSIGN_PRIVILEGE passes the privilege on while USING
	mutLIFO                  // REQUEST_Q is served last in, first out
)

// mutants names rr's mutants, indexed by mutant, each with the change it makes in
// the paper's terms (mutation.Table).
var mutants = [...][2]string{
	mutKeepAsked:      {"keep-asked", "ASSIGN_PRIVILEGE does not reset ASKED"},
	mutWrongNeighbour: {"wrong-neighbour", "ASSIGN_PRIVILEGE sends the PRIVILEGE to another tree neighbour than the one dequeued"},
	mutIgnoreUsing:    {"ignore-using", "ASSIGN_PRIVILEGE ignores USING (passes the PRIVILEGE on from inside the CS)"},
	mutLIFO:           {"lifo", "REQUEST_Q served last in, first out"},
}

// otherNeighbour is mutWrongNeighbour's choice: the next tree neighbour of i after x (x itself
// if it is i's only tree neighbour).
func (a *RR) otherNeighbour(i, x int32) int32 {
	nb := a.treeAdj[a.treeStart[i]:a.treeStart[i+1]]
	for k, y := range nb {
		if y == x {
			return nb[(k+1)%len(nb)]
		}
	}
	return x
}
