// Package topology is mutexlab's physical network: nodes, the ports of their link
// endpoints, which ports are up and who is at the other end (Topology), one bitset of ports
// per node (PortSets), the random connected graphs of Walter, Welch and Vaidya's section 6
// (RandomConnected) and breadth-first search (BFS). The kernel sends and delivers messages
// over it and counts them in flight on its ports; network models build and change it. It
// knows nothing of events, algorithms or time beyond the clock it is handed (SetClock).
package topology

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
	"runtime"
	"unsafe"

	"github.com/mutexlab/mutexlab/kernel/mem"
)

// Port numbers a node's link endpoints 0..PortCap-1. A link occupies one port at each end;
// an algorithm addresses neighbours by port, the way a radio addresses the link layer.
type Port = int32

// NoPort marks "no port" (for example, a next pointer whose link has failed).
const NoPort Port = -1

// Topology is the physical network: which ports are up, who is at the other end, and how many
// messages are in flight on each directed port. All state lives in flat slices sized once
// per trial size and reused. A small network stores every port's record inline, port p of
// node i at index i*PortCap+p; a large one (n·PortCap above inlineAll) stores only each
// node's first ports inline and the rest in spill rows (slot). How many are inline depends on
// the trial: its mean degree when the network model says how many links it starts with
// (ResetLinks, inlineFor). Port numbers never depend on it.
//
// Each node has at most PortCap ports. For small networks (n <= 128) PortCap = n-1, so the cap
// never binds; for large sparse ones it is a generous multiple of the mean degree (see
// PortCapFor), and link formation skips nodes whose ports are all in use.
type Topology struct {
	n, portCap int
	// ports holds the link layer's state of every port, at index slot(i, p): node i's first
	// inline ports in a row of its own, the rest in a spill row it gets when it first uses
	// one (see slot).
	ports  []PortRec
	inline int     // ports per node stored inline
	spill  []int32 // each node's spill row (-1: none yet)
	spills int     // spill rows handed out
	// lastArr is the arrival time of the last message sent on each port (by slot), kept
	// only where FIFO order needs enforcing (TrackArrivals): under a constant delay the
	// arrival times on a link already increase, and the 8 bytes per port are saved.
	lastArr []float64
	up      PortSets
	deg     []int32
	// links holds one end of each link, by link index; the other is in that end's port
	// record (linkAt).
	links []linkEnds
	// linkSince is the simulated time each link formed, by link index, kept only once a
	// link forms after time 0 (then as long as links): the initial network's links all
	// form at 0, and at n = 10^6 the 8 bytes of each of its 4 M links were 32 MB.
	linkSince []float64
	adj       []uint64 // n*n adjacency bits when n <= adjMatrixMax, for O(1) Adjacent
	moving    []uint64 // one bit per node: the node is moving (geometric mobility models)
	version   uint64
	// changed is, per node, the version of the last link change at the node, kept only
	// once TrackChanges asks (a routing oracle's neighbour rows).
	changed []uint64
	clock   *float64 // the simulator's clock (nil: 0; SetClock): links record when they formed

	stamp    []uint32 // BFS scratch: visited when stamp[v] == cur
	cur      uint32
	bfsQueue []int32
	// removable is, per link, memoCur<<1 | whether the link could go, for the links
	// PickRemovableLink has asked about in its current call (networks of at most 64 nodes,
	// len MaxLinks(n); see removableMemo).
	removable []uint32
	memoCur   uint32
	warm      uint32 // a sum of what reading ahead read (graphbuild.go): stored, so the compiler keeps the reads

	spillAt spillRule // when the topology spills its ports past the first few (tests; spillRule)
	// parallel: setup may split work on this network over two goroutines (a large trial's;
	// SetParallel, Parallel).
	parallel bool
	// stop, while a trial is set up, is closed when the run is stopped (SetStop): the random
	// graph's build looks at it (interrupted), the longest part of a large trial's setup.
	stop <-chan struct{}
	// portsFresh is set when ports was allocated and nothing has written it since: its
	// records are all zero bytes, every port free, and ResetLinks does not clear them.
	portsFresh bool
}

// linkEnds is the end a link was formed from, (u, pu) of Connect(u, v), in 8 bytes: the other
// end (v, pv) is in u's port record pu (peer, peerPort), written with the link and unchanged
// while it is up, so storing it here as well (16 bytes) spent 32 MB on the 4 M links of a
// trial at n = 10^6 and mean degree 8. linkAt reads both; when the link formed is in
// Topology.linkSince.
type linkEnds struct {
	u  int32
	pu Port
}

