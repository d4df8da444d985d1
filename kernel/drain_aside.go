package kernel

import (
	"math/bits"

	"github.com/mutexlab/mutexlab/kernel/mem"
)

// The liveness drain's dropped requests, set aside in bulk.
//
// When the window closes, new requests stop (Sim.request returns at once in the drain), but
// every node in its remainder section still has its next request in the queue: up to n
// entries of the heap, each popped in the drain only to be dropped. At n = 10^6 that is a
// heap of 10^6 entries in which every pop descends about ten levels, most of them a cache
// and TLB miss, and every other event of the drain pays for the heap's size too. So when the
// window closes the simulator takes every pending request out of the queue at once
// (Queue.SetAside), keeps their (time, key) pairs sorted in a plain array, and rebuilds the
// heap of what remains (a handful of releases, the watchdog, crashes). The queue still
// returns them in their turn, by (time, sequence) as the heap would have (PopAside), and
// says they were set aside, so that the simulator counts each as the dropped request it is
// without reading its record (Sim.dropRequest): the same events, times and bounds, the same
// record slots freed at the same moments.
//
// In a trial of 10^6 nodes at mean degree 8 and load 0.01 (the default window and seed)
// drs sets aside 939,391 requests and pops 420,090 of them before its drain ends, gme
// 909,772 and 294,307, akw1 962,775 and 132,030, akw2 982,312 and 77,091, cm 982,817 and
// 75,852; rl and hk 38 each (nearly every node is waiting when their window closes).
//
// Everything else that sees a request sees the same: a dropped request emits no trace event
// (Sim.request returns before it would), is dropped before the crash test (Sim.isDead), and a
// scripted trial queues no request (nor sets any aside). Sim.Pending lists the messages in
// transit only, so no request ever showed there; it pops every pending event and queues it
// again (Pop returns the entries set aside in their turn too), which puts them back in the
// heap: the drain is slower after it, the order the same (TestDrainAsideUnchanged).

// sortedBuf holds entries outside the heap in an array sorted by (time key, key), popped
// from its head: [head, len) are pending, earliest first. A queue keeps two: the entries set
// aside (SetAside), which are dropped when popped, and the start stream (queue_start.go),
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

// sort sorts the pending entries by (time key, key), in place (sortPairs).
func (a *sortedBuf) sort() { sortPairs(a.times[a.head:], a.keys[a.head:]) }

// sortPairs sorts (times[j], keys[j]) by time, then key, in place: a most-significant-digit
// radix sort (radixSortPairs), insertion sort for short arrays. In place, because a second
// buffer would be memory the trial writes for nothing: the start stream of 10^6 entries
// (queue_start.go) needed 16 MB of it, which the twelfth session borrowed from the heap's
// room, written only for that in rl, whose heap then holds a handful of entries (15 MB of
// peak RSS, and a first write to memory the VM host has taken back costs 2.2-3.6 s per GiB:
// docs/scaling.md). At 10^6 entries it takes as long as the radix sort with a second buffer
// it replaced (BenchmarkSortPairs).
func sortPairs(times, keys []uint64) {
	if len(times) <= insertionMaxN {
		insertionSortPairs(times, keys)
		return
	}
	radixSortPairs(times, keys, true)
}

// insertionMaxN is the length up to which sortPairs and radixSortPairs sort by insertion
// instead of splitting by a digit: below it, the digit's 256 counters cost more than
// insertion's moves (at 10^6, in single noisy runs: 64 to 128 sort fastest, 16 about a
// third slower).
const insertionMaxN = 96

// radixSortPairs sorts (a[j], b[j]) by a, then, if thenB, by b, in place (len(a) >
// insertionMaxN), comparing values as unsigned integers (time keys order as their times:
// timeKey). It splits the pairs into 256 buckets by a digit of a, the 8 bits from the
// highest bit in which the a differ down (the bits above are the same in all), moves each
// pair into its bucket (permuteBuckets), and sorts each bucket the same way (its a then share
// the digit too). Where every a is equal (ties of times), the pairs are sorted by b alone,
// the same way with the two arrays' roles swapped.
func radixSortPairs(a, b []uint64, thenB bool) {
	var diff uint64 // the bits in which some a differs from a[0]
	for _, x := range a {
		diff |= x ^ a[0]
	}
	if diff == 0 {
		if thenB {
			radixSortPairs(b, a, false)
		}
		return
	}
	shift := uint(max(bits.Len64(diff)-8, 0))
	var next, end [256]int
	for _, x := range a {
		end[byte(x>>shift)]++
	}
	sum := 0
	for d, c := range end {
		next[d] = sum
		sum += c
		end[d] = sum
	}
	permuteBuckets(a, b, shift, &next, &end)
	start := 0
	for _, e := range end {
		if m := e - start; m > insertionMaxN {
			radixSortPairs(a[start:e], b[start:e], thenB)
		} else if m > 1 {
			insertionSortPairs(a[start:e], b[start:e])
		}
		start = e
	}
}

// permuteBuckets moves each pair (a[j], b[j]) into the bucket of its digit byte(a[j]>>shift),
// bucket d being [next[d], end[d]) on entry (its pairs still unplaced there) and ending at
// end[d]. It sweeps the unplaced part of every bucket, swapping each pair with the next free
// slot of its own bucket, until every pair is placed (as ska_sort does): the swaps of a sweep
// do not wait on one another, so their cache misses overlap, where following a cycle of
// displacements (the American flag sort's) waits for every miss in turn: at 10^6 entries
// the arrays are 16 MB, and the sweep sorted about a fifth faster (single runs, noisy).
func permuteBuckets(a, b []uint64, shift uint, next, end *[256]int) {
	for placed := false; !placed; {
		placed = true
		for d, e := range end {
			if next[d] < e {
				placed = false
			}
			for j := next[d]; j < e; j++ {
				x := a[j]
				dst := &next[byte(x>>shift)]
				k := *dst
				*dst = k + 1
				a[j], a[k] = a[k], x
				b[j], b[k] = b[k], b[j]
			}
		}
	}
}

// insertionSortPairs sorts (times[j], keys[j]) by time, then key.
func insertionSortPairs(times, keys []uint64) {
	for j := 1; j < len(times); j++ {
		tk, k := times[j], keys[j]
		i := j
		for ; i > 0 && less(tk, k, times[i-1], keys[i-1]); i-- {
			times[i], keys[i] = times[i-1], keys[i-1]
		}
		times[i], keys[i] = tk, k
	}
}

// setAsideRequests takes every pending request out of the queue when the window closes, in a
// large trial (Params.LargeMachinery) whose drain drops them (Sim.request: not scripted; a scripted trial queues no request
// anyway) and runs (drain = none ends the trial at once). A request is an event record of
// kind evRequest: the scan reads the record of every entry in the queue once.
func (s *Sim) setAsideRequests() {
	if s.scripted || !s.uses(partDrainAside) || s.p.Drain == DrainNone {
		return
	}
	s.q.SetAside(func(slot uint32) bool { return s.recs[slot].kind == evRequest })
}

// dropRequest handles a request the queue had set aside, popped in its turn (time t, record
// slot): what step does with a request in the drain, without reading the record, since
// Sim.request returns at once there. The record's slot is freed now, as step frees a
// popped event's, so every later event gets the record it got before: the free list, and
// with it the records' slots, do not change (a slot is also only a payload: no order depends
// on it, since the queue's keys are unique in their sequence bits).
func (s *Sim) dropRequest(t float64, slot uint32) {
	s.free = append(s.free, slot)
	s.now = t
	s.events++
	s.checkTokens()
}
