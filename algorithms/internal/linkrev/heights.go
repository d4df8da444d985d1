package linkrev

import (
	"github.com/mutexlab/mutexlab/kernel/mem"
	"sync/atomic"
	"unsafe"
)

// heightStore holds the per-port heights, height[At(i, p)]: node i's view of the height of
// the neighbour on port p (rows.go says where each node's row is). It is the one place that
// indexes the arrays; the handlers compute with Height, 64 bits per component.
//
// A height is a triple (h1, h2, id) (Walter, Welch and Vaidya), and the id of the height a
// node keeps for its neighbour on port p is that neighbour's id: the port record holds it
// (kernel.Topology.Peer) and it does not change while the link is up. The store keeps only
// (h1, h2); the id is read from the port record where it is needed (HeightAt), and in
// an order test only when the two heights tie on (h1, h2) (relower, LowestNeighbour). Every height
// stored on a port is the height of the neighbour at its other end while the link lasts,
// carried by that neighbour's message or written by TokenSent with Peer (TestMessageIDs
// checks the messages), so the id read is the one a triple would hold. A port whose link
// has gone down (Peer −1) or not yet formed is in no node's N, so no test reads its order.
//
// A height is stored in 8 bytes (height32: h1, h2 as int32) while every height the trial
// has stored fits in 32 bits, and in 16 (height64) from the first one that does not. At
// n = 10^6 and mean degree 8 the row array is about 8.2 M heights: 66 MB instead of 131 MB,
// and a node's row of 8 heights (64 bytes) lies in one or two cache lines, not two or three. Heights are not bounded by 2^31 (h2 falls
// by one per token hop, h1 can rise by one per reversal, and a long trial can pass 2^31
// token hops), so the first set of a height that does not fit widens the whole array once
// to the 64-bit layout, an O(array) copy, and the trial goes on there: every height read
// is the one written, in either layout, and results are the same bit for bit. Reset starts
// narrow unless its initial heights do not fit. BenchmarkHeightLayout (layout_linux_test.go)
// compares the narrow layout with the same code started wide at n = 10^6: the narrow one
// takes less memory for rl, hk and gme and runs rl's event loop no slower. The id is not
// stored at all: the port record has it (8 bytes a height rather than 12). A tie on (h1, h2) in LowestNeighbour (2.4 a call at n = 10^6, where
// most heights are still the initial (0, d)) reads port records that a request's
// prefetch (PrefetchRows) does not ask for: the first place to look if the loop is slower.
//
// Every access branches on isWide, the same way at every access of a trial, so the
// processor predicts it.
type heightStore struct {
	narrow []height32 // the heights while !isWide
	wide   []height64 // the heights once isWide
	isWide bool
}

// height64 is a stored height: (h1, h2) of a Height, its id being the port's peer's.
type height64 struct{ H1, H2 int64 }

// height32 is a height64 whose h1 and h2 fit in int32 (narrowOf).
type height32 struct{ H1, H2 int32 }

// levelOf returns h without its id, as the store keeps it.
func levelOf(h Height) height64 { return height64{h.H1, h.H2} }

// wide widens x to a height64, exactly.
func (x height32) wide() height64 { return height64{int64(x.H1), int64(x.H2)} }

// with returns the Height (h1, h2, id).
func (x height64) with(id int32) Height { return Height{x.H1, x.H2, id} }

// narrowOf returns h's (h1, h2) as a height32 and true if both fit in int32. The test is
// one branch: h1 + 2^31 and h2 + 2^31 lie in [0, 2^32) exactly when they fit (a sum that
// overflows int64 wraps to a negative number, whose top bits are set too).
func narrowOf(h Height) (height32, bool) {
	const bias = 1 << 31
	if (uint64(h.H1+bias)|uint64(h.H2+bias))>>32 != 0 {
		return height32{}, false
	}
	return height32{int32(h.H1), int32(h.H2)}, true
}

// allNarrow reports whether every height of hs fits the 8-byte layout.
func allNarrow(hs []Height) bool {
	for _, h := range hs {
		if _, ok := narrowOf(h); !ok {
			return false
		}
	}
	return true
}