// Parallel reports whether an algorithm's setup may split its work over two goroutines: the
// topology belongs to a large trial (SetParallel) and a second processor may run. Below the
// kernel's LargeN the work is done in less time than starting a goroutine is worth.
func (t *Topology) Parallel() bool { return t.parallel && runtime.GOMAXPROCS(0) >= 2 }

// SetParallel says whether the topology belongs to a large trial, whose setup may split
// work over two goroutines (Parallel).
func (t *Topology) SetParallel(on bool) { t.parallel = on }

// SetClock makes links record, when they form, the time clock points to (the simulator's
// clock; nil: 0).
func (t *Topology) SetClock(clock *float64) { t.clock = clock }

// SetStop hands the random graph's build the channel closed when the run setting the
// topology up is stopped (nil: none): RandomConnected then returns ErrInterrupted.
func (t *Topology) SetStop(stop <-chan struct{}) { t.stop = stop }

// ErrInterrupted is what RandomConnected returns when the stop channel (SetStop) closed
// during the build: the kernel's ErrInterrupted, a stopped trial, is this same value.
var ErrInterrupted = errors.New("trial interrupted before it finished")

// linkAt returns link k's ends as it was formed, (u, pu) to (v, pv): the end kept in links,
// and the other read from that end's port record.
func (t *Topology) linkAt(k int) (u, v int32, pu, pv Port) {
	l := t.links[k]
	r := &t.ports[t.slot(l.u, l.pu)]
	return l.u, r.Peer(), l.pu, r.PeerPort()
}

const adjMatrixMax = 4096

// PortCapFor returns the port capacity used for n nodes and the given number of links.
func PortCapFor(n, links int) int {
	if n <= 128 {
		return n - 1
	}
	c := 4 * MeanDegree(n, links)
	if c < 16 {
		c = 16
	}
	if c > n-1 {
		c = n - 1
	}
	return c
}

// MeanDegree is the mean degree of n nodes joined by links links, rounded up.
func MeanDegree(n, links int) int { return (2*links + n - 1) / n }

// inlineAll is the most ports (n·PortCap) a topology stores all inline; larger ones store
// only the first few ports of each node inline (inlineFor) and spill the rest.
const inlineAll = 1 << 20

// spillRule chooses when a topology spills (Topology.spillAt): by its size (the zero value:
// above inlineAll ports), always at inlineFor's width (spillAlways), or always at a given
// width (a positive value, capped at PortCap). Spilling changes where a port's record is
// stored, never a port number or a result: tests pin results with every topology spilled,
// and BenchmarkInlineWidth compares widths on one simulator.
type spillRule int

// SpillBeyond makes the topology store only its first w ports per node inline (w = 0: as
// many as inlineFor says; w < 0: by its size, as without the call), the rest in spill rows,
// as the largest networks do, from the next Reset on: for tests that pin results with ports
// spilled, and benchmarks that compare widths. Results do not depend on it.
func (t *Topology) SpillBeyond(w int) {
	switch {
	case w == 0:
		t.spillAt = spillAlways
	case w < 0:
		t.spillAt = spillBySize
	default:
		t.spillAt = spillRule(w)
	}
}

// Layout returns how many of each node's ports are stored inline, and how many spill rows
// were handed out since the last Reset (tests and benchmarks of the layout).
func (t *Topology) Layout() (inline, spills int) { return t.inline, t.spills }

const (
	spillBySize spillRule = 0
	spillAlways spillRule = -1
)

// inlineFor returns how many of each node's ports a topology of n nodes with portCap ports
// stores inline when it spills, for a network expected to hold about links links (0: not
// known).
//
// Known links: the mean degree m plus two of its standard deviations, m + ⌈2√m⌉ (the
// initial random graph's degrees are nearly Poisson: a uniform spanning tree plus
// uniformly random links). At n = 10^6 that spills 1.3% of the nodes at mean degree 8 (14
// inline of 32), 1.2% at 4 (8 of 16), 2.0% at 16 (24 of 64), and stores 11%, 49% and 23%
// fewer port records than 16, 16 and 32 inline (topology_inline_test.go counts
// them). A smaller width spills more nodes and saves little more: the spill rows,
// PortCap − inline records each, grow as the inline rows shrink, and a spilled port is a
// second row on another page that the look-ahead does not prefetch.
//
// Links not known (the geometric and tvg models, whose port cap is not 4 × the mean
// degree): max(16, PortCap/2), at least twice the mean degree under PortCapFor.
func inlineFor(portCap, n, links int) int {
	w := max(16, portCap/2)
	if links > 0 {
		m := MeanDegree(n, links)
		w = m + int(math.Ceil(2*math.Sqrt(float64(m))))
	}
	return max(1, min(portCap, w))
}

