package linkrev

import (
	"fmt"
	"math"
	"math/bits"
	"runtime"

	"github.com/mutexlab/mutexlab/kernel"
)

// Height is a node's height (h1, h2, id). Links point from the higher to the lower end,
// comparing heights lexicographically; the id makes every two heights different, so the
// directed links never form a cycle. A node's id is its height's third component, so
// neither a node's own height nor its view of a neighbour's stores it: myHeight keeps (h1,
// h2) and MyHeight adds the node's id, and a neighbour's id is the one the port record
// holds (heights.go).
type Height struct {
	H1, H2 int64
	ID     int32
}

// Less reports whether a is lower than b in the lexicographic order of (h1, h2, id).
func (a Height) Less(b Height) bool {
	if a.H1 != b.H1 {
		return a.H1 < b.H1
	}
	if a.H2 != b.H2 {
		return a.H2 < b.H2
	}
	return a.ID < b.ID
}

// Special values of a node's next pointer, which otherwise holds a port.
const (
	NextSelf kernel.Port = -1 // next = i: the node holds the token
	NextGone kernel.Port = -2 // the node next pointed to is no longer in N (its link failed)
)

// Self stands for the node's own identifier in its request queue, which otherwise holds ports.
const Self kernel.Port = -1

// Entry is one element of a request queue: the neighbour's port (or Self) and a word the
// algorithm interprets (priority in hk, resource in gme; rl has none, Valued). Q is not
// stored as Entry records but as two arrays, the ports and, only if Valued, the values
// (queue.go); Entry is what a queue operation takes or yields.
type Entry struct {
	P kernel.Port
	V int64
}

// Types names the algorithm's message types that the shared handlers send: its Request, its
// Token and its LinkInfo (RL's name; Jiang's LINK).
type Types struct {
	Request, Token, Link kernel.MsgType
}

// Links is the Reverse Link state of all n nodes.
type Links struct {
	Topo    *kernel.Topology
	PortCap int
	Types   Types

	my          []height64 // myHeight of node i is (my[i].H1, my[i].H2, i): MyHeight
	TokenHolder []bool
	Next        []kernel.Port

	hs         heightStore     // hs.get(At(i, p)): i's view of the height of the neighbour on port p (HeightAt)
	InN        kernel.PortSets // N: neighbours i knows about (a forming link joins at its first LinkInfo)
	ReceivedLI kernel.PortSets
	Forming    kernel.PortSets
	Lower      kernel.PortSets // the ports whose height[k] < myHeight (lower.go), in N or not

	rows     []rowRef  // where node i's heights and queue are (rows.go)
	dist8    []uint8   // Reset's hop distances to node 0 as bytes, for fillHeights (1 byte per node)
	q        []int64   // the queues' rows: node i's ports from q[rows[i].q], two a word, then, if Valued, its values (queue.go)
	qValued  bool      // Valued as Reset found it: the rows hold values
	forms    []formRec // formHeight of the links being formed (forming.go)
	freeForm int32

	// TokenLink is whom a node that receives the token tells its lowered height: RL's rule
	// (the zero value, rl's only rule) or Jiang's. hk and gme set it at every Reset.
	TokenLink LinkRule

	// Valued says that Q's entries carry a value (Entry.V): hk's priority, gme's resource. hk
	// and gme set it in New, before Preallocate and Reset size the arrays; rl leaves it false,
	// and its queues hold ports alone (queue.go).
	Valued bool

	mut Mutant // a deliberately broken variant for the mutation tests (mutation.go); MutNone otherwise
	// splitAlways makes fillHeights split every network on two processors, not only a large
	// trial's (tests: the split must leave the same state).
	splitAlways bool
}

// LinkRule is whom the Token handler sends LinkInfo to. The papers differ: RL's line 3 sends
// it "to all outgoing k ∈ N and to j" (the neighbours that were lower than the node before it
// lowered its height, and the sender); both Jiang papers say the new holder "informs all its
// neighbors of its new height by sending LINK messages". Incoming neighbours keep seeing the
// link point the same way either way (the node only gets lower), so safety and the DAG are
// the same; what changes is what they know of the node's height, and with it whom they pick
// as next (the lowest neighbour they know of), so routes and message counts differ.
type LinkRule uint8

const (
	LinkOutgoing LinkRule = iota // RL's line 3: the previously outgoing neighbours and j
	LinkAll                      // Jiang: every neighbour in N (and j)
)

