package topology

import "fmt"

// The random graph of a large trial is built on a topology without links, and that is what
// makes it cheap. At n = 10^6 each of its 4 M links touched six or more random cache lines
// (the degrees, the port sets and the port rows of both ends) one after the other, each a
// miss to main memory: building the graph was a third of the million-node trial (docs/scaling.md).
// On an empty topology, with links only ever added, node i's ports in use are exactly
// 0..deg[i]−1, so:
//
//   - the lowest free port is deg[i], and the adjacency test scans ports below deg[i] of the
//     end with fewer links, without the port sets;
//   - the port sets are written once at the end (finishFresh), node by node in order;
//   - the adjacency test first asks a 32-bit filter per node (neighbourBits, a Bloom filter
//     of one hash): bit h(v) of u's word and bit h(u) of v's are set when u and v connect,
//     so if either is clear they are not adjacent, and only the candidates with both set
//     (about one in twenty at mean degree 8) scan a port row. The filters (4 MB at n =
//     10^6) stay in cache where the rows (320 MB) do not: scanning the rows of both ends
//     was about 3 of a candidate's 4 to 7 misses to main memory;
//   - the pairs are decided in batches: the stream gives the next batch's candidates
//     whatever is decided about them, so their degrees, filters and the port records a
//     link would be written to are read first, all at once (touchBatch: the misses
//     overlap), and then the pairs are decided in order, on cached lines, exactly as one by
//     one.
//
// The links, their order, the ports, the generations and the draws taken from the stream
// are those of Connect called link by link (TestRandomConnectedPinned).

// batchPairs is how many candidate pairs are read ahead: enough misses in flight to cover
// the latency of main memory, few enough that their lines stay in the first-level cache.
const batchPairs = 32

// pairBatch is a batch of candidate pairs, in the order the stream gave them.
type pairBatch struct {
	u, v [batchPairs]int32
	len  int
}

func (b *pairBatch) add(u, v int32) {
	b.u[b.len], b.v[b.len] = u, v
	b.len++
}

// touchBatch reads the degrees and filters, then the port record each end would take
// (its first free port), of every node in b: independent loads the processor overlaps, so
// that deciding the pairs after it finds their lines in cache. The sum is kept in t.warm
// only so that the loads stay.
func (t *Topology) touchBatch(b *pairBatch) {
	var s int32
	for k := range b.len {
		u, v := b.u[k], b.v[k]
		s += t.deg[u] + t.deg[v] + t.bfsQueue[u] + t.bfsQueue[v]
	}
	for k := range b.len {
		s += t.touchFree(b.u[k]) + t.touchFree(b.v[k])
	}
	t.warm += uint32(s)
}

// touchFree reads node i's first free port's record. A node whose inline ports are all in use
// reads its last inline record instead: spilling is rare, and its row is read as it comes.
func (t *Topology) touchFree(i int32) int32 {
	r := &t.ports[int(i)*t.inline+min(int(t.deg[i]), t.inline-1)]
	return int32(r.peerPlus1 + r.linkPlus1)
}

// neighbourBits is the adjacency filter of a graph being built by connectFresh, one word
// per node, in bfsQueue's storage (scratch between searches): bit nodeBit(v) of node u's
// word is set if u has a neighbour v, and may be set by another neighbour with the same
// bit. RandomConnected clears it before the first link.
func (t *Topology) neighbourBits() []int32 { return t.bfsQueue[:t.n] }

// nodeBit is node v's bit in the adjacency filter: the top five bits of a multiplicative
// hash, so that neighbours with nearby ids take different bits.
func nodeBit(v int32) int32 { return int32(uint32(v) * 0x9e3779b1 >> 27) }

// adjacentFresh is Adjacent on a topology built by connectFresh alone: the adjacency
// matrix where there is one; else the filter, then, when both ends' filters admit the
// link, a scan of the ports in use of the end with fewer links.
func (t *Topology) adjacentFresh(u, v int32) bool {
	if len(t.adj) > 0 {
		k := int(u)*t.n + int(v)
		return t.adj[k>>6]&(1<<(uint(k)&63)) != 0
	}
	if f := t.neighbourBits(); (f[u]>>nodeBit(v))&(f[v]>>nodeBit(u))&1 == 0 {
		return false
	}
	if t.deg[v] < t.deg[u] {
		u, v = v, u
	}
	d := int(t.deg[u])
	row := t.ports[int(u)*t.inline:][:min(d, t.inline)]
	for k := range row {
		if row[k].Peer() == v {
			return true
		}
	}
	for p := t.inline; p < d; p++ {
		if t.ports[t.slot(u, Port(p))].Peer() == v {
			return true
		}
	}
	return false
}

// freshCandidate is RandomAbsentPair's test on a topology built by connectFresh alone: u
// and v are not adjacent and both have a free port.
func (t *Topology) freshCandidate(u, v int32) bool {
	return !t.Full(u) && !t.Full(v) && !t.adjacentFresh(u, v)
}

// connectFresh is connectAbsent on a topology whose links were all added by connectFresh
// since it had none: the lowest free port of node i is deg[i]. The port sets and the
// version are brought up to date by finishFresh.
func (t *Topology) connectFresh(u, v int32, since float64) error {
	du, dv := t.deg[u], t.deg[v]
	if int(du) >= t.portCap || int(dv) >= t.portCap {
		return fmt.Errorf("topology: cannot connect %d and %d: no free port (port cap %d)", u, v, t.portCap)
	}
	pu, pv := Port(du), Port(dv)
	t.ensureSlot(u, pu)
	t.ensureSlot(v, pv)
	iu, iv := t.slot(u, pu), t.slot(v, pv)
	k := t.addLink(linkEnds{u, pu}, since)
	t.ports[iu] = linkedPort(v, pv, t.ports[iu].gen+1, k)
	t.ports[iv] = linkedPort(u, pu, t.ports[iv].gen+1, k)
	if len(t.lastArr) > 0 {
		t.lastArr[iu], t.lastArr[iv] = 0, 0
	}
	t.deg[u], t.deg[v] = du+1, dv+1
	f := t.neighbourBits()
	f[u] |= 1 << nodeBit(v)
	f[v] |= 1 << nodeBit(u)
	t.setAdj(u, v, true)
	return nil
}

// finishFresh writes the port sets of a topology built by connectFresh (node i's ports
// 0..deg[i]−1) and advances its version by one per link, as Connect would have.
func (t *Topology) finishFresh() {
	for i := int32(0); int(i) < t.n; i++ {
		row := t.up.Row(i)
		d := int(t.deg[i])
		for w := range row {
			switch {
			case d >= 64*(w+1):
				row[w] = ^uint64(0)
			case d > 64*w:
				row[w] = 1<<uint(d-64*w) - 1
			default:
				row[w] = 0
			}
		}
	}
	t.version += uint64(len(t.links))
}

// since is the time a link formed now records: the simulator's clock, 0 without one.
func (t *Topology) since() float64 {
	if t.clock != nil {
		return *t.clock
	}
	return 0
}
