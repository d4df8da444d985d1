package drs

import "github.com/mutexlab/mutexlab/kernel"

// Prefetch asks for node i's state ahead of its next handler (kernel.Prefetcher; the kernel
// calls it two events ahead at large n): its lock, state and phase bytes, its nine port sets
// (interleaved: about two cache lines) and the priorities received. It only prefetches, so
// no result changes.
func (a *DRS) Prefetch(i int32) {
	kernel.PrefetchAt(a.lock, int(i))
	kernel.PrefetchAt(a.state, int(i))
	kernel.PrefetchAt(a.phase, int(i))
	kernel.PrefetchAt(a.want, int(i))
	a.L.Prefetch(i)
	a.D.Prefetch(i) // the last of the nine sets: the row's other end
	kernel.PrefetchAt(a.prio, int(i)*(a.delta+1))
}

// PrefetchRows does nothing: drs keeps no state that is found through other state.
func (a *DRS) PrefetchRows(i int32, p kernel.Port, m kernel.MsgType) {}
