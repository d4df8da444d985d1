package eventq

import (
	"github.com/mutexlab/mutexlab/kernel/mem"
	"math"
	"math/bits"
)

// Heap is the plain future-event list: a 4-ary min-heap of (time, sequence) keys, each carrying an
// opaque 24-bit payload (the simulator stores the index of an event record there; the PHOLD
// benchmark stores a logical-process number). Ties in time are broken by the sequence number,
// which increases with every push, so events at equal times come out in the order they were
// scheduled on every run. The zero Heap is empty and ready to use.
//
// How it is fast: BenchmarkPHOLD runs about twice as many events per second as with a plain
// 4-ary heap of (time, key) pairs. In order of what each step gained there:
//
//   - Times are stored as order-preserving uint64 keys (timeKey), and the heap is two parallel
//     arrays: times and keys (sequence<<24 | payload). Choosing the least of four siblings is
//     a branch-free tournament on their times alone, whose outcome (the next level's address)
//     the CPU cannot mispredict; only when two compared times are equal does it fall back to
//     comparing full (time, key) pairs. Slots past the last entry hold absent entries, which
//     lose every comparison, so every group of four siblings is compared whole.
//   - The descent moves the hole to a leaf along the least children without comparing with
//     the entry being placed (Floyd's bottom-up heap), then lets the entry rise: scheduled
//     events are usually late, so it rarely rises far.
//   - In heaps too large for the L1 cache, the descent prefetches the grandchildren's times
//     while it compares the children's, and the keys of the chosen child's children as soon
//     as it is chosen, so that the next level's cache misses overlap this one's work
//     (mem.Prefetch; plain loads did it before, but a load that misses holds up the
//     instructions after it). Prefetching the keys of all 16 grandchildren instead (two
//     lines, of which the descent reads a quarter of one) was 10% slower at 65,536 entries.
//   - Pop leaves the root empty (a hole) and returns; the next Push fills the hole with the new
//     entry by one descent from the root, which is all a discrete-event simulator's
//     pop-then-schedule cycle costs. Without a Push in between, the hole is filled with the
//     last entry first, as in a textbook heap.
//   - The event loop's path makes few calls: Pop's popHeap is inlined, and in heaps that fit
//     in the L1 cache the descent is a loop without calls (no prefetches), so the compiler
//     keeps its values in registers. Together 12% fewer instructions per PHOLD event.
//   - That loop (in fill) tests for ties by equalities and hands a tied level to stepExact,
//     instead of carrying the tournament's differences, which the compiler kept on the
//     stack: 552 to 523 instructions per PHOLD event at N = 1,024, and about 3% less time.
//     Deriving the index from equalities with the least time instead took 491 instructions
//     but was no faster: it lengthens the chain from one level's loads to the next's.
//   - Slot s holds heap node s-3, so the four children of a node (slots 4s-8 .. 4s-5) start at
//     a multiple of four and their times never straddle a cache line (this measured no
//     faster on its own, but costs only three padding slots).
type Heap struct {
	times []uint64 // timeKey of each slot; slots [0, 3) are padding, the root is slot 3
	keys  []uint64 // seq<<payloadBits | payload; len(keys) == len(times)
	seq   uint64
	hole  bool // the root slot is empty: Pop took its entry and nothing has filled it yet
}

const (
	payloadBits = 24
	payloadMask = 1<<payloadBits - 1
	// MaxPayload is the largest payload a Queue entry can carry.
	MaxPayload = payloadMask

	rootSlot = 3 // slot of the heap's root; slot s's children are 4s-8 .. 4s-5, its parent s/4+2
	// prefetchSlots is the heap size from which the descent prefetches grandchildren: below
	// it the times fit in the L1 cache and the extra loads only cost time.
	prefetchSlots = 4096
	// sentinel fills the slots past the last entry in its group (padGroup): above every time's key (timeKey of
	// +Inf is 0xfff0<<48; NaN is refused) and every entry's key.
	sentinel = math.MaxUint64
)

