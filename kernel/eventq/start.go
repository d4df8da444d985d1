package eventq

// The start stream: every node's first request, sorted once at setup, outside the heap.
//
// A trial schedules every node's first request at setup (Sim.scheduleStart), at random
// times, and nothing else is pending then. Pushed into the heap, they made a heap of n
// entries, and at n = 10^6 every pop in the warm-up descended about ten levels of it, the
// lower ones cache and TLB misses: in rl's warm-up (every node's first request and the
// Request message it sends) a fifth of the samples were in the queue. They never need a heap: they are pushed into a plain array
// (PushStart), sorted once by (time key, key) in place (SortStart, the set-aside's sort),
// and popped from its head, merged with the run and the heap by (time key, key) like the
// run's entries (peekRest, PopAside, refillAhead). The heap then holds only the events pushed
// since: in rl, the next request of the few nodes served before the window closes.
//
// The order is the queue's: PushStart takes a sequence number as Push does, so a trial
// pushes the same keys in the same order either way, and the queue pops them by (time key,
// key) from wherever they are; the keys are unique, so there are no ties left to break
// (TestQueueStartMatchesReference; kernel's TestStartStreamUnchanged runs every algorithm both ways).
//
// When the window closes, SetAside takes the start stream's leftovers with the heap's
// requests (setAsideStart; 38 of them in rl at 10^6). The start stream lives in the
// set-aside's room until then (lendStartRoom), and is sorted there in place (sortPairs): at
// 10^6 a second room, or a sort's second buffer, would each write 16 MB more.

// PushStart schedules payload at time t like Push, into the start stream. The queue must
// hold nothing but the start stream's entries (a simulator's setup, before any other push),
// and SortStart must be called after the last PushStart and before any other push or pop.
func (q *Queue) PushStart(t float64, payload uint32) {
	checkEntry(t, payload)
	if len(q.times) < rootSlot {
		q.Reset() // the zero Queue
	}
	if q.Len() != q.startLen() || q.start.head != 0 {
		panic("eventq: Queue.PushStart after other entries were pushed or popped")
	}
	if q.startLen() == 0 {
		q.lendStartRoom()
	}
	q.start.push(timeKey(t), q.seq<<payloadBits|uint64(payload))
	q.seq++
}

// SortStart sorts the start stream (sortPairs) and fills the ahead buffer from it.
func (q *Queue) SortStart() {
	if q.Len() != q.startLen() {
		panic("eventq: Queue.SortStart after other entries were pushed")
	}
	if q.startLen() == 0 {
		return
	}
	q.start.sort()
	q.refillAhead()
}

// startLen reports the number of entries in the start stream.
func (q *Queue) startLen() int { return q.start.len() }

// startFirst reports whether the start stream's head precedes the run's head and the heap's
// least entry (the start stream must not be empty; the run and the heap may be).
func (q *Queue) startFirst() bool {
	s := &q.start
	tk, k := s.times[s.head], s.keys[s.head]
	if r := &q.run; q.runLen() > 0 && less(r.times[r.head], r.keys[r.head], tk, k) {
		return false
	}
	if q.heapLen() == 0 {
		return true
	}
	if q.hole {
		q.settle()
	}
	return less(tk, k, q.times[rootSlot], q.keys[rootSlot])
}

// lendStartRoom makes the set-aside's room the start stream's while both are empty: the
// start stream is filled at setup and nearly all popped by the time the window closes, and
// SetAside moves what is left of it (setAsideStart) before it fills the set-aside.
func (q *Queue) lendStartRoom() {
	if q.startLen() == 0 && q.asideLen() == 0 {
		q.start.times, q.start.keys, q.start.head = q.aside.times[:0], q.aside.keys[:0], 0
	}
}

// setAsideStart moves the start stream's entries that pick selects to the set-aside, and
// the others to the heap, and empties it for good (until Reset). It runs first in SetAside,
// before anything else is appended to the set-aside: when the two share a room
// (lendStartRoom), the set-aside is empty then, and each entry is appended at an index no
// later than the one it is read from, so no entry is overwritten before it is read.
func (q *Queue) setAsideStart(pick func(payload uint32) bool) {
	s, a := &q.start, &q.aside
	for j := s.head; j < len(s.times); j++ {
		if tk, k := s.times[j], s.keys[j]; pick(uint32(k & payloadMask)) {
			a.push(tk, k)
		} else {
			q.pushHeap(tk, k)
		}
	}
	s.times, s.keys, s.head = nil, nil, 0 // no longer to share the set-aside's room
}