// Reset makes an empty network of n nodes with portCap ports each, reusing storage. It
// refuses a port cap above MaxPortCap (ResetLinks).
func (t *Topology) Reset(n, portCap int) error { return t.ResetLinks(n, portCap, 0) }

// ResetLinks is Reset for a network that will start with about links links (0: not known),
// which sizes a large network's inline port rows for its mean degree (inlineFor): the
// inline width, and so where each port's record is stored, depends on the trial. Port
// numbers do not.
//
// It is where every port cap is set, so it is where one too large for a port record
// (MaxPortCap) is refused, before anything is allocated; the network model that chose the
// cap names the parameter behind it.
func (t *Topology) ResetLinks(n, portCap, links int) error {
	if err := CheckPortCap(portCap); err != nil {
		return err
	}
	t.n, t.portCap = n, portCap
	t.inline = t.inlineWidth(n, portCap, links)
	t.allocatePorts(nil, n, portCap)
	t.ports = t.ports[:n*t.inline]
	if t.portsFresh {
		t.portsFresh = false // new memory is zero: every port free
	} else {
		clear(t.ports) // every port free, generation 0 (a spill row is cleared when handed out: ensureSlot)
	}
	t.spill = mem.Resize(t.spill, n)
	for i := range t.spill {
		t.spill[i] = -1
	}
	t.spills = 0
	t.lastArr = t.lastArr[:0]
	t.changed = t.changed[:0]
	t.up.Reset(n, portCap)
	t.deg = mem.Zeroed(t.deg, n)
	t.links = t.links[:0]
	t.linkSince = t.linkSince[:0]
	if n <= adjMatrixMax {
		t.adj = mem.Zeroed(t.adj, (n*n+63)/64)
	} else {
		t.adj = t.adj[:0]
	}
	t.moving = mem.Zeroed(t.moving, (n+63)/64)
	t.stamp = mem.Zeroed(t.stamp, n)
	t.cur = 0
	if n <= 64 {
		t.removable = mem.Zeroed(t.removable, MaxLinks(n))
	} else {
		t.removable = t.removable[:0]
	}
	t.memoCur = 0
	t.bfsQueue = mem.Resize(t.bfsQueue, n)
	t.version++
	return nil
}

// inlineWidth is how many of each node's ports a topology of n nodes with portCap ports
// stores inline, for a network expected to hold about links links (0: not known): all of
// them in a small topology, inlineFor's width in one that spills (t.spillAt).
func (t *Topology) inlineWidth(n, portCap, links int) int {
	switch {
	case t.spillAt > 0:
		return max(1, min(portCap, int(t.spillAt)))
	case t.spillAt == spillAlways || n*portCap > inlineAll:
		return inlineFor(portCap, n, links)
	}
	return portCap
}

// allocatePorts gives ports room for the inline rows of n nodes and the spill rows
// (spillRoom), allocating it when it is too small. One allocation with the spill room:
// sized first and grown after, the array was allocated twice, and the collector handed the
// first one (320 MB at n = 10^6, never touched) to the next large arrays, which Go then
// cleared page by page: 0.4-0.6 s of memclr in the million-node trial, and 13 MB of peak RSS.
// A new array is zero, every port free (portsFresh), and goes to the setup helper pf (nil:
// none).
func (t *Topology) allocatePorts(pf *mem.Prefaulter, n, portCap int) {
	if room := n*t.inline + spillRoom(n)*(portCap-t.inline); cap(t.ports) < room {
		t.ports = mem.MakeLarge[PortRec](n*t.inline, room)
		t.portsFresh = true
		mem.Prefault(pf, t.ports)
	}
}

