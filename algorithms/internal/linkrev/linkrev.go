package linkrev

import (
	"fmt"

	"github.com/mutexlab/mutexlab/kernel"
)

// Height is a node's height (h1, h2, id). Links point from the higher to the lower end,
// comparing heights lexicographically; the id makes every two heights different, so the
// directed links never form a cycle.
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
// algorithm interprets (priority in hk, resource in gme, unused in rl).
type Entry struct {
	P kernel.Port
	V int64
}

// Links is the Reverse Link state of all n nodes.
type Links struct {
	Topo    *kernel.Topology
	PortCap int

	MyHeight    []Height
	TokenHolder []bool
	Next        []kernel.Port

	Height     []Height // Height[At(i, p)]: i's view of the height of the neighbour on port p
	FormHeight []Height
	InN        kernel.PortSets // N: neighbours i knows about (a forming link joins at its first LinkInfo)
	ReceivedLI kernel.PortSets
	Forming    kernel.PortSets

	q    []Entry // node i's queue is q[i*(PortCap+1) : i*(PortCap+1)+qLen[i]]
	qLen []int32
	dist []int32
}

// Reset sets the initial configuration of RL section 4.1 (shared by both of Jiang's papers):
// node 0 holds the token at height (0, 0, 0); every other node's height makes the links a DAG
// in which every node has a directed path to node 0 (by default (0, d, i), d the hop distance
// to node 0; initial, when not nil, gives the heights instead); next is the lowest neighbour;
// Q is empty; receivedLI is true and forming false everywhere. name prefixes errors.
func (l *Links) Reset(t *kernel.Topology, n int, initial []Height, name string) error {
	pc := t.PortCap()
	l.Topo, l.PortCap = t, pc
	l.MyHeight = kernel.Resize(l.MyHeight, n)
	l.TokenHolder = kernel.Resize(l.TokenHolder, n)
	l.Next = kernel.Resize(l.Next, n)
	l.q = kernel.Resize(l.q, n*(pc+1))
	l.qLen = kernel.Resize(l.qLen, n)
	l.Height = kernel.Resize(l.Height, n*pc)
	l.FormHeight = kernel.Resize(l.FormHeight, n*pc)
	l.InN.Reset(n, pc)
	l.ReceivedLI.Reset(n, pc)
	l.Forming.Reset(n, pc)
	l.dist = kernel.Resize(l.dist, n)
	if initial != nil {
		if len(initial) != n {
			return fmt.Errorf("%s: %d initial heights for %d nodes", name, len(initial), n)
		}
		copy(l.MyHeight, initial)
	} else {
		t.BFS(0, l.dist, nil)
		for i := range l.MyHeight {
			l.MyHeight[i] = Height{0, int64(l.dist[i]), int32(i)}
		}
	}
	up := t.Up()
	for i := int32(0); int(i) < n; i++ {
		l.TokenHolder[i] = i == 0
		l.qLen[i] = 0
		l.ReceivedLI.FillRow(i, pc)
		for p := up.Next(i, 0); p >= 0; p = up.Next(i, p+1) {
			l.InN.Add(i, p)
			l.Height[l.At(i, p)] = l.MyHeight[t.Peer(i, p)]
		}
		l.Next[i] = NextSelf
		if i != 0 {
			l.Next[i] = l.LowestNeighbour(i)
			if l.Next[i] == kernel.NoPort || !l.Height[l.At(i, l.Next[i])].Less(l.MyHeight[i]) {
				return fmt.Errorf("%s: initial heights are not a DAG toward node 0: node %d has no lower neighbour", name, i)
			}
		}
	}
	return nil
}

// At indexes the per-port arrays.
func (l *Links) At(i int32, p kernel.Port) int { return int(i)*l.PortCap + int(p) }

// Msg builds a message of type t carrying node i's height in A, B, C and d in D.
func (l *Links) Msg(t kernel.MsgType, i int32, d int64) kernel.Message {
	h := l.MyHeight[i]
	return kernel.Message{Type: t, A: h.H1, B: h.H2, C: int64(h.ID), D: d}
}

// HeightOf reads the height a message carries in A, B, C.
func HeightOf(m *kernel.Message) Height { return Height{m.A, m.B, int32(m.C)} }

// ---- Handler parts common to RL, hk and gme ----

// TokenArrived is lines 1-5 of RL's Token handler ("When Token(h) received at node i from
// node j"): tokenHolder = true; record j's height; send LinkInfo (type link) with the lowered
// height to every neighbour that was outgoing before the height is lowered, and to j (once);
// lower myHeight to (h.h1, h.h2 − 1, i). Jiang's Token handlers open with the same steps.
func (l *Links) TokenArrived(i int32, j kernel.Port, h Height, link kernel.MsgType, out *kernel.Outbox) {
	l.TokenHolder[i] = true  // 1
	l.Height[l.At(i, j)] = h // 2
	lowered := Height{h.H1, h.H2 - 1, i}
	m := kernel.Message{Type: link, A: lowered.H1, B: lowered.H2, C: int64(i)}
	for k := l.InN.Next(i, 0); k >= 0; k = l.InN.Next(i, k+1) { // 3
		if k == j || l.Height[l.At(i, k)].Less(l.MyHeight[i]) {
			out.Send(k, m)
		}
	}
	if !l.InN.Has(i, j) {
		out.Send(j, m)
	}
	l.MyHeight[i] = lowered // 4, 5
}