// timeKey maps a time to a uint64 whose unsigned order is the time's numeric order: flip the
// sign bit of positive numbers, every bit of negative ones. -0 is first turned into +0, so
// the two are equal as in float comparison.
func timeKey(t float64) uint64 {
	b := math.Float64bits(t + 0)
	return b ^ (uint64(int64(b)>>63) | 1<<63)
}

// keyTime inverts timeKey.
func keyTime(k uint64) float64 {
	return math.Float64frombits(k ^ ((k>>63 - 1) | 1<<63))
}

// less orders entries by (time key, key).
func less(at, ak, bt, bk uint64) bool { return at < bt || (at == bt && ak < bk) }

// Len reports the number of pending entries.
func (h *Heap) Len() int { return h.heapLen() }

// heapLen reports the number of entries in the heap (a Queue's, not in its buffers).
func (q *Heap) heapLen() int {
	n := len(q.times) - rootSlot
	if q.hole {
		n--
	}
	return max(n, 0)
}

// Reset empties the heap, keeping its storage, and restarts the sequence numbers.
func (q *Heap) Reset() {
	if len(q.times) < rootSlot {
		q.times = make([]uint64, rootSlot, 64)
		q.keys = make([]uint64, rootSlot, 64)
		q.padGroup()
	}
	q.truncate(rootSlot)
	q.seq = 0
	q.hole = false
}

// Grow makes room for at least n more entries without reallocating later.
func (q *Heap) Grow(n int) {
	if len(q.times) < rootSlot {
		q.Reset()
	}
	if cap(q.times)-len(q.times) >= n && cap(q.keys) == cap(q.times) {
		return
	}
	q.times, q.keys = mem.GrowLarge(q.times, n+3), mem.GrowLarge(q.keys, n+3)
	c := min(cap(q.times), cap(q.keys)) &^ 3
	q.times, q.keys = q.times[:len(q.times):c], q.keys[:len(q.keys):c]
	q.padGroup() // GrowLarge copied the entries, not the absent slots after them
}

// padGroup makes the slots after the last entry, to the end of its group of four, absent
// entries (sentinel, sentinel), as truncate and shrink leave the slots they vacate: the
// descent in fill reads whole groups of four children, and the slots of a group past the
// last entry must lose every comparison. Only the last entry's group can hold such slots, so
// only it is padded: padding the whole capacity would write, and make resident, memory the
// heap may never use (the queue reserves room for n events at n = 10^6). Capacities are
// multiples of four (Grow), so the group ends within the capacity.
func (q *Heap) padGroup() {
	for j := len(q.times); j&3 != 0; j++ {
		q.setAbsent(j)
	}
}

// truncate shortens the heap to n slots, leaving absent entries behind (padGroup).
func (q *Heap) truncate(n int) {
	for j := n; j < len(q.times); j++ {
		q.setAbsent(j)
	}
	q.times, q.keys = q.times[:n], q.keys[:n]
}

// setAbsent makes slot j an absent entry: a time above every time's key, different for the
// four siblings of a group (a tie would send the group to the slow comparison), and a key
// above every key.
func (q *Heap) setAbsent(j int) {
	q.times[:cap(q.times)][j] = sentinel - uint64(j&3)
	q.keys[:cap(q.keys)][j] = sentinel
}

// Push schedules payload at time t. payload must be at most MaxPayload and t must not be NaN.
func (q *Heap) Push(t float64, payload uint32) {
	checkEntry(t, payload)
	if len(q.times) < rootSlot {
		q.Reset() // the zero Heap
	}
	q.pushHeap(q.nextKey(t, payload))
}

// nextKey returns the keys of the next entry pushed, payload at time t, and counts it.
func (q *Heap) nextKey(t float64, payload uint32) (tk, k uint64) {
	tk, k = timeKey(t), q.seq<<payloadBits|uint64(payload)
	q.seq++
	return tk, k
}