// Preallocate allocates, for a large trial's setup helper pf, the arrays that
// ResetLinks(n, portCap, links) and then RandomConnected(links) would allocate, those too
// small only, and hands them to the helper (mem.Prefault), the port records last so that it
// populates them first: they are needed first, and whole. Allocating them before the helper
// is woken, rather than in ResetLinks while it populates, spares each allocation's
// huge-page advice a wait for the address space's lock. ResetLinks then finds them large
// enough and writes what it always writes; contents do not change. The stamps are left to
// ResetLinks: a large trial writes only their start (the BFS's bitsets), and pages never
// written cost no resident memory.
func (t *Topology) Preallocate(pf *mem.Prefaulter, n, portCap, links int) {
	if cap(t.links) < links {
		t.links = mem.Reserve(t.links, links)
		mem.Prefault(pf, t.links[:links]) // appended link by link during the build
	}
	mem.PreallocateSlice(pf, &t.bfsQueue, n)
	mem.PreallocateSlice(pf, &t.deg, n)
	mem.PreallocateSlice(pf, &t.up.words, n*((portCap+63)/64))
	mem.PreallocateSlice(pf, &t.spill, n)
	t.inline = t.inlineWidth(n, portCap, links)
	t.allocatePorts(pf, n, portCap)
}

// JoinPrefault faults in, on the calling thread together with the setup helper pf
// (mem.JoinPrefault), the arrays Preallocate handed it that the graph's build needs whole
// before its first link: the port records (written at random nodes), the spill rows, the up
// sets, the degrees and the BFS queue, rather than one page at a time as the build writes
// them. Each does nothing unless the helper has the array still to populate.
func (t *Topology) JoinPrefault(pf *mem.Prefaulter) {
	mem.JoinPrefault(pf, t.ports) // as long as Preallocate handed it: n inline rows
	mem.JoinPrefault(pf, t.spill[:cap(t.spill)])
	mem.JoinPrefault(pf, t.up.words[:cap(t.up.words)])
	mem.JoinPrefault(pf, t.deg[:cap(t.deg)])
	mem.JoinPrefault(pf, t.bfsQueue[:cap(t.bfsQueue)])
}

// spillRoom is how many spill rows Reset makes room for: one node in 16. At the inline
// width inlineFor gives a random graph of known mean degree, 1.2-2.0% of the nodes spill at
// n = 10^6 (mean degree 4, 8, 16), and 1.3-2.6% by the end of a trial of 10^5 nodes with
// link changes (rl at mean degree 4, 8 and 16 and drs at 8, mobility 5: a node keeps its
// spill row for the trial once a link used a port beyond inline). Without the room, the
// first spill beyond it reallocates the whole port array and leaves the old one, 305 MB at
// n = 10^6, to the collector: a third of the trial's peak RSS (docs/scaling.md, Memory).
// The room is capacity: in an array fresh from the system, its pages that no spill row
// reaches are never touched (22 MB at n = 10^6, mean degree 8).
func spillRoom(n int) int { return n/16 + 1 }

// slot returns the index in ports (and lastArr) of node i's port p. A node's ports are
// numbered from 0 and taken lowest first, so in a sparse network most nodes use only their
// first few: storing PortCap records per node, as a flat n·PortCap array would, spends most
// of them on ports that are never used (at n = 10^6 and mean degree 8, PortCap is 32 and
// the mean degree 8). Ports below inline live in node i's inline row; the others in a spill
// row of PortCap − inline records appended after all inline rows the first time node i
// connects one of them (and kept for the rest of the trial).
func (t *Topology) slot(i int32, p Port) int {
	if int(p) < t.inline {
		return int(i)*t.inline + int(p)
	}
	return t.n*t.inline + int(t.spill[i])*(t.portCap-t.inline) + int(p) - t.inline
}

// rec returns node i's port p for reading: a port in a spill row node i never got has never
// been used, and reads as free (generation 0, as every port starts).
func (t *Topology) rec(i int32, p Port) PortRec {
	if int(p) >= t.inline && t.spill[i] < 0 {
		return PortRec{}
	}
	return t.ports[t.slot(i, p)]
}

// PortAt returns node i's port p's record, or nil when p is no port (out of range) or lies
// in a spill row node i never got (a free port, as rec reads it): the simulator's send and
// delivery update the record in place.
func (t *Topology) PortAt(i int32, p Port) *PortRec {
	if uint(p) >= uint(t.portCap) || int(p) >= t.inline && t.spill[i] < 0 {
		return nil
	}
	return &t.ports[t.slot(i, p)]
}

