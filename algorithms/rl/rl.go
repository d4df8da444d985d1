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

// types are the message types the shared Reverse Link handlers send for RL.
var types = linkrev.Types{Request: MsgRequest, Token: MsgToken, Link: MsgLinkInfo}

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
	a.status = kernel.Zeroed(a.status, env.N)
	return a.l.Reset(env.Topo, env.N, a.InitialHeights, "rl", types)
}

// ---- Event handlers (section 4.3), in the paper's order ----

// RequestCS: "When node i requests access to the CS".
func (a *RL) RequestCS(i int32, out *kernel.Outbox) {
	a.status[i] = Waiting                   // 1
	a.l.Enqueue(i, linkrev.Entry{P: qSelf}) // 2
	if !a.l.TokenHolder[i] {                // 3
		if a.l.QLen(i) == 1 { // 4
			a.l.ForwardRequest(i, out)
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
		a.l.OnLinkInfo(i, j, h, out) // "When LinkInfo(h) received at node i from node j", 1-9
	}
}

// onRequest: "When Request(h) received at node i from node j".
func (a *RL) onRequest(i int32, j kernel.Port, h Height, out *kernel.Outbox) {
	l := &a.l
	if !l.RequestArrived(i, j, h) { // 1-2: ignored until receivedLI[j]; height[j] = h
		return
	}
	if l.Incoming(i, j) { // 3
		l.Enqueue(i, linkrev.Entry{P: j})
	}
	if l.TokenHolder[i] { // 4
		if a.status[i] == Remainder && l.QLen(i) > 0 { // 5
			a.giveTokenToNext(i, out)
		}
	} else { // 6
		l.Reroute(i, j, out) // 7-9: a sink raises its height, else reroute the request
	}
}

// onToken: "When Token(h) received at node i from node j".
func (a *RL) onToken(i int32, j kernel.Port, h Height, out *kernel.Outbox) {
	// 1-5: tokenHolder = true; record j's height; LinkInfo to every neighbour that was
	// outgoing before the height is lowered (those are the links whose direction may now
	// change), and to j, once; lower my height.
	a.l.TokenArrived(i, j, h, out)
	if a.l.QLen(i) > 0 { // 6
		a.giveTokenToNext(i, out)
	} else {
		a.l.Next[i] = nextSelf
	}
}

// LinkDown: "When failure of link to j detected at node i", lines 1-6.
func (a *RL) LinkDown(i int32, j kernel.Port, out *kernel.Outbox) { a.l.OnLinkDown(i, j, out) }

// LinkUp: "When formation of link to j detected at node i", lines 1-3.
func (a *RL) LinkUp(i int32, j kernel.Port, out *kernel.Outbox) { a.l.LinkFormed(i, j, out) }

// ---- Procedures ----
//
// ForwardRequest and RaiseHeight are the shared code's (linkrev.Links.ForwardRequest and
// RaiseHeight): RL and Jiang's algorithms state them identically.

// giveTokenToNext: "Procedure GiveTokenToNext()", only called when |Q| > 0.
func (a *RL) giveTokenToNext(i int32, out *kernel.Outbox) {
	next := a.l.Dequeue(i) // 1
	if next != qSelf {     // 2
		a.l.PassToken(i, next, 0, out) // 3-7: the Token, and a Request behind it if |Q| > 0
	} else { // 8: next = i
		a.l.Next[i] = nextSelf
		a.status[i] = Critical // 9
		out.EnterCS()          // 10
	}
}
