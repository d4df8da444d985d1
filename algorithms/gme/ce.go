package gme

import (
	"github.com/mutexlab/mutexlab/algorithms/checks"
	"github.com/mutexlab/mutexlab/algorithms/internal/linkrev"
	"github.com/mutexlab/mutexlab/kernel"
)

// Concurrent entering (Theorem 2), watched from outside the protocol: a node's request "waits
// for a resource whose session is open" when the leader holds it in Q — the node's own
// request, or the one its neighbour relays — for the resource of the leader's running session
// (weight still out) while no request for another resource waits there. Only the leader can
// let a request join a session, so this is exactly when a request that could join is kept
// out. A request still travelling toward the leader when the session ends is not counted:
// nothing can let it in before it arrives. The exception for other resources is Joung's
// condition ("while no process is requesting a different session"), without which no
// algorithm could also bound the delay (Theorem 3).
//
// The watch (watch.go) times the condition through the kernel's probe, since handlers get
// no clock: gme_ce_misses counts its openings,
// gme_ce_miss_time adds up how long they lasted, whole trial; with ce_check = fail the first
// one stops the trial. The node named is the leader's neighbour whose entry waits (the
// requester itself, or the relay its request came through), or the leader for its own.

// ceWhy is the watch's error: the waiting node and the leader.
const ceWhy = "concurrent entering (Jiang's Theorem 2): leader %[2]d holds the request of node %[1]d for the resource of its open session"

// Checker returns gme's checks: group mutual exclusion (Theorem 1, checks.Group) at every CS
// entry, and the concurrent-entering watch. The session of a request is R_i, set once at
// RequestCS from the drawn resource and never changed by a handler, so an entry granted for
// the wrong resource is caught. The same instance serves every trial of this GME.
func (a *GME) Checker() kernel.Checker {
	if a.watch == nil {
		a.watch = newWatch(checks.Group(func(i int32) int64 { return a.res[i] }), ceWhy)
	}
	return a.watch
}

// ceReset starts a trial's watch on the trial's probe; strict stops the trial at the first
// miss.
func (a *GME) ceReset(probe kernel.Probe, strict bool) {
	if a.watch != nil {
		a.watch.start(probe, strict)
	}
	a.ceOpen = a.ceOpen[:0]
	a.ceLeader = -1
}

// ceUpdate brings the watch up to date after a handler at node i: only the leader's handlers
// (and the last handler of a node that just stopped being it) change the condition.
func (a *GME) ceUpdate(i int32) {
	l := &a.l
	if a.watch == nil || (!l.TokenHolder[i] && i != a.ceLeader) {
		return
	}
	open := l.TokenHolder[i] && a.sres[i] != noSess && !a.otherQueued(i)
	keep := a.ceOpen[:0]
	for _, v := range a.ceOpen {
		if open && a.waitsAt(i, v) {
			keep = append(keep, v)
		} else {
			a.watch.Close(v)
		}
	}
	a.ceOpen, a.ceLeader = keep, -1
	if !open {
		return
	}
	a.ceLeader = i
	for _, x := range l.Entries(i) {
		if v := a.entryNode(i, x); !a.watch.IsOpen(v) {
			a.watch.Open(v, i)
			a.ceOpen = append(a.ceOpen, v)
		}
	}
}

// waitsAt reports whether node v has an entry in the leader i's Q (for the session's
// resource: with no other resource queued, every entry is for it).
func (a *GME) waitsAt(i, v int32) bool {
	for _, x := range a.l.Entries(i) {
		if a.entryNode(i, x) == v {
			return true
		}
	}
	return false
}

// entryNode is the node of an entry of node i's Q: i for its own, else the neighbour.
func (a *GME) entryNode(i int32, x linkrev.Entry) int32 {
	if x.P == linkrev.Self {
		return i
	}
	return a.l.Topo.Peer(i, x.P)
}