// Record returns node i's port p's record, for a port that is up (the simulator's send
// reads and updates the record at the far end of the link it sends on).
func (t *Topology) Record(i int32, p Port) *PortRec { return &t.ports[t.slot(i, p)] }

// ArrivalFIFO returns when a message sent now on node i's port p arrives, at the earliest
// at: never before one sent earlier on the same port (FIFO links under varying delays), and
// records it. It needs the arrival times kept (TrackArrivals).
func (t *Topology) ArrivalFIFO(i int32, p Port, at float64) float64 {
	idx := t.slot(i, p)
	at = max(at, t.lastArr[idx])
	t.lastArr[idx] = at
	return at
}

// ensureSlot gives node i a spill row if port p needs one.
func (t *Topology) ensureSlot(i int32, p Port) {
	if int(p) < t.inline || t.spill[i] >= 0 {
		return
	}
	t.spill[i] = int32(t.spills)
	t.spills++
	w := t.portCap - t.inline
	for range w {
		t.ports = append(t.ports, PortRec{})
	}
	if len(t.lastArr) > 0 {
		t.lastArr = append(t.lastArr, make([]float64, w)...)
	}
}

// N returns the number of nodes.
func (t *Topology) N() int { return t.n }

// PortCap returns the number of ports per node.
func (t *Topology) PortCap() int { return t.portCap }

// NumLinks returns the number of links that are up.
func (t *Topology) NumLinks() int { return len(t.links) }

// Link returns the endpoints of the k-th link (0 <= k < NumLinks; order changes as links come and go).
func (t *Topology) Link(k int) (u, v int32) {
	u, v, _, _ = t.linkAt(k)
	return u, v
}

// Version increases with every change to the set of links.
func (t *Topology) Version() uint64 { return t.version }

// RestartVersion sets the version back to 0, as on a new topology. Only for a simulator
// whose algorithm is a fresh instance (Sim.ScriptAgain): a reused one may cache what it
// computed under a version number that would then come back with another network.
func (t *Topology) RestartVersion() { t.version = 0 }

// Up returns the sets of ports that are up, one per node.
func (t *Topology) Up() *PortSets { return &t.up }

// Peer returns the node at the other end of node i's port p, or -1 if p is down.
func (t *Topology) Peer(i int32, p Port) int32 { return t.rec(i, p).Peer() }

// PeerPort returns the port number of the same link at the neighbour's end.
func (t *Topology) PeerPort(i int32, p Port) Port { return t.rec(i, p).PeerPort() }

// Degree returns the number of links at node i.
func (t *Topology) Degree(i int32) int { return int(t.deg[i]) }

// PortTo returns node i's port to neighbour j, or NoPort if they are not adjacent.
func (t *Topology) PortTo(i, j int32) Port {
	for p := t.up.Next(i, 0); p >= 0; p = t.up.Next(i, p+1) {
		if t.ports[t.slot(i, p)].Peer() == j {
			return p
		}
	}
	return NoPort
}

// Adjacent reports whether u and v share a link.
func (t *Topology) Adjacent(u, v int32) bool {
	if len(t.adj) > 0 {
		k := int(u)*t.n + int(v)
		return t.adj[k>>6]&(1<<(uint(k)&63)) != 0
	}
	return t.PortTo(u, v) != NoPort
}

func (t *Topology) setAdj(u, v int32, on bool) {
	if len(t.adj) == 0 {
		return
	}
	for _, k := range [2]int{int(u)*t.n + int(v), int(v)*t.n + int(u)} {
		if on {
			t.adj[k>>6] |= 1 << (uint(k) & 63)
		} else {
			t.adj[k>>6] &^= 1 << (uint(k) & 63)
		}
	}
}

// Moving reports whether node i is moving (geometric mobility models; always false for the
// others). Algorithms that distinguish moving from static nodes read it for their own node.
func (t *Topology) Moving(i int32) bool { return t.moving[i>>6]&(1<<(uint(i)&63)) != 0 }

// SetMoving marks node i as moving or static (network models only).
func (t *Topology) SetMoving(i int32, on bool) {
	if on {
		t.moving[i>>6] |= 1 << (uint(i) & 63)
	} else {
		t.moving[i>>6] &^= 1 << (uint(i) & 63)
	}
}