// pushHeap puts entry (tk, k) into the heap.
func (q *Heap) pushHeap(tk, k uint64) {
	if q.hole {
		q.hole = false
		q.fill(tk, k)
		return
	}
	if len(q.times) == cap(q.times) || len(q.keys) == cap(q.keys) {
		q.Grow(len(q.times)) // double, not append's quarter (GrowLarge)
	}
	q.times = append(q.times, tk)
	q.keys = append(q.keys, k)
	if len(q.times)&3 == 1 {
		q.padGroup() // the entry starts a group: its three siblings-to-be are absent
	}
	q.siftUp(uint(len(q.times)-1), tk, k)
}

// checkEntry refuses what no queue entry can be: a payload beyond 24 bits, a NaN time
// (Push, PushStart).
func checkEntry(t float64, payload uint32) {
	if payload > payloadMask {
		panic("eventq: queue payload exceeds 24 bits")
	}
	if math.IsNaN(t) {
		panic("eventq: queue time is NaN")
	}
}

// PeekTime returns the time of the earliest entry; the heap must not be empty.
func (q *Heap) PeekTime() float64 {
	if q.heapLen() == 0 {
		panic("eventq: PeekTime on an empty queue")
	}
	if q.hole {
		q.settle()
	}
	return keyTime(q.times[rootSlot])
}

// Pop removes and returns the earliest entry; the heap must not be empty.
func (q *Heap) Pop() (t float64, payload uint32) {
	tk, k := q.popHeap()
	return keyTime(tk), uint32(k & payloadMask)
}

// popHeap removes and returns the heap's least entry; the heap must not be empty. It leaves
// the root a hole even when it held the last entry (the heap is then empty: heapLen), which
// keeps it short enough to be inlined into Pop.
func (q *Heap) popHeap() (tk, k uint64) {
	if q.hole {
		q.settle()
	}
	tk, k = q.times[rootSlot], q.keys[rootSlot]
	q.hole = true
	return tk, k
}

// settle fills the root hole with the last entry, or drops the root slot if it is the only one.
func (q *Heap) settle() {
	q.hole = false
	last := len(q.times) - 1
	tk, k := q.times[last], q.keys[last]
	q.shrink()
	if last > rootSlot {
		q.fill(tk, k)
	}
}

// shrink drops the last slot, leaving an absent entry in it (padGroup).
func (q *Heap) shrink() {
	last := len(q.times) - 1
	q.setAbsent(last)
	q.times, q.keys = q.times[:last], q.keys[:last]
}

// siftUp places entry (tk, k) at slot s or above: the textbook sift-up into a hole at s.
func (q *Heap) siftUp(s uint, tk, k uint64) {
	times, keys := q.times, q.keys[:len(q.times)]
	for s > rootSlot {
		p := s/4 + 2
		if !less(tk, k, times[p], keys[p]) {
			break
		}
		times[s], keys[s] = times[p], keys[p]
		s = p
	}
	times[s], keys[s] = tk, k
}

// fill places entry (tk, k) in the empty root: the hole descends to a leaf along the least
// children, then the entry rises from there to its place. Groups past the last entry hold
// absent entries (padGroup), which lose every comparison, so a last, incomplete group of
// children needs no loop of its own; and since the slices end with the last group, the
// loop's bound also covers the group's bounds checks. Heaps too large for the L1 cache
// descend with prefetches (descendPrefetch).
//
// A level's cost is the event loop's, and what it waits on is the chain from one level's
// loads to the next level's address. The least of four times is chosen without a branch
// (min: conditional moves; a branch would mispredict the next level's address), and its
// index from the two pairs' comparisons and a borrow mask, in parallel with the least time
// rather than after it. Where two of the times compared tie, the order rests on the keys,
// and the level is left to stepExact: the tie test is three branches that are rarely taken.
func (q *Heap) fill(tk, k uint64) {
	if len(q.times) > prefetchSlots {
		q.siftUp(q.descendPrefetch(), tk, k)
		return
	}
	n := uint(len(q.times)+3) &^ 3 // through the last entry's group (padGroup)
	times, keys := q.times[:n:n], q.keys[:n:n]
	s := uint(rootSlot)
	for c := uint(4); c+4 <= n; c = 4*s - 8 { // c: the hole's first child
		g := (*[4]uint64)(times[c : c+4])
		a, b := min(g[0], g[1]), min(g[2], g[3])
		if g[0] == g[1] || g[2] == g[3] || a == b {
			s = stepExact(times, keys, s)
			continue
		}
		ai, bi := b2u(g[1] < g[0]), 2|b2u(g[3] < g[2])
		_, bLess := bits.Sub64(b, a, 0) // 1 if b < a; its mask picks bi
		wi := ai ^ (ai^bi)&-uint(bLess)
		w := min(a, b)
		times[s], keys[s] = w, keys[c+wi]
		s = c + wi
	}
	q.siftUp(s, tk, k)
}