// LinkInfoArrived is lines 1-7 of RL's LinkInfo handler ("When LinkInfo(h) received at node i
// from node j"): j joins N; a forming link whose own height changed meanwhile answers with a
// LinkInfo; j's height is recorded (or receivedLI confirmed); if the link is now outgoing, j's
// request is deleted from Q. The caller runs lines 8-9 (sink test, reroute).
func (l *Links) LinkInfoArrived(i int32, j kernel.Port, h Height, link kernel.MsgType, out *kernel.Outbox) {
	l.InN.Add(i, j)                                                       // 1
	if l.Forming.Has(i, j) && l.MyHeight[i] != l.FormHeight[l.At(i, j)] { // 2
		out.Send(j, l.Msg(link, i, 0)) // 3
	}
	l.Forming.Remove(i, j)      // 4
	if l.ReceivedLI.Has(i, j) { // 5
		l.Height[l.At(i, j)] = h
	} else if l.Height[l.At(i, j)] == h { // 6
		l.ReceivedLI.Add(i, j)
	}
	if l.Height[l.At(i, j)].Less(l.MyHeight[i]) { // 7
		l.Delete(i, j)
	}
}

// LinkFailed is lines 1-3 of RL's LinkDown handler: j leaves N, its request leaves Q,
// receivedLI[j] = true; a link that fails while forming is forgotten, and next becomes
// NextGone if it was j. It returns the deleted entry (and whether there was one).
func (l *Links) LinkFailed(i int32, j kernel.Port) (Entry, bool) {
	l.InN.Remove(i, j)       // 1
	e, had := l.Delete(i, j) // 2
	l.ReceivedLI.Add(i, j)   // 3
	l.Forming.Remove(i, j)   // (a link that fails while forming is forgotten)
	if l.Next[i] == j {      // next ∉ N from now on, even if port j is reused
		l.Next[i] = NextGone
	}
	return e, had
}

// LinkFormed is RL's LinkUp handler, lines 1-3: send LinkInfo, forming[j] = true,
// formHeight[j] = myHeight.
func (l *Links) LinkFormed(i int32, j kernel.Port, link kernel.MsgType, out *kernel.Outbox) {
	out.Send(j, l.Msg(link, i, 0))           // 1
	l.Forming.Add(i, j)                      // 2
	l.FormHeight[l.At(i, j)] = l.MyHeight[i] // 3
}

// TokenSent is lines 2-5 of RL's GiveTokenToNext for next ≠ i (the same steps open Jiang's
// giveTokenToFrontOfQ and transmitToken): next = j, tokenHolder = false, height[j] lowered to
// (myHeight.h1, myHeight.h2 − 1, j), receivedLI[j] = false. The caller sends the token.
func (l *Links) TokenSent(i int32, j kernel.Port) {
	l.Next[i] = j
	l.TokenHolder[i] = false                                                                 // 3
	l.Height[l.At(i, j)] = Height{l.MyHeight[i].H1, l.MyHeight[i].H2 - 1, l.Topo.Peer(i, j)} // 4
	l.ReceivedLI.Remove(i, j)                                                                // 5
}

// RaiseHeight is lines 1-5 of RL's Procedure RaiseHeight (partial reversal, Gafni–Bertsekas):
// h1 = 1 + min h1 over N; h2 = min h2 − 1 over the neighbours at the new h1 (if any); LinkInfo
// to every neighbour; every neighbour now lower leaves Q. The caller runs line 6 (forward the
// request if Q is not empty), whose message differs per algorithm.
func (l *Links) RaiseHeight(i int32, link kernel.MsgType, out *kernel.Outbox) {
	minH1 := int64(0)
	first := true
	for k := l.InN.Next(i, 0); k >= 0; k = l.InN.Next(i, k+1) {
		if h := l.Height[l.At(i, k)]; first || h.H1 < minH1 {
			minH1, first = h.H1, false
		}
	}
	my := &l.MyHeight[i]
	my.H1 = 1 + minH1 // 1
	minH2, inS := int64(0), false
	for k := l.InN.Next(i, 0); k >= 0; k = l.InN.Next(i, k+1) { // 2: S = {l ∈ N : height[l].h1 = myHeight.h1}
		if h := l.Height[l.At(i, k)]; h.H1 == my.H1 && (!inS || h.H2 < minH2) {
			minH2, inS = h.H2, true
		}
	}
	if inS { // 3
		my.H2 = minH2 - 1
	}
	m := l.Msg(link, i, 0)
	for k := l.InN.Next(i, 0); k >= 0; k = l.InN.Next(i, k+1) { // 4
		out.Send(k, m)
	}
	for k := l.InN.Next(i, 0); k >= 0; k = l.InN.Next(i, k+1) { // 5
		if l.Height[l.At(i, k)].Less(*my) {
			l.Delete(i, k)
		}
	}
}

