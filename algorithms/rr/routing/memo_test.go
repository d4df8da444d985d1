package routing

import (
	"testing"

	"github.com/mutexlab/mutexlab/kernel"
)

// TestRouteMemoExact: the memo (memo.go) answers only what was put for the same key
// in the same epoch, its last value, although an entry keeps neither node nor dest (the tag
// and the set stand for them): a small memo, many more keys than entries, so that sets
// overflow and evict all the time, and questions about keys that were never put. A new topology version makes every entry stale, and
// when the epoch wraps, the entries of the epoch that comes round again are gone.
func TestRouteMemoExact(t *testing.T) {
	// n a power of two: every key of the mixed key space is a pair of nodes, so that any
	// two keys an entry could confuse are both asked about.
	const n, portCap = 256, 16
	const dests = 24 // 6,144 keys for 4,096 entries
	var m routeMemo
	m.reset(n, portCap)
	if !m.on {
		t.Fatal("the memo is off at n = 256")
	}
	type key struct{ node, dest int32 }
	type val struct {
		d int
		p kernel.Port
	}
	var rng kernel.Stream
	rng.Seed(3)
	ver := uint64(1)
	m.sync(ver)
	want := map[key]val{}
	hits := 0
	for k := range 200_000 {
		if k%50_000 == 49_999 { // a link change: all stale
			ver++
			m.sync(ver)
			clear(want)
			for range 1000 {
				if _, _, ok := m.get(int32(rng.IntN(n)), int32(rng.IntN(n))); ok {
					t.Fatal("an answer of the last version after a link change")
				}
			}
		}
		x := key{int32(rng.IntN(n)), int32(rng.IntN(dests))}
		if rng.IntN(2) == 0 {
			v := val{1 + rng.IntN(1<<memoDistBits-1), kernel.Port(rng.IntN(portCap))}
			m.put(x.node, x.dest, v.d, v.p)
			want[x] = v
			continue
		}
		if rng.IntN(2) == 0 { // any key: most were never put, and none may be answered
			x.dest = int32(rng.IntN(n))
		}
		d, p, ok := m.get(x.node, x.dest)
		if !ok {
			continue
		}
		hits++
		if w, put := want[x]; !put || w != (val{d, p}) {
			t.Fatalf("question %d: (%d, %d) answered %d hops, port %d; put: %v %+v", k, x.node, x.dest, d, p, put, w)
		}
	}
	if hits < 10_000 {
		t.Fatalf("only %d answers: the memo remembers too little to test", hits)
	}
	m.put(1, 2, 1<<memoDistBits, 3) // too far to remember
	if _, _, ok := m.get(1, 2); ok {
		t.Fatal("a distance of memoDistBits bits remembered")
	}

	// The epoch wraps: what epoch 1 remembered must not come back when epoch 1 does.
	m.reset(n, portCap)
	m.sync(1)
	m.put(5, 7, 3, 2)
	m.epoch = m.epochMask // the last epoch before the wrap
	m.sync(2)
	if m.epoch != 1 {
		t.Fatalf("epoch %d after the wrap, want 1", m.epoch)
	}
	if _, _, ok := m.get(5, 7); ok {
		t.Fatal("an answer of an epoch before the wrap")
	}
}