// Reset sets the initial configuration of RL section 4.1 (shared by both of Jiang's papers):
// node 0 holds the token at height (0, 0, 0); every other node's height makes the links a DAG
// in which every node has a directed path to node 0 (by default (0, d, i), d the hop distance
// to node 0; initial, when not nil, gives the heights instead); next is the lowest neighbour;
// Q is empty; receivedLI is true and forming false everywhere. name prefixes errors; types
// are the message types the shared handlers send.
func (l *Links) Reset(t *kernel.Topology, n int, initial []Height, name string, types Types) error {
	pc := t.PortCap()
	l.Topo, l.PortCap, l.Types = t, pc, types
	l.my = kernel.Resize(l.my, n)
	l.TokenHolder = kernel.Resize(l.TokenHolder, n)
	l.Next = kernel.Resize(l.Next, n)
	kernel.InterleavePortSets(n, pc, &l.InN, &l.ReceivedLI, &l.Forming, &l.Lower)
	wide := startWide || !allNarrow(initial) // the default heights (0, d, i) always fit
	if err := l.layout(t, n, wide, name); err != nil {
		return err
	}
	bad := int32(-1) // the first node, other than 0, without a lower neighbour
	if initial != nil {
		if len(initial) != n {
			return fmt.Errorf("%s: %d initial heights for %d nodes", name, len(initial), n)
		}
		for i, h := range initial {
			if h.ID != int32(i) {
				return fmt.Errorf("%s: initial height %v of node %d has id %d: a node's height is (h1, h2, its id)", name, h, i, h.ID)
			}
			l.my[i] = levelOf(h)
		}
		bad = fillHeights[int32](l, t, n, nil)
	} else {
		dist := l.Next // hop distances to node 0 (default heights), in next's storage until next is set
		if reached := t.BFS(0, dist, nil); reached < n {
			return fmt.Errorf("%s: the initial graph is not connected (%d of %d nodes reach node 0, the token holder); "+
				"link reversal starts from a connected graph whose heights form a DAG toward the token holder: "+
				"use network=walter, or a denser geometric network (larger range or more nodes per area)", name, reached, n)
		}
		l.dist8 = kernel.Resize(l.dist8, n)
		far := int32(0)
		for i := range l.my {
			l.my[i] = height64{0, int64(dist[i])}
			l.dist8[i] = uint8(dist[i])
			far = max(far, dist[i])
		}
		if far <= math.MaxUint8 {
			bad = fillHeights(l, t, n, l.dist8)
		} else {
			bad = fillHeights(l, t, n, dist)
		}
	}
	if bad >= 0 {
		return fmt.Errorf("%s: initial heights are not a DAG toward node 0: node %d has no lower neighbour", name, bad)
	}
	l.ReceivedLI.FillRow(0, pc)
	all := l.ReceivedLI.Row(0) // receivedLI is true at every port
	for i := int32(0); int(i) < n; i++ {
		l.TokenHolder[i] = i == 0
		copy(l.ReceivedLI.Row(i), all)
		l.Next[i] = NextSelf
		if i != 0 {
			l.Next[i] = kernel.Port(l.rows[i].form) // the lowest neighbour, left by fillHeights
		}
		l.rows[i].form = -1
	}
	return nil
}

// fillHeights puts every up port of every node in its N and writes its row of heights from
// the neighbours' heights: myHeight, or (0, dist, id) when dist is not nil, the default
// heights themselves. The lowest neighbour (LowestNeighbour: next) is found on the way; as
// next's storage still holds the 4-byte distances for the nodes after, its port is left in
// rows[i].form, unused until Reset puts it in next. It returns the first node other than 0
// with no neighbour lower than itself, or -1.
//
// At n = 10^6 this is most of Reset (about 0.3 s): for a large trial with a second
// processor (kernel.Topology.Parallel) the second half of the
// nodes is filled on another goroutine. Each node's rows, sets and rows[i].form are its own
// and only read data the fill does not write is shared, so the state is the same as filled
// in order; the first bad node is the first half's, or else the second's.
func fillHeights[D uint8 | int32](l *Links, t *kernel.Topology, n int, dist []D) int32 {
	if !l.splitAlways && !t.Parallel() || runtime.GOMAXPROCS(0) < 2 {
		return fillRange(l, t, 0, int32(n), dist)
	}
	mid := int32(n / 2)
	done := make(chan int32, 1)
	go func() { done <- fillRange(l, t, mid, int32(n), dist) }()
	bad := fillRange(l, t, 0, mid, dist)
	if second := <-done; bad < 0 {
		bad = second
	}
	return bad
}

