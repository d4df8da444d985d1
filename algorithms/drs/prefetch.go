package drs

import (
	"github.com/mutexlab/mutexlab/kernel"
	"github.com/mutexlab/mutexlab/kernel/mem"
)

// Prefetch asks for node i's state ahead of its next handler (kernel.Prefetcher; the kernel
// calls it two events ahead at large n): its lock, state and phase bytes, its nine port sets
// (interleaved: about two cache lines) and the priorities received. It only prefetches, so
// no result changes.
func (a *DRS) Prefetch(i int32) {
	mem.PrefetchAt(a.lock, int(i))
	mem.PrefetchAt(a.state, int(i))
	mem.PrefetchAt(a.phase, int(i))
	mem.PrefetchAt(a.want, int(i))
	a.L.Prefetch(i)
	a.D.Prefetch(i) // the last of the nine sets: the row's other end
	mem.PrefetchAt(a.prio, int(i)*(a.delta+1))
}

// PrefetchRows asks, one event ahead, for the port record at the far end of the arrival
// port p when node i's handler of message m will most likely reply on p (replies): the
// record the reply's send updates (kernel.Topology.PrefetchPeer, found through p's own
// record, which the kernel asked for an event before). Otherwise the kernel asks for it
// only just before the send (Sim.after), and the send waits for a random node's record. It
// only prefetches, so no result changes.
func (a *DRS) PrefetchRows(i int32, p kernel.Port, m kernel.MsgType) {
	if p != kernel.NoPort && a.replies(i, m) { // NoPort: a request or a release
		a.topo.PrefetchPeer(i, p)
	}
}

// replies reports whether node i's handler of a message of type m will most likely send on
// the port it arrived on: set-lock (ack-lock) and release-lock (ack-unlock) always, prepare
// (ready) unless the node competes, request-lock (win) when it is the last of a trial's
// requests, more than half of them (TestReplies). The other messages' sends, if any, go to
// all of L or C at once, and the kernel asks for those records together. It reads the
// phase, which Prefetch asked for an event before.
func (a *DRS) replies(i int32, m kernel.MsgType) bool {
	switch m {
	case MsgSetLock, MsgReleaseLock, MsgRequestLock:
		return true
	case MsgPrepare:
		return a.phase[i] != phCompete
	}
	return false
}
