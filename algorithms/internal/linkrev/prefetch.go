package linkrev

import "github.com/mutexlab/mutexlab/kernel"

// Prefetch asks for the cache lines of node i's state that every handler reads first: its
// height, token flag and next, its port sets (N, receivedLI and forming share a line) and
// where its rows are (the rows themselves are PrefetchRows's). For kernel.Prefetcher (the
// kernel calls it two events ahead at large n); it only prefetches, so no result changes.
func (l *Links) Prefetch(i int32) {
	kernel.PrefetchAt(l.MyHeight, int(i))
	kernel.PrefetchAt(l.TokenHolder, int(i))
	kernel.PrefetchAt(l.Next, int(i))
	l.InN.Prefetch(i)
	kernel.PrefetchAt(l.rows, int(i))
}

// PrefetchRows asks for node i's rows, found through rows[i] (which Prefetch asked for an
// event before): the start of its heights row and the height of the neighbour on port p
// (NoPort: none), and the head of its queue. For kernel.Prefetcher.
func (l *Links) PrefetchRows(i int32, p kernel.Port) {
	r := &l.rows[i]
	kernel.PrefetchAt(l.Height, int(r.h))
	if p > 0 && p < r.hw {
		kernel.PrefetchAt(l.Height, int(r.h)+int(p))
	}
	kernel.PrefetchAt(l.q, int(r.q))
}
