package rl

import (
	"github.com/mutexlab/mutexlab/algorithms/internal/linkrev"
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

const (
	nextSelf = linkrev.NextSelf // next = i: the node holds the token
	nextGone = linkrev.NextGone // the node next pointed to is no longer in N (its link failed)
	qSelf    = linkrev.Self     // the node's own identifier in its request queue
)

// RL is the Reverse Link algorithm for all n nodes, stored as flat arrays: the shared Reverse
// Link state (linkrev.Links: myHeight, tokenHolder, next, Q per node; height[j],
// formHeight[j] and the N, receivedLI and forming bitsets per port) and each node's status.
// Neighbour j of the paper is the port j is reached on.
type RL struct {
	// InitialHeights, when set, gives every node's initial height instead of the default DAG
	// (node i at (0, hops from node 0, i)). Scenario tests use it to set up the paper's figures.
	InitialHeights []Height

	l      linkrev.Links
	status []Status
}

// New returns a Reverse Link instance; Reset sizes it for a trial.
func New() *RL { return &RL{} }

func (a *RL) Name() string                       { return "rl" }
func (a *RL) MessageTypes() []kernel.MsgTypeInfo { return messageTypes }
func (a *RL) HoldsToken(i int32) bool            { return a.l.TokenHolder[i] }

// Reset sets the initial configuration of section 4.1: node 0 holds the token at height
// (0, 0, 0); every other node's height makes the links a DAG in which every node has a
// directed path to node 0 (by default (0, d, i) with d the hop distance to node 0, so every
// node but 0 has a lower neighbour); next is the lowest neighbour; Q is empty; receivedLI is
// true and forming false everywhere.
func (a *RL) Reset(env *kernel.Env) error {
	a.status = kernel.Resize(a.status, env.N)
	clear(a.status)
	return a.l.Reset(env.Topo, env.N, a.InitialHeights, "rl")
}

// ---- Event handlers (section 4.3), in the paper's order ----

// RequestCS: "When node i requests access to the CS".
func (a *RL) RequestCS(i int32, out *kernel.Outbox) {
	a.status[i] = Waiting                   // 1
	a.l.Enqueue(i, linkrev.Entry{P: qSelf}) // 2
	if !a.l.TokenHolder[i] {                // 3
		if a.l.QLen(i) == 1 { // 4
			a.forwardRequest(i, out)
		}
	} else { // 5
		a.giveTokenToNext(i, out)
	}
}

// ReleaseCS: "When node i releases the CS".
func (a *RL) ReleaseCS(i int32, out *kernel.Outbox) {
	if a.l.QLen(i) > 0 { // 1
		a.giveTokenToNext(i, out)
	}
	a.status[i] = Remainder // 2
}

// Receive dispatches a message to its handler.
func (a *RL) Receive(i int32, j kernel.Port, m *kernel.Message, out *kernel.Outbox) {
	h := linkrev.HeightOf(m)
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
	l := &a.l
	if !l.ReceivedLI.Has(i, j) && mutation != mutIgnoreReceivedLI { // 1
		return
	}
	l.Height[l.At(i, j)] = h                      // 2
	if l.MyHeight[i].Less(l.Height[l.At(i, j)]) { // 3
		l.Enqueue(i, linkrev.Entry{P: j})
	}
	if l.TokenHolder[i] { // 4
		if a.status[i] == Remainder && l.QLen(i) > 0 { // 5
			a.giveTokenToNext(i, out)
		}
	} else { // 6
		if l.AllNeighboursHigher(i) { // 7
			a.raiseHeight(i, out)
		} else if (l.QLen(i) == 1 && l.Head(i).P == j) || (l.QLen(i) > 0 && l.NextReversedOrGone(i)) { // 8
			a.forwardRequest(i, out) // 9: reroute request
		}
	}
}

// onToken: "When Token(h) received at node i from node j".
func (a *RL) onToken(i int32, j kernel.Port, h Height, out *kernel.Outbox) {
	// 1-5: tokenHolder = true; record j's height; LinkInfo to every neighbour that was
	// outgoing before the height is lowered (those are the links whose direction may now
	// change), and to j, once; lower my height.
	a.l.TokenArrived(i, j, h, MsgLinkInfo, out)
	if a.l.QLen(i) > 0 { // 6
		a.giveTokenToNext(i, out)
	} else {
		a.l.Next[i] = nextSelf
	}
}

// onLinkInfo: "When LinkInfo(h) received at node i from node j".
func (a *RL) onLinkInfo(i int32, j kernel.Port, h Height, out *kernel.Outbox) {
	l := &a.l
	l.LinkInfoArrived(i, j, h, MsgLinkInfo, out)       // 1-7
	if l.AllNeighboursHigher(i) && !l.TokenHolder[i] { // 8
		a.raiseHeight(i, out)
	} else if l.QLen(i) > 0 && l.NextReversedOrGone(i) { // 9: reroute request
		a.forwardRequest(i, out)
	}
}

// LinkDown: "When failure of link to j detected at node i".
func (a *RL) LinkDown(i int32, j kernel.Port, out *kernel.Outbox) {
	l := &a.l
	if mutation == mutKeepQOnLinkDown {
		a.linkFailedKeepQ(i, j)
	} else {
		l.LinkFailed(i, j) // 1-3 (and next = gone if it was j)
	}
	if !l.TokenHolder[i] { // 4
		if l.AllNeighboursHigher(i) { // 5
			a.raiseHeight(i, out)
		} else if l.QLen(i) > 0 && l.Next[i] == nextGone { // 6: reroute request
			a.forwardRequest(i, out)
		}
	}
}

// LinkUp: "When formation of link to j detected at node i".
func (a *RL) LinkUp(i int32, j kernel.Port, out *kernel.Outbox) {
	a.l.LinkFormed(i, j, MsgLinkInfo, out) // 1-3
}

// ---- Procedures ----

// forwardRequest: "Procedure ForwardRequest()". With N empty (every remaining link of i is
// still forming) there is nobody to ask; the request goes out when the first LinkInfo arrives.
func (a *RL) forwardRequest(i int32, out *kernel.Outbox) {
	next := a.l.LowestNeighbour(i) // 1
	if mutation == mutHighestNeighbour {
		next = a.highestNeighbour(i)
	}
	if next == kernel.NoPort {
		a.l.Next[i] = nextGone
		return
	}
	a.l.Next[i] = next
	out.Send(next, a.l.Msg(MsgRequest, i, 0)) // 2
}

// giveTokenToNext: "Procedure GiveTokenToNext()", only called when |Q| > 0.
func (a *RL) giveTokenToNext(i int32, out *kernel.Outbox) {
	next := a.l.Dequeue(i).P // 1
	if next != qSelf {       // 2
		a.l.TokenSent(i, next)                                     // 3-5
		out.Send(next, a.l.Msg(MsgToken, i, 0))                    // 6
		if a.l.QLen(i) > 0 && mutation != mutNoRequestAfterToken { // 7
			out.Send(next, a.l.Msg(MsgRequest, i, 0))
		}
	} else { // 8: next = i
		a.l.Next[i] = nextSelf
		a.status[i] = Critical // 9
		out.EnterCS()          // 10
	}
}

// raiseHeight: "Procedure RaiseHeight()", partial reversal (Gafni–Bertsekas).
func (a *RL) raiseHeight(i int32, out *kernel.Outbox) {
	if mutation != mutSkipRaiseHeight {
		a.l.RaiseHeight(i, MsgLinkInfo, out) // 1-5
	}
	if a.l.QLen(i) > 0 { // 6
		a.forwardRequest(i, out)
	}
}

// ---- Mutation points ----

// mutation selects a deliberately broken variant of the algorithm for the mutation tests
// (mutation_test.go), which prove that the swarm's checks catch each one. It is mutNone except
// while such a test runs, and only export_test.go sets it. Each mutation point above is one
// comparison with this byte. Points inside algorithms/internal/linkrev are mutated here, at
// rl's call site, so the shared code stays untouched.
var mutation mutant

type mutant uint8

const (
	mutNone                mutant = iota
	mutSkipRaiseHeight            // RaiseHeight: lines 1-5 skipped, the sink keeps its height
	mutIgnoreReceivedLI           // Request handler: line 1 (ignore until receivedLI) skipped
	mutNoRequestAfterToken        // GiveTokenToNext: line 7 (Request after the Token) skipped
	mutHighestNeighbour           // ForwardRequest: line 1 picks the highest neighbour
	mutKeepQOnLinkDown            // LinkDown: line 2, Delete(Q, j), skipped
)

// highestNeighbour is mutHighestNeighbour's choice: the highest neighbour in N.
func (a *RL) highestNeighbour(i int32) kernel.Port {
	l := &a.l
	best := kernel.NoPort
	for k := l.InN.Next(i, 0); k >= 0; k = l.InN.Next(i, k+1) {
		if best == kernel.NoPort || l.Height[l.At(i, best)].Less(l.Height[l.At(i, k)]) {
			best = k
		}
	}
	return best
}

// linkFailedKeepQ is mutKeepQOnLinkDown's LinkDown lines 1-3: as linkrev's LinkFailed, but
// j's entry stays in Q where it was.
func (a *RL) linkFailedKeepQ(i int32, j kernel.Port) {
	l := &a.l
	pos := l.Find(i, j)
	if e, had := l.LinkFailed(i, j); had {
		l.Enqueue(i, e)
		q := l.Queue(i)
		copy(q[pos+1:], q[pos:len(q)-1])
		q[pos] = e
	}
}
