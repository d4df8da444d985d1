package topology

import (
	"math/bits"

	"github.com/mutexlab/mutexlab/kernel/mem"
)

// PortSets is one bitset of ports per node, stored as a flat matrix of words (struct of
// arrays: node i's row is words[i*w : (i+1)*w]). Neighbour sets, receivedLI, forming and the
// like are PortSets: membership tests, unions and "for each member" cost a few word operations
// and no allocation.
//
// Several PortSets that are used together can share one matrix, node-major
// (InterleavePortSets): node i's rows of all of them are then adjacent in memory, so a handler
// that reads five of node i's sets touches one or two cache lines instead of five.
type PortSets struct {
	words  []uint64
	w      int // words per node
	stride int // words from node i's row to node i+1's (w, or more when interleaved)
	off    int // offset of node 0's row in words
}

// Reset sizes the sets for n nodes of portCap ports each, all empty, reusing storage.
func (s *PortSets) Reset(n, portCap int) {
	s.w = (portCap + 63) / 64
	s.stride, s.off = s.w, 0
	need := n * s.w
	if cap(s.words) < need {
		s.words = mem.MakeLarge[uint64](need, need)
	} else {
		s.words = s.words[:need]
		clear(s.words)
	}
}

// InterleavePortSets sizes sets for n nodes of portCap ports each, all empty, storing them in
// one node-major matrix: node i's row of sets[k] is words[(i*len(sets)+k)*w:][:w]. Storage is
// reused when sets[0] already holds enough. The sets behave exactly as if each were Reset on
// its own.
func InterleavePortSets(n, portCap int, sets ...*PortSets) {
	w := (portCap + 63) / 64
	stride := w * len(sets)
	need := n * stride
	words := sets[0].words
	if cap(words) < need {
		words = mem.MakeLarge[uint64](need, need)
	} else {
		words = words[:need]
		clear(words)
	}
	for k, s := range sets {
		s.words, s.w, s.stride, s.off = words, w, stride, k*w
	}
}

// Has reports whether port p is in node i's set.
func (s *PortSets) Has(i int32, p Port) bool {
	return s.words[int(i)*s.stride+s.off+int(p)>>6]&(1<<(uint(p)&63)) != 0
}

// Add puts port p into node i's set.
func (s *PortSets) Add(i int32, p Port) {
	s.words[int(i)*s.stride+s.off+int(p)>>6] |= 1 << (uint(p) & 63)
}

// Remove takes port p out of node i's set.
func (s *PortSets) Remove(i int32, p Port) {
	s.words[int(i)*s.stride+s.off+int(p)>>6] &^= 1 << (uint(p) & 63)
}

// Set puts p in or takes it out of node i's set.
func (s *PortSets) Set(i int32, p Port, in bool) {
	if in {
		s.Add(i, p)
	} else {
		s.Remove(i, p)
	}
}

// Row returns node i's words (a view, not a copy).
func (s *PortSets) Row(i int32) []uint64 {
	k := int(i)*s.stride + s.off
	return s.words[k : k+s.w : k+s.w]
}

// Count returns the number of ports in node i's set.
func (s *PortSets) Count(i int32) int {
	c := 0
	for _, x := range s.Row(i) {
		c += bits.OnesCount64(x)
	}
	return c
}

// Empty reports whether node i's set has no member.
func (s *PortSets) Empty(i int32) bool {
	for _, x := range s.Row(i) {
		if x != 0 {
			return false
		}
	}
	return true
}

// ClearRow empties node i's set.
func (s *PortSets) ClearRow(i int32) { clear(s.Row(i)) }

// FillRow puts ports [0, count) into node i's set.
func (s *PortSets) FillRow(i int32, count int) {
	row := s.Row(i)
	clear(row)
	for p := 0; p < count; p++ {
		row[p>>6] |= 1 << (uint(p) & 63)
	}
}

// Next returns the smallest member of node i's set that is >= from, or -1 if none. Loop
// over a set with: for p := s.Next(i, 0); p >= 0; p = s.Next(i, p+1) { ... }.
func (s *PortSets) Next(i int32, from Port) Port {
	if from < 0 {
		from = 0
	}
	row := s.Row(i)
	wi := int(from) >> 6
	if wi >= len(row) {
		return -1
	}
	x := row[wi] >> (uint(from) & 63)
	if x != 0 {
		return from + Port(bits.TrailingZeros64(x))
	}
	for wi++; wi < len(row); wi++ {
		if row[wi] != 0 {
			return Port(wi<<6 + bits.TrailingZeros64(row[wi]))
		}
	}
	return -1
}

// NextIn returns the smallest port >= from that is in both a's and b's sets for node i, or -1.
func NextIn(a, b *PortSets, i int32, from Port) Port {
	if from < 0 {
		from = 0
	}
	ra, rb := a.Row(i), b.Row(i)
	wi := int(from) >> 6
	if wi >= len(ra) {
		return -1
	}
	x := (ra[wi] & rb[wi]) >> (uint(from) & 63)
	if x != 0 {
		return from + Port(bits.TrailingZeros64(x))
	}
	for wi++; wi < len(ra); wi++ {
		if y := ra[wi] & rb[wi]; y != 0 {
			return Port(wi<<6 + bits.TrailingZeros64(y))
		}
	}
	return -1
}

// Prefetch brings node i's row of the sets into the caches (mem.Prefetch says why).
func (s *PortSets) Prefetch(i int32) {
	mem.PrefetchAt(s.words, int(i)*s.stride+s.off)
}

// PreallocatePortSets is InterleavePortSets for an algorithm's Preallocate: it allocates
// the sets only when their words are too small (so that a trial on reused arrays does not
// clear them twice) and hands new words to the setup helper.
func PreallocatePortSets(pf *mem.Prefaulter, n, portCap int, sets ...*PortSets) {
	if cap(sets[0].words) >= n*(portCap+63)/64*len(sets) {
		return
	}
	InterleavePortSets(n, portCap, sets...)
	mem.Prefault(pf, sets[0].words)
}