// stepExact moves the hole at slot s down to its least child by (time, key) and returns
// the child's slot; s must have children.
func stepExact(times, keys []uint64, s uint) uint {
	c := 4*s - 8
	wi := leastOf4((*[4]uint64)(times[c:c+4]), (*[4]uint64)(keys[c:c+4]))
	times[s], keys[s] = times[c+wi], keys[c+wi]
	return c + wi
}

// descendPrefetch moves the hole at the root down to a leaf along the least children and
// returns its slot, in heaps too large for the L1 cache (fill). It prefetches the
// grandchildren's times (two cache lines: which group of four is next is not known yet)
// while it compares the children's, and the next group's keys (one line, read only after
// the next level's tournament) once it is known, so that the next level's misses overlap
// this one's work (prefetches do not hold up the comparisons as loads would; mem.Prefetch).
// Prefetching the keys of all 16 grandchildren instead (two lines, of which the descent
// reads a quarter of one) was 10% slower at 65,536 entries.
func (q *Heap) descendPrefetch() uint {
	times := q.times
	end := uint(len(times))
	keys := q.keys[:end]
	s := uint(rootSlot)
	for c := uint(4); c < end; c = 4*s - 8 {
		if gc := 4*c - 8; gc+16 <= end {
			mem.Prefetch(&times[gc])
			mem.Prefetch(&times[gc+8])
		}
		g, gk := (*[4]uint64)(times[c:c+4]), (*[4]uint64)(keys[c:c+4])
		// A tournament whose outcome (the next level's address) the CPU cannot mispredict
		// (lesserTime); a round between equal times leaves the order to the keys.
		a, ai, d0 := lesserTime(g[0], g[1])
		b, bi, d1 := lesserTime(g[2], g[3])
		w, bLess, d2 := lesserTime(a, b)
		wi := uint(ai ^ (ai^(2|bi))&-bLess)
		if min(d0, d1, d2) == 0 {
			wi = leastOf4(g, gk)
			w = g[wi]
		}
		times[s], keys[s] = w, gk[wi]
		s = c + wi
		if n := 4*s - 8; n < end {
			mem.Prefetch(&keys[n]) // the keys of the group the next level chooses from
		}
	}
	return s
}

// lesserTime returns the lesser of times x and y, 1 if that is y (else 0), and y - x, which is
// 0 on a tie. The borrow's mask selects without a branch.
func lesserTime(x, y uint64) (w, yLess, d uint64) {
	d, borrow := bits.Sub64(y, x, 0)
	return x + d&-borrow, borrow, d
}

// b2u is 1 for true and 0 for false (a flag set by the comparison, not a branch).
func b2u(b bool) uint {
	if b {
		return 1
	}
	return 0
}

// leastOf4 returns the index of the least (time, key) among four siblings.
func leastOf4(times, keys *[4]uint64) uint {
	b := uint(0)
	for j := uint(1); j < 4; j++ {
		if less(times[j], keys[j], times[b], keys[b]) {
			b = j
		}
	}
	return b
}
