package rl

import (
	"fmt"

	"github.com/mutexlab/mutexlab/kernel"
)

// Message types of the Reverse Link algorithm. Every message carries the sender's height at
// the time of sending in words A, B, C = (h1, h2, id).
const (
	MsgRequest kernel.MsgType = iota
	MsgToken
	MsgLinkInfo
)

var messageTypes = []kernel.MsgTypeInfo{
	MsgRequest:  {Name: "request"},
	MsgToken:    {Name: "token", Token: true},
	MsgLinkInfo: {Name: "linkinfo"},
}

// Status is a node's section: REMAINDER, WAITING or CRITICAL.
type Status uint8

const (
	Remainder Status = iota
	Waiting
	Critical
)

// Special values of a node's next pointer, which otherwise holds a port.
const (
	nextSelf kernel.Port = -1 // next = i: the node holds the token
	nextGone kernel.Port = -2 // the node next pointed to is no longer in N (its link failed)
)

// qSelf stands for the node's own identifier in its request queue, which otherwise holds ports.
const qSelf kernel.Port = -1

// RL is the Reverse Link algorithm for all n nodes, stored as flat arrays: per node (status,
// myHeight, tokenHolder, next, Q) and per port (height[j], formHeight[j] and the N, receivedLI
// and forming bitsets). Neighbour j of the paper is the port j is reached on.
type RL struct {
	// InitialHeights, when set, gives every node's initial height instead of the default DAG
	// (node i at (0, hops from node 0, i)). Scenario tests use it to set up the paper's figures.
	InitialHeights []Height

	topo    *kernel.Topology
	portCap int

	status      []Status
	myHeight    []Height
	tokenHolder []bool
	next        []kernel.Port
	q           []kernel.Port // node i's queue is q[i*(portCap+1) : i*(portCap+1)+qLen[i]]
	qLen        []int32

	height     []Height // height[i*portCap+p]: i's view of the height of the neighbour on port p
	formHeight []Height
	inN        kernel.PortSets // N: neighbours i knows about (a forming link joins at its first LinkInfo)
	receivedLI kernel.PortSets
	forming    kernel.PortSets

	dist []int32
}

// New returns a Reverse Link instance; Reset sizes it for a trial.
func New() *RL { return &RL{} }

func (a *RL) Name() string                       { return "rl" }
func (a *RL) MessageTypes() []kernel.MsgTypeInfo { return messageTypes }
func (a *RL) HoldsToken(i int32) bool            { return a.tokenHolder[i] }

// Reset sets the initial configuration of section 4.1: node 0 holds the token at height
// (0, 0, 0); every other node's height makes the links a DAG in which every node has a
// directed path to node 0 (by default (0, d, i) with d the hop distance to node 0, so every
// node but 0 has a lower neighbour); next is the lowest neighbour; Q is empty; receivedLI is
// true and forming false everywhere.
func (a *RL) Reset(env *kernel.Env) error {
	t := env.Topo
	n, pc := env.N, t.PortCap()
	a.topo, a.portCap = t, pc
	a.status = resize(a.status, n)
	a.myHeight = resize(a.myHeight, n)
	a.tokenHolder = resize(a.tokenHolder, n)
	a.next = resize(a.next, n)
	a.q = resize(a.q, n*(pc+1))
	a.qLen = resize(a.qLen, n)
	a.height = resize(a.height, n*pc)
	a.formHeight = resize(a.formHeight, n*pc)
	a.inN.Reset(n, pc)
	a.receivedLI.Reset(n, pc)
	a.forming.Reset(n, pc)
	a.dist = resize(a.dist, n)

	if a.InitialHeights != nil {
		if len(a.InitialHeights) != n {
			return fmt.Errorf("rl: %d initial heights for %d nodes", len(a.InitialHeights), n)
		}
		copy(a.myHeight, a.InitialHeights)
	} else {
		t.BFS(0, a.dist, nil)
		for i := range a.myHeight {
			a.myHeight[i] = Height{0, int64(a.dist[i]), int32(i)}
		}
	}
	up := t.Up()
	for i := int32(0); int(i) < n; i++ {
		a.status[i] = Remainder
		a.tokenHolder[i] = i == 0
		a.qLen[i] = 0
		a.receivedLI.FillRow(i, pc)
		for p := up.Next(i, 0); p >= 0; p = up.Next(i, p+1) {
			a.inN.Add(i, p)
			a.height[a.at(i, p)] = a.myHeight[t.Peer(i, p)]
		}
		a.next[i] = nextSelf
		if i != 0 {
			a.next[i] = a.lowestNeighbour(i)
			if a.next[i] == kernel.NoPort || !a.height[a.at(i, a.next[i])].Less(a.myHeight[i]) {
				return fmt.Errorf("rl: initial heights are not a DAG toward node 0: node %d has no lower neighbour", i)
			}
		}
	}
	return nil
}

