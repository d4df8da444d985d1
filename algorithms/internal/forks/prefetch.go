package forks

import (
	"github.com/mutexlab/mutexlab/kernel"
	"github.com/mutexlab/mutexlab/kernel/mem"
)

// Prefetch asks for the cache lines of node i's state that every handler of fork collection
// reads: its state, SD^f flag and key, its five port sets (interleaved: one or two lines)
// and the first two lines of its row of neighbours' keys, which Forks and Senior read for
// the ports whose fork is missing (at n = 10^6 each was a trip to main memory: akw2's
// Senior was 12% of a trial). For kernel.Prefetcher, which akw1 and akw2 implement with it
// (the kernel calls it two events ahead at large n); it only prefetches, so no result
// changes.
func (t *Table) Prefetch(i int32) {
	mem.PrefetchAt(t.State, int(i))
	mem.PrefetchAt(t.Behind, int(i))
	mem.PrefetchAt(t.Key, int(i))
	t.At.Prefetch(i)
	t.Eats.Prefetch(i) // the last of the five sets: the row's other end
	row := int(i) * t.Cap
	mem.PrefetchAt(t.KeyOf, row)
	if t.Cap > keysPerLine {
		mem.PrefetchAt(t.KeyOf, row+keysPerLine)
	}
}

// PrefetchRows asks for the key of the neighbour on port p (NoPort: none) when it lies
// beyond the lines Prefetch asked for: a message's handler reads it (Senior).
func (t *Table) PrefetchRows(i int32, p kernel.Port) {
	if p >= 2*keysPerLine && int(p) < t.Cap {
		mem.PrefetchAt(t.KeyOf, int(i)*t.Cap+int(p))
	}
}

// keysPerLine is how many keys (8 bytes) fill a 64-byte cache line.
const keysPerLine = 8