// ---- Tests on the DAG ----

// LowestNeighbour returns the port of i's lowest neighbour in N, or NoPort if N is empty.
func (l *Links) LowestNeighbour(i int32) kernel.Port {
	best := kernel.NoPort
	for k := l.InN.Next(i, 0); k >= 0; k = l.InN.Next(i, k+1) {
		if best == kernel.NoPort || l.Height[l.At(i, k)].Less(l.Height[l.At(i, best)]) {
			best = k
		}
	}
	return best
}

// AllNeighboursHigher is the sink test "myHeight < height[k], ∀k ∈ N". N must be non-empty:
// with no known neighbour the minimum in RaiseHeight is undefined, and the node re-evaluates
// when the first LinkInfo of a forming link arrives.
func (l *Links) AllNeighboursHigher(i int32) bool {
	any := false
	for k := l.InN.Next(i, 0); k >= 0; k = l.InN.Next(i, k+1) {
		if l.Height[l.At(i, k)].Less(l.MyHeight[i]) {
			return false
		}
		any = true
	}
	return any
}

// NextReversedOrGone is "myHeight < height[next]" (the link to next has reversed), extended
// to the case where next has left N.
func (l *Links) NextReversedOrGone(i int32) bool {
	switch nx := l.Next[i]; nx {
	case NextSelf:
		return false
	case NextGone:
		return true
	default:
		return !l.InN.Has(i, nx) || l.MyHeight[i].Less(l.Height[l.At(i, nx)])
	}
}

// ---- The request queue Q ----

// Queue returns node i's queue, head first (a view into the storage).
func (l *Links) Queue(i int32) []Entry {
	base := int(i) * (l.PortCap + 1)
	return l.q[base : base+int(l.qLen[i])]
}

// QLen returns |Q| at node i.
func (l *Links) QLen(i int32) int { return int(l.qLen[i]) }

// Head returns the head of node i's queue (Q must not be empty).
func (l *Links) Head(i int32) Entry { return l.q[int(i)*(l.PortCap+1)] }

// Find returns the position of p in node i's queue, or -1.
func (l *Links) Find(i int32, p kernel.Port) int {
	for k, e := range l.Queue(i) {
		if e.P == p {
			return k
		}
	}
	return -1
}

// Enqueue is the papers' Enqueue: append e unless its port is already in Q.
func (l *Links) Enqueue(i int32, e Entry) {
	if l.Find(i, e.P) >= 0 {
		return
	}
	l.q[int(i)*(l.PortCap+1)+int(l.qLen[i])] = e
	l.qLen[i]++
}

// InsertByPriority puts e into node i's queue ordered by V, highest first, after every entry
// of equal V (FIFO among equals); an entry with the same port is replaced. It returns e's
// position.
func (l *Links) InsertByPriority(i int32, e Entry) int {
	l.Delete(i, e.P)
	q := l.Queue(i)
	pos := len(q)
	for k, x := range q {
		if x.V < e.V {
			pos = k
			break
		}
	}
	l.qLen[i]++
	q = l.Queue(i)
	copy(q[pos+1:], q[pos:len(q)-1])
	q[pos] = e
	return pos
}

// Dequeue removes and returns the head of Q (Q must not be empty).
func (l *Links) Dequeue(i int32) Entry {
	q := l.Queue(i)
	head := q[0]
	copy(q, q[1:])
	l.qLen[i]--
	return head
}

// Delete is the papers' Delete(Q, p): remove p's entry wherever it is; it returns the entry
// and whether there was one.
func (l *Links) Delete(i int32, p kernel.Port) (Entry, bool) {
	q := l.Queue(i)
	for k, x := range q {
		if x.P == p {
			copy(q[k:], q[k+1:])
			l.qLen[i]--
			return x, true
		}
	}
	return Entry{}, false
}

// RemoveAt removes the entry at position k of node i's queue.
func (l *Links) RemoveAt(i int32, k int) {
	q := l.Queue(i)
	copy(q[k:], q[k+1:])
	l.qLen[i]--
}

// DeleteV removes every entry of node i's queue whose V equals v (the Self entry included),
// keeping the order of the rest, and returns how many it removed. gme uses it for "all the
// request messages for accessing resource R will be deleted from Q".
func (l *Links) DeleteV(i int32, v int64) int {
	q := l.Queue(i)
	w := 0
	for _, x := range q {
		if x.V != v {
			q[w] = x
			w++
		}
	}
	l.qLen[i] = int32(w)
	return len(q) - w
}
