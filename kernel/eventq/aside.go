package eventq

import "github.com/mutexlab/mutexlab/kernel/mem"

// Entries set aside: a simulator's liveness drain only drops the requests still pending when
// its window closes, up to one per node. Taken out of the heap at once (SetAside) and kept
// sorted beside it, each costs a comparison and an array read when popped in its turn
// instead of a descent of a heap of up to n entries (kernel/drain_aside.go says what it
// gains).

// sortedBuf holds entries outside the heap in an array sorted by (time key, key), popped
// from its head: [head, len) are pending, earliest first. A queue keeps two: the entries set
// aside (SetAside), which are dropped when popped, and the start stream (start.go),
// whose entries are live events.
type sortedBuf struct {
	times, keys []uint64
	head        int
}

// reserve makes room for at least n more entries (Queue.Reserve).
func (a *sortedBuf) reserve(n int) {
	a.times, a.keys = mem.GrowLarge(a.times, n), mem.GrowLarge(a.keys, n)
}

// len reports the number of pending entries.
func (a *sortedBuf) len() int { return len(a.times) - a.head }

// push appends entry (tk, k), doubling the room when it is full (GrowLarge).
func (a *sortedBuf) push(tk, k uint64) {
	if len(a.times) == cap(a.times) || len(a.keys) == cap(a.keys) {
		a.reserve(max(len(a.times), 64)) // more than the room reserved: double
	}
	a.times = append(a.times, tk)
	a.keys = append(a.keys, k)
}

// pop removes and returns the head entry (the buffer must not be empty).
func (a *sortedBuf) pop() (tk, k uint64) {
	tk, k = a.times[a.head], a.keys[a.head]
	a.head++
	if a.head == len(a.times) {
		a.times, a.keys, a.head = a.times[:0], a.keys[:0], 0
	}
	return tk, k
}

// take appends the entries of times[from:] and keys[from:] that pick selects to the entries
// set aside, and packs the others from index from on, in their order; it returns where the
// packed entries end. The heap, the ahead buffer and the run are each filtered by it.
func (a *sortedBuf) take(times, keys []uint64, from int, pick func(payload uint32) bool) int {
	w := from
	for j := from; j < len(times); j++ {
		if pick(uint32(keys[j] & payloadMask)) {
			a.push(times[j], keys[j])
			continue
		}
		times[w], keys[w] = times[j], keys[j]
		w++
	}
	return w
}

// asideLen reports the number of entries set aside and not yet popped.
func (q *Queue) asideLen() int { return q.aside.len() }

// AsideLen reports the number of entries set aside and not yet popped.
func (q *Queue) AsideLen() int { return q.aside.len() }

// SetAside takes every pending entry whose payload pick selects out of the heap, the ahead
// buffer, the run and the start stream (whose other entries go to the heap), and keeps them
// in a sorted array beside the queue; it returns how many it took. Pop (and PopAside, which
// says so) still returns them in their turn: the order of every entry, set aside or not, is
// the queue's (time, sequence) order. The heap of the entries left is rebuilt bottom-up
// (Floyd: O(entries)). Len counts entries set aside.
//
// It is for entries that will never be pushed again and are popped only to be counted (the
// drain's dropped requests): popping one costs a comparison and an array read instead of a
// heap's descent.
func (q *Queue) SetAside(pick func(payload uint32) bool) int {
	if len(q.times) < rootSlot {
		q.Reset()
	}
	a := &q.aside
	before := q.asideLen()
	if a.head > 0 { // entries left from an earlier call: to the front, sorted again with the new
		n := copy(a.times, a.times[a.head:])
		copy(a.keys, a.keys[a.head:])
		a.times, a.keys, a.head = a.times[:n], a.keys[:n], 0
	}
	if q.hole {
		q.settle()
	}
	// The start stream first: it may live in the set-aside's room (lendStartRoom).
	q.setAsideStart(pick)
	// The heap: keep the unpicked entries at the front, in any order (rebuilt below).
	w := a.take(q.times, q.keys, rootSlot, pick)
	// The slots vacated need not be absent entries beyond the last group (padGroup).
	q.times, q.keys = q.times[:w], q.keys[:w]
	q.padGroup()
	q.heapify()
	// The ahead buffer: what is left still precedes every other entry.
	b := &q.ahead
	b.n = a.take(b.times[:b.n], b.keys[:b.n], 0, pick)
	// The run: in order, and stays in order when entries leave it.
	r := &q.run
	m := a.take(r.times, r.keys, r.head, pick)
	r.times, r.keys = r.times[:m], r.keys[:m]
	q.refillAhead()
	a.sort()
	return q.asideLen() - before
}

// heapify makes the heap's slots a heap again, bottom-up (Floyd's construction): each node
// from the last parent to the root sinks below its least child while that child precedes it.
func (q *Queue) heapify() {
	end := uint(len(q.times))
	if end <= rootSlot+1 {
		return
	}
	for s := (end-1)/4 + 2; s >= rootSlot; s-- {
		q.siftDown(s, end)
	}
}

// siftDown sinks the entry at slot s below its least child while that child precedes it.
func (q *Queue) siftDown(s, end uint) {
	times, keys := q.times[:end], q.keys[:end]
	tk, k := times[s], keys[s]
	for {
		c := 4*s - 8
		if c >= end {
			break
		}
		least := c
		for j := c + 1; j < min(c+4, end); j++ {
			if less(times[j], keys[j], times[least], keys[least]) {
				least = j
			}
		}
		if !less(times[least], keys[least], tk, k) {
			break
		}
		times[s], keys[s] = times[least], keys[least]
		s = least
	}
	times[s], keys[s] = tk, k
}

// asideFirst reports whether the earliest entry set aside precedes every other entry (some
// entry must be set aside).
func (q *Queue) asideFirst() bool {
	tk, k, ok := q.peekRest()
	a := &q.aside
	return !ok || less(a.times[a.head], a.keys[a.head], tk, k)
}
