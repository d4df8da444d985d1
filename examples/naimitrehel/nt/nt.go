package nt

import (
	"fmt"

	"github.com/mutexlab/mutexlab/algorithms/rr/routing"
	"github.com/mutexlab/mutexlab/kernel"
)

// Name is the algorithm's registry name (--algo nt).
const Name = "nt"

// Message types of Naimi and Trehel's algorithm. A message is addressed to a node id and
// travels hop by hop over the routing layer (route.go); every hop is one physical message,
// counted under its type.
//
//   - REQUEST(j): A is the requester j, B the node it is addressed to (the sender's last),
//     C the node that sent it there (j itself, or a node that forwarded it).
//   - TOKEN: A is the node that sends it, B the node it is for (the sender's next, or the
//     requester an idle root grants it to).
const (
	MsgRequest kernel.MsgType = iota
	MsgToken
)

var messageTypes = []kernel.MsgTypeInfo{
	MsgRequest: {Name: "request", Words: 3},
	MsgToken:   {Name: "token", Token: true, Words: 2},
}

// none is the paper's nil in last and next.
const none int32 = -1

// NT is Naimi and Trehel's path-reversal token algorithm for all n nodes (flat per-node
// arrays), over the ideal routing layer that rr uses.
type NT struct {
	oracle routing.Oracle // the ideal routing layer: reads the whole current network (doc.go)

	last       []int32 // the paper's father (probable owner): where a REQUEST goes; none at the root
	next       []int32 // the node to send the token to after the CS; none if nobody waits behind
	requesting []bool  // the node has asked for the CS and not yet left it
	token      []bool  // the node holds the token (token_present)

	stats pathStats // metrics.go
	mut   mutant    // a deliberately broken variant (mutation tests only); mutNone otherwise
}

// New returns an NT instance; Reset sizes it for a trial.
func New() *NT { return &NT{} }

func (a *NT) Name() string                       { return Name }
func (a *NT) MessageTypes() []kernel.MsgTypeInfo { return messageTypes }

// HoldsToken reports whether node i holds the token (kernel.TokenHolder): the kernel then
// checks after every event that exactly one token exists, held or in flight.
func (a *NT) HoldsToken(i int32) bool { return a.token[i] }

// Reset sets up the paper's initial state: node 0 is the root and holds the token, every
// other node's last is node 0, nobody requests and no next is set. Like rr, it refuses an
// initial network that is not connected: a REQUEST to a node no route reaches could never
// be delivered.
func (a *NT) Reset(env *kernel.Env) error {
	if !env.Topo.Connected() {
		return fmt.Errorf("%s: the initial graph is not connected; the routing layer needs a route from every node to the token holder: "+
			"use network=walter, or a denser geometric network (larger range or more nodes per area)", Name)
	}
	n := env.N
	a.oracle.Reset(env.Topo)
	a.last = kernel.Resize(a.last, n)
	a.next = kernel.Resize(a.next, n)
	a.requesting = kernel.Resize(a.requesting, n)
	a.token = kernel.Resize(a.token, n)
	for i := range n {
		a.last[i], a.next[i] = 0, none
		a.requesting[i], a.token[i] = false, false
	}
	a.last[0], a.token[0] = none, true
	a.stats = pathStats{}
	return nil
}

// ---- Naimi and Trehel's algorithm, per node (doc.go maps each line to the paper) ----

// RequestCS: Request_CS. The root, whose last is nil, holds the token and enters at once;
// any other node sends REQUEST(i) to its last and becomes the root of its own tree.
func (a *NT) RequestCS(i int32, out *kernel.Outbox) {
	a.requesting[i] = true
	a.stats.requests++
	if a.last[i] == none {
		out.EnterCS()
		return
	}
	a.sendRequest(i, a.last[i], i, out)
	if a.mut != mutKeepLast {
		a.last[i] = none
	}
}

// ReleaseCS: Release_CS. The token goes to next, if a node waits behind this one.
func (a *NT) ReleaseCS(i int32, out *kernel.Outbox) {
	a.requesting[i] = false
	if a.next[i] == none {
		return
	}
	a.token[i] = false
	a.sendToken(i, a.next[i], out)
	if a.mut != mutKeepNext {
		a.next[i] = none
	}
}

// Receive is the routing layer: a message for another node is forwarded one hop along a
// current shortest path; one for this node is handed to the algorithm.
func (a *NT) Receive(i int32, _ kernel.Port, m *kernel.Message, out *kernel.Outbox) {
	if to := int32(m.B); to != i {
		a.forward(i, to, *m, out)
		return
	}
	switch m.Type {
	case MsgRequest:
		a.receiveRequest(i, int32(m.A), out)
	case MsgToken:
		a.token[i] = true
		out.EnterCS()
	}
}

// receiveRequest: the paper's handler of REQUEST(j) at node i. At the root (last nil) the
// request joins the queue behind i (next := j) if i requests, else i hands the idle token to
// j; anywhere else it goes on toward the root. Either way j becomes i's last: the path the
// request travelled is reversed to point at j, the new tail of the queue.
func (a *NT) receiveRequest(i, j int32, out *kernel.Outbox) {
	if a.last[i] == none {
		switch {
		case a.requesting[i] && a.mut == mutGrantWhileRequesting:
			a.sendToken(i, j, out)
		case a.requesting[i]:
			if a.mut != mutDropNext {
				a.next[i] = j
			}
		default:
			a.token[i] = false
			a.sendToken(i, j, out)
		}
	} else {
		requester := j
		if a.mut == mutForwardAsSelf {
			requester = i
		}
		a.sendRequest(i, a.last[i], requester, out)
	}
	if a.mut != mutNoReversal {
		a.last[i] = j
	}
}

// LinkUp and LinkDown do nothing: the algorithm sees node ids only, and the ideal routing
// layer recomputes its routes for free (as in rr).
func (a *NT) LinkUp(int32, kernel.Port, *kernel.Outbox)   {}
func (a *NT) LinkDown(int32, kernel.Port, *kernel.Outbox) {}

// Last returns node i's last, -1 for nil (for tests).
func (a *NT) Last(i int32) int32 { return a.last[i] }

// Next returns node i's next, -1 for nil (for tests).
func (a *NT) Next(i int32) int32 { return a.next[i] }