func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

func (a *RL) at(i int32, p kernel.Port) int { return int(i)*a.portCap + int(p) }

func heightMsg(t kernel.MsgType, h Height) kernel.Message {
	return kernel.Message{Type: t, A: h.H1, B: h.H2, C: int64(h.ID)}
}

func heightOf(m *kernel.Message) Height { return Height{m.A, m.B, int32(m.C)} }

// ---- Event handlers (section 4.3), in the paper's order ----

// RequestCS: "When node i requests access to the CS".
func (a *RL) RequestCS(i int32, out *kernel.Outbox) {
	a.status[i] = Waiting  // 1
	a.enqueue(i, qSelf)    // 2
	if !a.tokenHolder[i] { // 3
		if a.qLen[i] == 1 { // 4
			a.forwardRequest(i, out)
		}
	} else { // 5
		a.giveTokenToNext(i, out)
	}
}

// ReleaseCS: "When node i releases the CS".
func (a *RL) ReleaseCS(i int32, out *kernel.Outbox) {
	if a.qLen[i] > 0 { // 1
		a.giveTokenToNext(i, out)
	}
	a.status[i] = Remainder // 2
}

// Receive dispatches a message to its handler.
func (a *RL) Receive(i int32, j kernel.Port, m *kernel.Message, out *kernel.Outbox) {
	h := heightOf(m)
	switch m.Type {
	case MsgRequest:
		a.onRequest(i, j, h, out)
	case MsgToken:
		a.onToken(i, j, h, out)
	case MsgLinkInfo:
		a.onLinkInfo(i, j, h, out)
	}
}

// onRequest: "When Request(h) received at node i from node j".
func (a *RL) onRequest(i int32, j kernel.Port, h Height, out *kernel.Outbox) {
	if !a.receivedLI.Has(i, j) { // 1
		return
	}
	a.height[a.at(i, j)] = h                      // 2
	if a.myHeight[i].Less(a.height[a.at(i, j)]) { // 3
		a.enqueue(i, j)
	}
	if a.tokenHolder[i] { // 4
		if a.status[i] == Remainder && a.qLen[i] > 0 { // 5
			a.giveTokenToNext(i, out)
		}
	} else { // 6
		if a.allNeighboursHigher(i) { // 7
			a.raiseHeight(i, out)
		} else if (a.qLen[i] == 1 && a.qHead(i) == j) || (a.qLen[i] > 0 && a.nextReversedOrGone(i)) { // 8
			a.forwardRequest(i, out) // 9: reroute request
		}
	}
}

// onToken: "When Token(h) received at node i from node j".
func (a *RL) onToken(i int32, j kernel.Port, h Height, out *kernel.Outbox) {
	a.tokenHolder[i] = true  // 1
	a.height[a.at(i, j)] = h // 2
	lowered := Height{h.H1, h.H2 - 1, i}
	// 3: LinkInfo to every neighbour that was outgoing before the height is lowered (those are
	// the links whose direction may now change), and to j; j gets one message even when it is
	// also an outgoing neighbour.
	for k := a.inN.Next(i, 0); k >= 0; k = a.inN.Next(i, k+1) {
		if k == j || a.height[a.at(i, k)].Less(a.myHeight[i]) {
			out.Send(k, heightMsg(MsgLinkInfo, lowered))
		}
	}
	if !a.inN.Has(i, j) {
		out.Send(j, heightMsg(MsgLinkInfo, lowered))
	}
	a.myHeight[i] = lowered // 4, 5: lower my height
	if a.qLen[i] > 0 {      // 6
		a.giveTokenToNext(i, out)
	} else {
		a.next[i] = nextSelf
	}
}

