package akw1

import (
	"github.com/mutexlab/mutexlab/kernel"
	"github.com/mutexlab/mutexlab/kernel/mem"
)

// Prefetch asks for node i's state ahead of its next handler (kernel.Prefetcher; the kernel
// calls it two events ahead at large n): the fork collection table's (forks.Table.Prefetch),
// its phase and doorway position, its neighbours' doorway positions L (one line: a byte a
// port) and its four recolouring sets (interleaved: one line). It only prefetches, so no
// result changes.
func (a *AKW1) Prefetch(i int32) {
	a.f.Prefetch(i)
	mem.PrefetchAt(a.ph, int(i))
	mem.PrefetchAt(a.pos, int(i))
	mem.PrefetchAt(a.L, int(i)*a.f.Cap)
	a.seen.Prefetch(i)
}

// PrefetchRows: forks.Table.PrefetchRows (the neighbour's key on port p).
func (a *AKW1) PrefetchRows(i int32, p kernel.Port, m kernel.MsgType) { a.f.PrefetchRows(i, p) }