// LinkSince returns the simulated time link k formed (0 for the initial network).
func (t *Topology) LinkSince(k int) float64 {
	if len(t.linkSince) == 0 {
		return 0
	}
	return t.linkSince[k]
}

// addLink appends link l, formed at time since, to the links and returns its index.
func (t *Topology) addLink(l linkEnds, since float64) int32 {
	k := len(t.links)
	t.links = append(t.links, l)
	if since != 0 && len(t.linkSince) == 0 { // the first link formed after 0: the others at 0
		t.linkSince = mem.Reserve(t.linkSince, max(k+1, cap(t.links)))[:k]
		clear(t.linkSince)
	}
	if len(t.linkSince) > 0 {
		t.linkSince = append(t.linkSince, since)
	}
	return int32(k)
}

// Full reports whether every port of node i is in use.
func (t *Topology) Full(i int32) bool { return int(t.deg[i]) >= t.portCap }

func (t *Topology) freePort(i int32) Port {
	row := t.up.Row(i)
	for w, x := range row {
		if x != ^uint64(0) {
			for b := 0; b < 64; b++ {
				if x&(1<<uint(b)) == 0 {
					p := w*64 + b
					if p < t.portCap {
						return Port(p)
					}
					return NoPort
				}
			}
		}
	}
	return NoPort
}

// Connect brings up a link between u and v on the lowest free port at each end. It fails if
// u == v, they are already adjacent, or either has no free port.
func (t *Topology) Connect(u, v int32) (pu, pv Port, err error) {
	if u == v || t.Adjacent(u, v) {
		return NoPort, NoPort, fmt.Errorf("topology: cannot connect %d and %d: same node or already adjacent", u, v)
	}
	return t.connectAbsent(u, v)
}

// connectAbsent is Connect for a pair the caller knows to be distinct and not adjacent (the
// random graph's generator, which has just checked): in a large network Adjacent scans a
// port row, and checking twice was about a tenth of building a 10^6-node graph (pprof).
func (t *Topology) connectAbsent(u, v int32) (pu, pv Port, err error) {
	pu, pv = t.freePort(u), t.freePort(v)
	if pu == NoPort || pv == NoPort {
		return NoPort, NoPort, fmt.Errorf("topology: cannot connect %d and %d: no free port (port cap %d)", u, v, t.portCap)
	}
	t.ensureSlot(u, pu)
	t.ensureSlot(v, pv)
	iu, iv := t.slot(u, pu), t.slot(v, pv)
	if len(t.lastArr) > 0 {
		t.lastArr[iu], t.lastArr[iv] = 0, 0
	}
	k := t.addLink(linkEnds{u, pu}, t.since())
	t.ports[iu] = linkedPort(v, pv, t.ports[iu].gen+1, k)
	t.ports[iv] = linkedPort(u, pu, t.ports[iv].gen+1, k)
	t.up.Add(u, pu)
	t.up.Add(v, pv)
	t.deg[u]++
	t.deg[v]++
	t.setAdj(u, v, true)
	t.version++
	t.markChanged(u, v)
	return pu, pv, nil
}

// isUp reports whether node i's port p exists and is up. It reads the port's record, which
// sending on the port reads next anyway, rather than the up set: at n = 10^6 that was one
// more cache line of a random node per message.
func (t *Topology) isUp(i int32, p Port) bool {
	return uint(p) < uint(t.portCap) && t.rec(i, p).Up()
}

// Gen returns the generation of the link at node i's port p: a message carries the generation
// it was sent in and is lost if the port's link has changed since.
func (t *Topology) Gen(i int32, p Port) uint32 { return t.rec(i, p).gen }

// DropInFlight forgets the messages in flight on link k (lossy networks, before Disconnect):
// they will be found stale on arrival and counted as lost.
func (t *Topology) DropInFlight(k int) {
	iu, iv := t.linkSlots(k)
	t.ports[iu].inflight, t.ports[iv].inflight = 0, 0
	t.ports[iu].gen++
	t.ports[iv].gen++
}

// InFlight returns the number of messages in flight on link k, both directions.
func (t *Topology) InFlight(k int) int {
	iu, iv := t.linkSlots(k)
	return int(t.ports[iu].inflight) + int(t.ports[iv].inflight)
}

// LinkIdle reports whether no message is in flight in either direction on link k.
func (t *Topology) LinkIdle(k int) bool {
	iu, iv := t.linkSlots(k)
	return t.ports[iu].inflight == 0 && t.ports[iv].inflight == 0
}