// onLinkInfo: "When LinkInfo(h) received at node i from node j".
func (a *RL) onLinkInfo(i int32, j kernel.Port, h Height, out *kernel.Outbox) {
	a.inN.Add(i, j)                                                       // 1
	if a.forming.Has(i, j) && a.myHeight[i] != a.formHeight[a.at(i, j)] { // 2
		out.Send(j, heightMsg(MsgLinkInfo, a.myHeight[i])) // 3
	}
	a.forming.Remove(i, j)      // 4
	if a.receivedLI.Has(i, j) { // 5
		a.height[a.at(i, j)] = h
	} else if a.height[a.at(i, j)] == h { // 6
		a.receivedLI.Add(i, j)
	}
	if a.height[a.at(i, j)].Less(a.myHeight[i]) { // 7
		a.delete(i, j)
	}
	if a.allNeighboursHigher(i) && !a.tokenHolder[i] { // 8
		a.raiseHeight(i, out)
	} else if a.qLen[i] > 0 && a.nextReversedOrGone(i) { // 9: reroute request
		a.forwardRequest(i, out)
	}
}

// LinkDown: "When failure of link to j detected at node i".
func (a *RL) LinkDown(i int32, j kernel.Port, out *kernel.Outbox) {
	a.inN.Remove(i, j)     // 1
	a.delete(i, j)         // 2
	a.receivedLI.Add(i, j) // 3
	a.forming.Remove(i, j) // (a link that fails while forming is forgotten)
	if a.next[i] == j {    // next ∉ N from now on, even if port j is reused by a new link
		a.next[i] = nextGone
	}
	if !a.tokenHolder[i] { // 4
		if a.allNeighboursHigher(i) { // 5
			a.raiseHeight(i, out)
		} else if a.qLen[i] > 0 && a.next[i] == nextGone { // 6: reroute request
			a.forwardRequest(i, out)
		}
	}
}

// LinkUp: "When formation of link to j detected at node i".
func (a *RL) LinkUp(i int32, j kernel.Port, out *kernel.Outbox) {
	out.Send(j, heightMsg(MsgLinkInfo, a.myHeight[i])) // 1
	a.forming.Add(i, j)                                // 2
	a.formHeight[a.at(i, j)] = a.myHeight[i]           // 3
}

// ---- Procedures ----

// forwardRequest: "Procedure ForwardRequest()". With N empty (every remaining link of i is
// still forming) there is nobody to ask; the request goes out when the first LinkInfo arrives.
func (a *RL) forwardRequest(i int32, out *kernel.Outbox) {
	next := a.lowestNeighbour(i) // 1
	if next == kernel.NoPort {
		a.next[i] = nextGone
		return
	}
	a.next[i] = next
	out.Send(next, heightMsg(MsgRequest, a.myHeight[i])) // 2
}

// giveTokenToNext: "Procedure GiveTokenToNext()", only called when |Q| > 0.
func (a *RL) giveTokenToNext(i int32, out *kernel.Outbox) {
	next := a.dequeue(i) // 1
	if next != qSelf {   // 2
		a.next[i] = next
		a.tokenHolder[i] = false                                                                       // 3
		a.height[a.at(i, next)] = Height{a.myHeight[i].H1, a.myHeight[i].H2 - 1, a.topo.Peer(i, next)} // 4
		a.receivedLI.Remove(i, next)                                                                   // 5
		out.Send(next, heightMsg(MsgToken, a.myHeight[i]))                                             // 6
		if a.qLen[i] > 0 {                                                                             // 7
			out.Send(next, heightMsg(MsgRequest, a.myHeight[i]))
		}
	} else { // 8: next = i
		a.next[i] = nextSelf
		a.status[i] = Critical // 9
		out.EnterCS()          // 10
	}
}