// startWide makes Reset start every trial in the 64-bit layout (tests: a trial started wide
// must equal the same trial widened on the way; the paired benchmark of the two layouts).
var startWide bool

// widenings counts the stores widened since the process started (tests check that a trial
// meant to widen did).
var widenings atomic.Int64

// len returns the number of heights stored, moved rows' old places included.
func (s *heightStore) len() int {
	if s.isWide {
		return len(s.wide)
	}
	return len(s.narrow)
}

// get returns the height at k, without its id.
func (s *heightStore) get(k int) height64 {
	if s.isWide {
		return s.wide[k]
	}
	return s.narrow[k].wide()
}

// set stores h's (h1, h2) at k, widening the store first if they do not fit the narrow
// layout; h's id is the port's peer's, which the port record holds. The narrow store of a
// height that fits is inlined where it is called; the rest is setWide's.
func (s *heightStore) set(k int, h Height) {
	if x, ok := narrowOf(h); ok && !s.isWide {
		s.narrow[k] = x
		return
	}
	s.setWide(k, h)
}

// setWide is set in the 64-bit layout, widening the store first if it is narrow.
func (s *heightStore) setWide(k int, h Height) {
	if !s.isWide {
		s.widen()
	}
	s.wide[k] = levelOf(h)
}

// widen moves every height to the 64-bit layout, keeping the array's room for moved rows.
// The narrow array goes to the collector.
func (s *heightStore) widen() {
	w := mem.MakeLarge[height64](len(s.narrow), cap(s.narrow))
	for k, x := range s.narrow {
		w[k] = x.wide()
	}
	s.wide, s.narrow, s.isWide = w, nil, true
	widenings.Add(1)
}

// reserve sizes the store for n heights in the layout asked for, with room as the package's
// reserve gives it, reusing the array of that layout when it has the room; the other
// layout's array is dropped. Kept entries are not cleared: Reset writes every one a trial
// reads.
func (s *heightStore) reserve(n, growth, worst int, wide bool) {
	s.isWide = wide
	if wide {
		s.wide, s.narrow = reserve(s.wide, n, growth, worst), nil
	} else {
		s.narrow, s.wide = reserve(s.narrow, n, growth, worst), nil
	}
}

// moveRow gives the row of old heights at *off a new place w wide at the end of the array
// (the package's moveRow), in the layout in force.
func (s *heightStore) moveRow(off *int32, old, w int) {
	if s.isWide {
		s.wide = moveRow(s.wide, off, old, w)
	} else {
		s.narrow = moveRow(s.narrow, off, old, w)
	}
}

// prefetch asks for the cache line of the height at k (mem.Prefetch), which must be in
// the array.
func (s *heightStore) prefetch(k int) {
	p, size := s.base()
	mem.Prefetch((*byte)(unsafe.Add(p, uintptr(k)*size)))
}

// prefetchRow asks for every cache line of the w heights from off (kernel.PrefetchRange),
// which must be in the array.
func (s *heightStore) prefetchRow(off, w int) {
	p, size := s.base()
	mem.PrefetchRange(unsafe.Slice((*byte)(unsafe.Add(p, uintptr(off)*size)), uintptr(w)*size))
}

// base returns where the array in force starts and the size of its heights, for the
// prefetches: a prefetch neither faults nor changes what a program sees, so they skip the
// bounds checks and compute the address once for either layout.
func (s *heightStore) base() (unsafe.Pointer, uintptr) {
	if s.isWide {
		return unsafe.Pointer(unsafe.SliceData(s.wide)), unsafe.Sizeof(height64{})
	}
	return unsafe.Pointer(unsafe.SliceData(s.narrow)), unsafe.Sizeof(height32{})
}

// preallocate is Preallocate's part: the narrow array for n heights, the layout a trial of
// default heights starts in, faulted in by the setup helper if it is new.
func (s *heightStore) preallocate(pf *mem.Prefaulter, n, growth, worst int) {
	if cap(s.narrow) >= n {
		return
	}
	s.narrow = reserve(s.narrow, n, growth, worst)
	mem.Prefault(pf, s.narrow)
}
