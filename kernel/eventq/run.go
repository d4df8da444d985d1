package eventq

import "github.com/mutexlab/mutexlab/kernel/mem"

// runBuf holds entries pushed in order (PushInOrder): a FIFO outside the heap, in (time,
// sequence) order by construction, from which Pop takes its head whenever it precedes the
// heap's least entry. A simulator whose messages all take the same delay pushes them in
// order of arrival (an arrival time is now plus a constant, and now never goes back), and
// they are most of its events: each then costs the queue an append and a read instead of a
// heap's descent (BenchmarkRL n=30). Pop returns exactly what one heap of every entry would.
type runBuf struct {
	times, keys []uint64 // entries [head, len) are pending, earliest first
	head        int
}

// PushInOrder schedules payload at time t like Push, for a caller that promises t is no
// earlier than the time of any entry it pushed in order before (since the last Reset).
// With the ahead buffer on (SetAhead), an entry that precedes the buffer's last goes into
// the buffer (pushAheadInOrder); the others join the run as without it.
func (q *Queue) PushInOrder(t float64, payload uint32) {
	if len(q.times) < rootSlot {
		q.Push(t, payload)
		return
	}
	if payload > payloadMask {
		panic("eventq: queue payload exceeds 24 bits")
	}
	r := &q.run
	tk, k := timeKey(t), q.seq<<payloadBits|uint64(payload)
	if n := len(r.times); n > r.head && tk < r.times[n-1] {
		panic("eventq: Queue.PushInOrder out of order")
	}
	q.seq++
	if q.ahead.depth > 0 && q.pushAheadInOrder(tk, k) {
		return
	}
	if r.head > 0 && r.head == len(r.times) {
		r.times, r.keys, r.head = r.times[:0], r.keys[:0], 0 // empty: start over
	}
	if len(r.times) == cap(r.times) || len(r.keys) == cap(r.keys) {
		// More entries than the room reserved (Queue.Reserve): double, into huge-page memory
		// (GrowLarge). With the look-ahead on, at n = 10^6, the run holds every message in
		// flight.
		r.times, r.keys = mem.GrowLarge(r.times, len(r.times)), mem.GrowLarge(r.keys, len(r.keys))
	}
	r.times = append(r.times, tk)
	r.keys = append(r.keys, k)
}

// reserve makes room for at least n more entries (Queue.Reserve).
func (r *runBuf) reserve(n int) {
	r.times, r.keys = mem.GrowLarge(r.times, n), mem.GrowLarge(r.keys, n)
}

// reset empties the run, keeping room for 64 entries at least.
func (r *runBuf) reset() {
	if cap(r.times) < 64 {
		r.times, r.keys = make([]uint64, 0, 64), make([]uint64, 0, 64)
	}
	r.times, r.keys, r.head = r.times[:0], r.keys[:0], 0
}

// runLen is the number of entries in the run.
func (q *Queue) runLen() int { return len(q.run.times) - q.run.head }

// runFirst reports whether the run's head precedes the heap's least entry (the run must not
// be empty; the heap may be).
func (q *Queue) runFirst() bool {
	if q.heapLen() == 0 {
		return true
	}
	if q.hole {
		q.settle()
	}
	r := &q.run
	return less(r.times[r.head], r.keys[r.head], q.times[rootSlot], q.keys[rootSlot])
}

// popRun removes and returns the run's head.
func (q *Queue) popRun() (tk, k uint64) {
	r := &q.run
	tk, k = r.times[r.head], r.keys[r.head]
	r.head++
	if r.head == len(r.times) {
		r.times, r.keys, r.head = r.times[:0], r.keys[:0], 0
	} else if r.head >= 64 && 2*r.head >= len(r.times) {
		n := copy(r.times, r.times[r.head:])
		copy(r.keys, r.keys[r.head:])
		r.times, r.keys, r.head = r.times[:n], r.keys[:n], 0
	}
	return tk, k
}