// raiseHeight: "Procedure RaiseHeight()", partial reversal (Gafni–Bertsekas).
func (a *RL) raiseHeight(i int32, out *kernel.Outbox) {
	minH1 := int64(0)
	first := true
	for k := a.inN.Next(i, 0); k >= 0; k = a.inN.Next(i, k+1) {
		if h := a.height[a.at(i, k)]; first || h.H1 < minH1 {
			minH1, first = h.H1, false
		}
	}
	my := &a.myHeight[i]
	my.H1 = 1 + minH1 // 1
	minH2, inS := int64(0), false
	for l := a.inN.Next(i, 0); l >= 0; l = a.inN.Next(i, l+1) { // 2: S = {l ∈ N : height[l].h1 = myHeight.h1}
		if h := a.height[a.at(i, l)]; h.H1 == my.H1 && (!inS || h.H2 < minH2) {
			minH2, inS = h.H2, true
		}
	}
	if inS { // 3
		my.H2 = minH2 - 1
	}
	for k := a.inN.Next(i, 0); k >= 0; k = a.inN.Next(i, k+1) { // 4
		out.Send(k, heightMsg(MsgLinkInfo, *my))
	}
	for k := a.inN.Next(i, 0); k >= 0; k = a.inN.Next(i, k+1) { // 5
		if a.height[a.at(i, k)].Less(*my) {
			a.delete(i, k)
		}
	}
	if a.qLen[i] > 0 { // 6
		a.forwardRequest(i, out)
	}
}

// ---- Helpers ----

// lowestNeighbour returns the port of i's lowest neighbour in N, or NoPort if N is empty.
func (a *RL) lowestNeighbour(i int32) kernel.Port {
	best := kernel.NoPort
	for k := a.inN.Next(i, 0); k >= 0; k = a.inN.Next(i, k+1) {
		if best == kernel.NoPort || a.height[a.at(i, k)].Less(a.height[a.at(i, best)]) {
			best = k
		}
	}
	return best
}

// allNeighboursHigher is the sink test "myHeight < height[k], ∀k ∈ N". We require N to be
// non-empty: with no known neighbour the minimum in RaiseHeight is undefined, and the node
// re-evaluates when the first LinkInfo of a forming link arrives (LinkInfo line 8).
func (a *RL) allNeighboursHigher(i int32) bool {
	any := false
	for k := a.inN.Next(i, 0); k >= 0; k = a.inN.Next(i, k+1) {
		if a.height[a.at(i, k)].Less(a.myHeight[i]) {
			return false
		}
		any = true
	}
	return any
}

// nextReversedOrGone is the paper's "myHeight < height[next]" (the link to next has
// reversed), extended to the case where next has left N while N was empty (see forwardRequest).
func (a *RL) nextReversedOrGone(i int32) bool {
	switch nx := a.next[i]; nx {
	case nextSelf:
		return false
	case nextGone:
		return true
	default:
		return !a.inN.Has(i, nx) || a.myHeight[i].Less(a.height[a.at(i, nx)])
	}
}

func (a *RL) queue(i int32) []kernel.Port {
	base := int(i) * (a.portCap + 1)
	return a.q[base : base+int(a.qLen[i])]
}

func (a *RL) qHead(i int32) kernel.Port { return a.q[int(i)*(a.portCap+1)] }

// enqueue is the paper's Enqueue: append x unless it is already in Q.
func (a *RL) enqueue(i int32, x kernel.Port) {
	for _, y := range a.queue(i) {
		if y == x {
			return
		}
	}
	a.q[int(i)*(a.portCap+1)+int(a.qLen[i])] = x
	a.qLen[i]++
}

// dequeue removes and returns the head of Q (Q must not be empty).
func (a *RL) dequeue(i int32) kernel.Port {
	q := a.queue(i)
	head := q[0]
	copy(q, q[1:])
	a.qLen[i]--
	return head
}

// delete is the paper's Delete(Q, x): remove x wherever it is.
func (a *RL) delete(i int32, x kernel.Port) {
	q := a.queue(i)
	for k, y := range q {
		if y == x {
			copy(q[k:], q[k+1:])
			a.qLen[i]--
			return
		}
	}
}