// linkSlots returns the indices in ports of link k's two port records, as formed (linkAt).
func (t *Topology) linkSlots(k int) (iu, iv int) {
	u, v, pu, pv := t.linkAt(k)
	return t.slot(u, pu), t.slot(v, pv)
}

// Disconnect takes link k down and returns its endpoints and their ports. It refuses (an
// invariant violation: the kernel never asks) when a message is in flight on the link.
func (t *Topology) Disconnect(k int) (u, v int32, pu, pv Port) {
	u, v, pu, pv = t.linkAt(k) // before its port records are released
	iu, iv := t.slot(u, pu), t.slot(v, pv)
	if t.ports[iu].inflight != 0 || t.ports[iv].inflight != 0 { // !LinkIdle(k)
		panic(fmt.Sprintf("topology: link %d-%d taken down with a message in flight", u, v))
	}
	t.ports[iu].release()
	t.ports[iv].release()
	last := len(t.links) - 1
	if k != last { // the last link moves into place k
		mu, mv := t.linkSlots(last)
		t.links[k] = t.links[last]
		t.ports[mu].setLink(int32(k))
		t.ports[mv].setLink(int32(k))
	}
	t.links = t.links[:last]
	if len(t.linkSince) > 0 {
		t.linkSince[k] = t.linkSince[last]
		t.linkSince = t.linkSince[:last]
	}
	t.up.Remove(u, pu)
	t.up.Remove(v, pv)
	t.deg[u]--
	t.deg[v]--
	t.setAdj(u, v, false)
	t.version++
	t.markChanged(u, v)
	return u, v, pu, pv
}

// TrackChanges keeps, from now until the next Reset, the version of each node's last link
// change (ChangedSince), for a reader that caches a node's neighbours, such as a routing
// oracle's search (8 bytes per node, only when asked).
func (t *Topology) TrackChanges() { t.changed = mem.Zeroed(t.changed, t.n) }

// ChangedSince reports whether a link of node x went up or down after version v (always
// true when changes are not tracked).
func (t *Topology) ChangedSince(x int32, v uint64) bool {
	return int(x) >= len(t.changed) || t.changed[x] > v
}

// markChanged records the link change that made the current version at its ends u and v.
func (t *Topology) markChanged(u, v int32) {
	if len(t.changed) > 0 {
		t.changed[u], t.changed[v] = t.version, t.version
	}
}

// LinkIndex returns the index of the link at node i's port p, or -1.
func (t *Topology) LinkIndex(i int32, p Port) int { return int(t.rec(i, p).Link()) }

// TrackArrivals keeps (on) or drops the per-port arrival times that FIFO enforcement needs;
// the simulator turns it on when delays vary and links are FIFO, after the network model has
// built the initial network (whose ports carry no message yet).
func (t *Topology) TrackArrivals(on bool) {
	if !on {
		t.lastArr = t.lastArr[:0]
		return
	}
	t.lastArr = mem.Zeroed(t.lastArr, len(t.ports))
}

// ConnectedWithout reports whether link k's endpoints stay connected when k is removed,
// that is, whether k is not a bridge.
//
// The walter model asks it for every candidate link of every change (PickRemovableLink),
// and at the paper's size (n = 30) the port-by-port search was 7 to 9% of a trial's time
// (pprof, BenchmarkRL/n=30), about 1% over rows. A network of at most 64 nodes has its
// adjacency matrix, and each node's row of it fits in one word: a breadth-first search
// over those rows (connectedWithoutRows) visits a whole frontier's neighbours in one OR per
// node instead of one port record per link, and answers exactly as the port search does,
// so the draws the answers steer (and every result) do not move. Larger networks search
// the ports: their rows are many words, and the search is O(n + links) either way.
func (t *Topology) ConnectedWithout(k int) bool {
	u, v, _, _ := t.linkAt(k)
	if t.n <= 64 && len(t.adj) > 0 {
		return t.connectedWithoutRows(u, v)
	}
	return t.connectedWithoutPorts(k, u, v)
}

