package eventq

import (
	"unsafe"

	"github.com/mutexlab/mutexlab/kernel/mem"
)

// Queue is the simulator's future-event list: the plain Heap, and beside it the buffers that
// take entries the heap need not hold. Pop returns exactly what the Heap alone would (the
// same (time, sequence) order), from whichever part holds the earliest entry:
//
//   - the run of entries pushed in order (PushInOrder, run.go): under a constant message
//     delay most events arrive in the order they are scheduled and bypass the heap (every
//     trial);
//   - for large trials only, which turn them on (kernel's Params.Large): the ahead buffer
//     that names the next entries so that a simulator can prefetch their state (SetAhead,
//     ahead.go), the start stream of the first requests sorted once (PushStart, start.go),
//     and the entries set aside for the drain (SetAside, aside.go).
//
// Parts that are off cost Pop a comparison of a length each. The zero Queue is empty and
// ready to use.
type Queue struct {
	Heap
	ahead aheadBuf  // the next entries, taken out of the heap in advance (ahead.go; off unless SetAhead)
	run   runBuf    // entries pushed in order, outside the heap (run.go)
	aside sortedBuf // entries set aside, sorted, outside the heap (aside.go)
	start sortedBuf // entries pushed at setup and sorted once, outside the heap (start.go)
}

// Len reports the number of pending entries, those set aside (SetAside) included.
func (q *Queue) Len() int { return q.heapLen() + q.ahead.n + q.runLen() + q.startLen() + q.asideLen() }

// Reset empties the queue, keeping its storage, and restarts the sequence numbers.
func (q *Queue) Reset() {
	q.Heap.Reset()
	q.ahead = aheadBuf{}
	q.run.reset()
	q.aside.times, q.aside.keys, q.aside.head = q.aside.times[:0], q.aside.keys[:0], 0
	q.start.times, q.start.keys, q.start.head = nil, nil, 0
	q.lendStartRoom()
}

// Grow makes room for at least n more entries in the heap without reallocating later.
func (q *Queue) Grow(n int) {
	if len(q.times) < rootSlot {
		q.Reset()
	}
	q.Heap.Grow(n)
}

// Reserve makes room for at least heap more entries in the heap, run more in the run of
// entries pushed in order (PushInOrder) and aside more set aside (SetAside; the start stream
// uses that room until then, lendStartRoom), so that none of them reallocates until it holds
// more. A simulator reserves at setup what its event loop may need: room a queue never fills
// is never written, and costs no memory (mem.MakeLarge); each part that outgrows its room
// doubles. The run's room must be about twice the entries it is to hold at once: its array
// holds up to twice its pending entries, since popRun moves them to the front only once its
// head has passed half of them.
func (q *Queue) Reserve(heap, run, aside int) {
	q.Grow(heap)
	q.run.reserve(run)
	q.aside.reserve(aside)
	q.lendStartRoom()
}

// Push schedules payload at time t. payload must be at most MaxPayload and t must not be NaN.
func (q *Queue) Push(t float64, payload uint32) {
	checkEntry(t, payload)
	if len(q.times) < rootSlot {
		q.Reset() // the zero Queue
	}
	tk, k := q.nextKey(t, payload)
	if q.ahead.depth > 0 {
		q.pushAhead(tk, k)
		return
	}
	q.pushHeap(tk, k)
}

// PeekTime returns the time of the earliest entry; the queue must not be empty.
func (q *Queue) PeekTime() float64 {
	tk, k, ok := q.peekRest()
	if a := &q.aside; q.asideLen() > 0 && (!ok || less(a.times[a.head], a.keys[a.head], tk, k)) {
		return keyTime(a.times[a.head])
	}
	if !ok {
		panic("eventq: Queue.PeekTime on an empty queue")
	}
	return keyTime(tk)
}

// peekRest returns the earliest entry not set aside; ok is false when there is none.
func (q *Queue) peekRest() (tk, k uint64, ok bool) {
	switch {
	case q.ahead.n > 0:
		return q.ahead.times[0], q.ahead.keys[0], true
	case q.startLen() > 0 && q.startFirst():
		return q.start.times[q.start.head], q.start.keys[q.start.head], true
	case q.runLen() > 0 && q.runFirst():
		return q.run.times[q.run.head], q.run.keys[q.run.head], true
	case q.heapLen() > 0:
		if q.hole {
			q.settle()
		}
		return q.times[rootSlot], q.keys[rootSlot], true
	}
	return 0, 0, false
}

// Pop removes and returns the earliest entry; the queue must not be empty.
func (q *Queue) Pop() (t float64, payload uint32) {
	t, payload, _ = q.PopAside()
	return t, payload
}

// PopAside is Pop, and reports whether the entry it returns was set aside (SetAside).
func (q *Queue) PopAside() (t float64, payload uint32, aside bool) {
	var tk, k uint64
	switch {
	case q.asideLen() > 0 && q.asideFirst():
		tk, k = q.aside.pop()
		aside = true
	case q.ahead.depth > 0:
		tk, k = q.popAhead()
	case q.startLen() > 0 && q.startFirst():
		tk, k = q.start.pop()
	case q.runLen() > 0 && q.runFirst():
		tk, k = q.popRun()
	default:
		tk, k = q.popHeap()
	}
	return keyTime(tk), uint32(k & payloadMask), aside
}

// Rooms reports the capacity of the heap's and the set-aside's arrays: compared before and
// after Reserve, they tell whether Reserve allocated them anew.
func (q *Queue) Rooms() (heap, aside int) { return cap(q.times), cap(q.aside.times) }

// Prefault hands the setup helper pf the room of the first n entries of the heap, or, for
// a queue whose first entries go to the start stream (start), of the set-aside's room, where
// the start stream lives and is sorted in place (lendStartRoom): what a large trial's setup
// writes first.
func (q *Queue) Prefault(pf *mem.Prefaulter, n int, start bool) {
	if start {
		mem.Prefault(pf, q.aside.times[:n])
		mem.Prefault(pf, q.aside.keys[:n])
		return
	}
	mem.Prefault(pf, q.times[:rootSlot+n])
	mem.Prefault(pf, q.keys[:rootSlot+n])
}

// Arrays returns where the storage of the heap's, the run's and the set-aside's arrays
// starts (times, then keys, of each): a test that no array is reallocated compares them.
func (q *Queue) Arrays() [6]unsafe.Pointer {
	at := func(s []uint64) unsafe.Pointer { return unsafe.Pointer(unsafe.SliceData(s)) }
	return [6]unsafe.Pointer{at(q.times), at(q.keys), at(q.run.times), at(q.run.keys), at(q.aside.times), at(q.aside.keys)}
}
