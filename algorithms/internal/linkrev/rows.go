package linkrev

import (
	"errors"
	"fmt"
	"github.com/mutexlab/mutexlab/kernel/mem"
	"math"
	"math/bits"
	"slices"
	"unsafe"

	"github.com/mutexlab/mutexlab/kernel"
)

// Storage per used port. A node's ports are numbered from 0 and taken lowest first (the
// kernel's Topology.Connect), so in a sparse network a node uses only its first few of its
// PortCap: at n = 10^6 and mean degree 8, PortCap is 32 and a node uses about 8. Rows of
// PortCap heights and PortCap + 1 queue entries per node, as flat n·PortCap arrays would
// hold, were 2.1 KB of the 2.3 KB per node a Reverse Link trial of that size needed
// (docs/scaling.md, Memory). The kernel's answer for its own port records (topology.go:
// a width of ports inline, from the trial's mean degree (14 at mean degree 8), the rest in a
// spill row a node gets on first use) would still keep 14 slots per node for ports most nodes
// never use. So linkrev takes the same idea one step
// further, rows got on first use, and sizes them to what the node uses:
//
//   - node i's heights are a row (in heightStore) as wide as its highest port in use at
//     Reset plus one; when a link forms on a port beyond it (LinkFormed), the row moves to
//     the end of the array, twice as wide (at most PortCap), keeping its values;
//   - its queue is a row of qFirst entries; when Q is full it moves the same way, twice as
//     large, at most as large as Q can get: one entry per port of its height row, plus Self.
//     The row holds its ports, two a word (4 bytes an entry), then, for hk and gme, their
//     values (8 bytes; Valued), in one array of words: 4 bytes an entry for rl and 12 for hk
//     and gme, not 16, a port and its value in one row (queue.go);
//   - formHeight is kept only for the links being formed (forming.go).
//
// A moved row leaves its old place unused until the next Reset, so a node's rows take at
// most three times the widest row over a trial (w0 + w1 + ... with each width at least
// twice the one before and at most the widest); rowsMax bounds the arrays' length. Room is
// reserved at Reset, so that a row that moves rarely makes its array grow; on a simulator
// warmed by a trial of the same size the storage is kept (kernel.Resize), and a trial
// allocates nothing (kernel.TestTrialAllocs).

// qFirst is the size of every node's queue row at Reset: Self and one neighbour's request.
// Under saturation most queues hold one or two entries (a node's requests come from the
// neighbours whose next it is, one on average), and a larger queue moves once or twice.
const qFirst = 2

// rowsMax is the most entries the height or the queue array may need: offsets are int32.
const rowsMax = math.MaxInt32

// rowRef is where node i's rows are, with its queue's length and its first forming record:
// the words a handler reads together, kept in one record (24 bytes) so that finding a
// node's rows costs one cache line.
type rowRef struct {
	h, hw int32  // heights: Height[h : h+hw], one per port below hw
	q     uint32 // queue: from word q of the queues' array (queue.go), qc entries, the first qLen in use
	qc    int32
	qLen  int32
	form  int32 // first of node i's forming records (forming.go), -1 if none
}

// layout sizes the rows for a trial on t: each node's height row as wide as its highest
// port up plus one, each queue row qFirst entries.
func (l *Links) layout(t *kernel.Topology, n int, wide bool, name string) error {
	pc := t.PortCap()
	if err := rowsFit(n, pc, name); err != nil {
		return err
	}
	l.rows = kernel.Resize(l.rows, n)
	up := t.Up()
	h := 0
	for i := range l.rows {
		w := highest(up.Row(int32(i))) + 1
		l.rows[i] = rowRef{h: int32(h), hw: int32(w), q: uint32(i * queueWords(qFirst, l.Valued)), qc: qFirst, form: -1}
		h += w
	}
	l.hs.reserve(h, h/32, 3*n*pc, wide)
	l.reserveQueues(n, pc)
	l.qValued = l.Valued
	l.resetForming()
	return nil
}

// rowsFit refuses a trial whose arrays could outgrow int32 offsets: a node's rows take at
// most three times the widest (PortCap heights, PortCap + 1 queue entries). A queue row of
// c entries with values takes about 1.5c words (queueWords): the queues' offsets are
// uint32, which then still holds them.
func rowsFit(n, pc int, name string) error {
	if 3*n*(pc+1) > rowsMax {
		return fmt.Errorf("%s: %d nodes of %d ports each are more than the Reverse Link state can index (n × (port cap + 1) must be at most %d)",
			name, n, pc, rowsMax/3)
	}
	return nil
}