// adjRow returns node u's row of the adjacency matrix (bit x: u and x are adjacent), for a
// network of at most 64 nodes: the matrix is packed n bits a row, so a row starts anywhere
// in a word and may run on into the next.
func (t *Topology) adjRow(u int32) uint64 {
	s := uint(u) * uint(t.n)
	w, o := s>>6, s&63
	r := t.adj[w] >> o
	if o+uint(t.n) > 64 {
		r |= t.adj[w+1] << (64 - o)
	}
	return r & (1<<uint(t.n) - 1) // (n = 64: 1<<64 is 0 in Go, and the mask is every bit)
}

// AdjacencyRow returns node u's neighbours as one word (bit x: u and x are adjacent) and
// true in a network of at most 64 nodes, where the adjacency matrix is kept and a row fits
// in a word; 0 and false otherwise. The routing oracle's table searches over these rows at
// the papers' sizes (algorithms/rr/routing).
func (t *Topology) AdjacencyRow(u int32) (uint64, bool) {
	if t.n > 64 || len(t.adj) == 0 {
		return 0, false
	}
	return t.adjRow(u), true
}

// connectedWithoutRows is ConnectedWithout for a network of at most 64 nodes: a
// breadth-first search from u over adjacency rows, without the link u-v (the graph is
// simple: Connect refuses a second link between two nodes, so u-v is link k alone). The
// first frontier is u's neighbours but v; a neighbour they share with v is found in the
// first round, which settles most links of a dense graph.
func (t *Topology) connectedWithoutRows(u, v int32) bool {
	target := uint64(1) << uint(v)
	seen := uint64(1) << uint(u)
	front := t.adjRow(u) &^ target
	for front != 0 {
		seen |= front
		var next uint64
		for f := front; f != 0; f &= f - 1 {
			next |= t.adjRow(int32(bits.TrailingZeros64(f)))
		}
		if next&target != 0 {
			return true
		}
		front = next &^ seen
	}
	return false
}

// connectedWithoutPorts is ConnectedWithout by breadth-first search from u over the up
// ports, skipping link k; O(n + links). Every network can ask it (tests compare it with
// connectedWithoutRows).
func (t *Topology) connectedWithoutPorts(k int, u, v int32) bool {
	t.cur++
	t.stamp[u] = t.cur
	q := t.bfsQueue[:0]
	q = append(q, u)
	for h := 0; h < len(q); h++ {
		x := q[h]
		for p := t.up.Next(x, 0); p >= 0; p = t.up.Next(x, p+1) {
			sl := t.slot(x, p)
			if t.ports[sl].Link() == int32(k) {
				continue
			}
			y := t.ports[sl].Peer()
			if y == v {
				return true
			}
			if t.stamp[y] != t.cur {
				t.stamp[y] = t.cur
				q = append(q, y)
			}
		}
	}
	return false
}

// Connected reports whether every node can reach every other.
func (t *Topology) Connected() bool {
	if t.n == 0 {
		return true
	}
	t.cur++
	t.stamp[0] = t.cur
	q := t.bfsQueue[:0]
	q = append(q, 0)
	for h := 0; h < len(q); h++ {
		x := q[h]
		for p := t.up.Next(x, 0); p >= 0; p = t.up.Next(x, p+1) {
			if y := t.ports[t.slot(x, p)].Peer(); t.stamp[y] != t.cur {
				t.stamp[y] = t.cur
				q = append(q, y)
			}
		}
	}
	return len(q) == t.n
}

// Neighbors appends node i's neighbours in port order to dst (tests, tooling, and the
// routing search's neighbour rows, which read it for every row they build: a word of up
// ports at a time).
func (t *Topology) Neighbors(dst []int32, i int32) []int32 {
	for w, word := range t.up.Row(i) {
		for ; word != 0; word &= word - 1 {
			dst = append(dst, t.ports[t.slot(i, Port(w*64+bits.TrailingZeros64(word)))].Peer())
		}
	}
	return dst
}

// MemoryBytes reports the bytes the topology holds per node and per port, and in its
// per-link lists: slice capacities, so what it really holds (the kernel's MemoryBytes).
func (t *Topology) MemoryBytes() (perNodeAndPort, links int) {
	b := cap(t.ports)*int(unsafe.Sizeof(PortRec{})) + cap(t.lastArr)*8 + cap(t.spill)*4 +
		cap(t.up.words)*8 + cap(t.deg)*4 + cap(t.adj)*8 + cap(t.stamp)*4 + cap(t.bfsQueue)*4 + cap(t.removable)*4
	return b, cap(t.links)*int(unsafe.Sizeof(linkEnds{})) + cap(t.linkSince)*8
}
