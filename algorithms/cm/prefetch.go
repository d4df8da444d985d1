package cm

import (
	"github.com/mutexlab/mutexlab/kernel"
	"github.com/mutexlab/mutexlab/kernel/mem"
)

// Prefetch asks for node i's state ahead of its next handler (kernel.Prefetcher; the kernel
// calls it two events ahead at large n): its hungry and eating flags, its meal count and
// its three port sets (fork, dirty, token: interleaved, one line). It only prefetches, so no
// result changes.
func (a *CM) Prefetch(i int32) {
	mem.PrefetchAt(a.hungry, int(i))
	mem.PrefetchAt(a.eating, int(i))
	mem.PrefetchAt(a.lastMeal, int(i))
	a.fork.Prefetch(i)
	a.token.Prefetch(i) // the last of the three sets: the row's other end
}

// PrefetchRows does nothing: cm keeps no state that is found through other state.
func (a *CM) PrefetchRows(i int32, p kernel.Port, m kernel.MsgType) {}