// fillRange is fillHeights for nodes lo..hi−1, node by node, in order: at n = 10^6 the
// neighbours' heights are random reads, so the distances are read from the smallest array
// that holds them: as bytes (dist8, 1 MB, in the second-level cache) when no node is farther
// than 255 hops, else as the 4-byte distances (a quarter of myHeight's 16 bytes). It returns
// the first node of the range other than 0 with no lower neighbour, or -1.
func fillRange[D uint8 | int32](l *Links, t *kernel.Topology, lo, hi int32, dist []D) int32 {
	up := t.Up()
	bad := int32(-1)
	for i := lo; i < hi; i++ {
		ports := up.Row(i)
		copy(l.InN.Row(i), ports)
		r := &l.rows[i]
		best, low := kernel.NoPort, Height{}
		for k, word := range ports {
			for word != 0 {
				p := kernel.Port(k*64 + bits.TrailingZeros64(word))
				word &= word - 1
				j := t.Peer(i, p)
				hj := Height{ID: j}
				if dist != nil {
					hj.H2 = int64(dist[j])
				} else {
					hj = l.MyHeight(j)
				}
				l.hs.set(int(r.h)+int(p), hj) // never widens: Reset chose a layout every initial height fits
				if best == kernel.NoPort || hj.Less(low) {
					best, low = p, hj
				}
			}
		}
		r.form = int32(best)
		l.relower(i)
		if i != 0 && bad < 0 && (best == kernel.NoPort || !low.Less(l.MyHeight(i))) {
			bad = i
		}
	}
	return bad
}

// Msg builds a message of type t carrying node i's height in A, B, C and d in D.
func (l *Links) Msg(t kernel.MsgType, i int32, d int64) kernel.Message {
	h := l.my[i]
	return kernel.Message{Type: t, A: h.H1, B: h.H2, C: int64(i), D: d}
}

// MyHeight is node i's height, myHeight: (h1, h2) as kept, and i (Walter, Welch and Vaidya:
// node i's height is (h1, h2, i)). Only (h1, h2) are stored, 16 bytes a node, not 24: the
// id would be a copy of the index.
func (l *Links) MyHeight(i int32) Height { return l.my[i].with(i) }

// HeightOf reads the height a message carries in A, B, C.
func HeightOf(m *kernel.Message) Height { return Height{m.A, m.B, int32(m.C)} }

// ---- Tests on the DAG ----

// LowestNeighbour returns the port of i's lowest neighbour in N, or NoPort if N is empty.
// It runs on most requests: it walks N's words and indexes i's row of heights directly
// rather than through InN.Next and At (BenchmarkRL n=30), keeping the lowest height so far.
// Only a tie on (h1, h2) reads ids, the neighbours' from their port records (heightStore):
// the lowest's once, when first tied.
func (l *Links) LowestNeighbour(i int32) kernel.Port {
	r := &l.rows[i]
	off, width := int(r.h), uint(r.hw)
	best, low, lowID := -1, height64{}, int32(-1) // lowID: the lowest's id, -1 until read
	for w, word := range l.InN.Row(i) {
		for ; word != 0; word &= word - 1 {
			k := w*64 + bits.TrailingZeros64(word)
			if uint(k) >= width {
				beyondRow()
			}
			h := l.hs.get(off + k)
			switch {
			case best < 0 || h.H1 < low.H1 || h.H1 == low.H1 && h.H2 < low.H2:
				best, low, lowID = k, h, -1
			case h.H1 == low.H1 && h.H2 == low.H2:
				if lowID < 0 {
					lowID = l.Topo.Peer(i, kernel.Port(best))
				}
				if id := l.Topo.Peer(i, kernel.Port(k)); id < lowID {
					best, lowID = k, id
				}
			}
		}
	}
	return kernel.Port(best)
}

// AllNeighboursHigher is the sink test "myHeight < height[k], ∀k ∈ N": no port of N is in
// Lower (lower.go). N must be non-empty: with no known neighbour the minimum in RaiseHeight
// is undefined, and the node re-evaluates when the first LinkInfo of a forming link arrives.
func (l *Links) AllNeighboursHigher(i int32) bool {
	inN, lower := l.InN.Row(i), l.Lower.Row(i)
	any := false
	for w, x := range inN {
		if x&lower[w] != 0 {
			return false
		}
		any = any || x != 0
	}
	return any
}

// NextReversedOrGone is "myHeight < height[next]" (the link to next has reversed), extended
// to the case where next has left N. For a port in N, height[next] is below myHeight
// exactly when its Lower bit is set (lower.go), and never equal (their ids differ).
func (l *Links) NextReversedOrGone(i int32) bool {
	switch nx := l.Next[i]; nx {
	case NextSelf:
		return false
	case NextGone:
		return true
	default:
		return !l.InN.Has(i, nx) || !l.Lower.Has(i, nx)
	}
}