// highest returns the largest port in a PortSets row, or -1 if it is empty.
func highest(row []uint64) int {
	for w := len(row) - 1; w >= 0; w-- {
		if row[w] != 0 {
			return w*64 + bits.Len64(row[w]) - 1
		}
	}
	return -1
}

// reserveQueues gives the queues' array n rows of qFirst entries and room for rows to move
// (reserve), in the layout Valued asks for (queueWords). It reports whether it allocated.
func (l *Links) reserveQueues(n, pc int) bool {
	w := n * queueWords(qFirst, l.Valued)
	old := unsafe.SliceData(l.q)
	l.q = reserve(l.q, w, w, 3*n*queueWords(pc+1, l.Valued))
	return unsafe.SliceData(l.q) != old
}

// reserve returns s with length n and room for growth more entries (at least 4,096, at
// most up to worst, the most the trial can need), reusing s when it has the room. Kept
// entries are not cleared: Reset writes every one a trial reads.
func reserve[T any](s []T, n, growth, worst int) []T {
	room := min(n+max(growth, 4096), max(worst, n))
	if cap(s) < room {
		s = mem.MakeLarge[T](n, room)
	}
	return s[:n]
}

// moveRow gives a row of old values at vals[*off:] a new place w wide at the end of vals,
// keeping its values; the new entries are zero.
func moveRow[T any](vals []T, off *int32, old, w int) []T {
	start := len(vals)
	vals = slices.Grow(vals, w)[:start+w]
	copy(vals[start:], vals[*off:int(*off)+old])
	clear(vals[start+old:])
	*off = int32(start)
	return vals
}

// fitPort makes node i's height row wide enough for port p (LinkFormed, before the first
// message on p): twice as wide, or to p, at most PortCap.
func (l *Links) fitPort(i int32, p kernel.Port) {
	r := &l.rows[i]
	if p < r.hw {
		return
	}
	w := min(max(int(p)+1, 2*int(r.hw)), l.PortCap)
	l.hs.moveRow(&r.h, int(r.hw), w)
	r.hw = int32(w)
	l.relower(i) // the new ports' heights are zero
}

// fitQueue makes room for one more entry in node i's queue.
func (l *Links) fitQueue(i int32) {
	if r := &l.rows[i]; r.qLen == r.qc {
		l.growQueue(i)
	}
}

// growQueue moves node i's full queue to a row twice as large, at most one entry per port
// of its height row plus Self (Q holds each port at most once).
func (l *Links) growQueue(i int32) {
	r := &l.rows[i]
	c := min(2*int(r.qc), int(r.hw)+1)
	if c <= int(r.qLen) {
		panic(fmt.Sprintf("linkrev: node %d's queue holds %d entries, more than its %d ports and Self", i, r.qLen, r.hw))
	}
	start, w := len(l.q), queueWords(c, l.qValued)
	l.q = slices.Grow(l.q, w)[:start+w]
	clear(l.q[start:])
	copy(l.q[start:], l.q[r.q:int(r.q)+(int(r.qLen)+1)/2]) // the ports, two a word
	if l.qValued {
		copy(l.q[start+(c+1)/2:], l.Values(i))
	}
	r.q, r.qc = uint32(start), int32(c)
}

// At is where node i's height of port p is in the store (heightStore): node i must have
// used port p (at Reset or since LinkFormed). A port beyond its row is a bug in the caller
// and stops the trial rather than reading another node's row.
func (l *Links) At(i int32, p kernel.Port) int {
	r := &l.rows[i]
	if uint32(p) >= uint32(r.hw) {
		panic(errBeyondRow)
	}
	return int(r.h) + int(p)
}

// HeightAt is height[p] at node i: its view of the height of the neighbour on port p, whose
// id is the neighbour's (heightStore), read from the port record.
func (l *Links) HeightAt(i int32, p kernel.Port) Height {
	return l.hs.get(l.At(i, p)).with(l.Topo.Peer(i, p))
}

// beyondRow stops the trial when a loop over N meets a port beyond node i's row (At's
// check, made where the loop indexes the row).
func beyondRow() { panic(errBeyondRow) }

var errBeyondRow = errors.New("linkrev: a node's port beyond its row of heights (no LinkFormed for it)")
