package eventq

// aheadMax is the most entries a Queue keeps ahead of the heap.
const aheadMax = 4

// aheadBuf holds the queue's next entries, already taken out of the heap, the run and the
// start stream, in order (index 0 is the earliest): with it on, a simulator knows which
// events come after the one it is handling and can prefetch their state (kernel.Sim.lookahead).
// Every entry in it precedes every entry in the heap, the run and the start stream, and it
// is full unless all three are empty, so Pop returns exactly what the queue without it would
// (the same (time, sequence) order), only earlier known. Entries pushed in order still bypass the heap (PushInOrder): at n = 10^6
// under a constant delay, drs's event loop ran 1.87 times as fast (rl's 1.14 times) once its
// messages, 92% of its events, no longer went through the heap, which also holds every
// node's next request (up to n entries) and so costs a cache miss per level.
type aheadBuf struct {
	depth int // entries kept (0: off)
	n     int // entries held
	times [aheadMax]uint64
	keys  [aheadMax]uint64
}

// SetAhead makes the queue keep the next k entries (at most 4; 0: none) out of the heap,
// so that Ahead can name them. The queue must be empty.
func (q *Queue) SetAhead(k int) {
	if q.Len() != 0 {
		panic("eventq: Queue.SetAhead on a queue that is not empty")
	}
	if len(q.times) < rootSlot {
		q.Reset()
	}
	q.ahead = aheadBuf{depth: min(max(k, 0), aheadMax)}
}

// Ahead returns the payload of the j-th entry of the ahead buffer (0: the next Pop's); ok is
// false when the buffer holds fewer than j+1 entries (or SetAhead was not called).
func (q *Queue) Ahead(j int) (payload uint32, ok bool) {
	if j >= q.ahead.n {
		return 0, false
	}
	return uint32(q.ahead.keys[j] & payloadMask), true
}

// pushAhead queues (tk, k) with the buffer on: into the buffer at its place when it comes
// before the buffer's last entry (or the buffer has room, the heap then being empty), the
// last entry moving to the heap if the buffer overflows; into the heap otherwise.
func (q *Queue) pushAhead(tk, k uint64) {
	if !q.pushAheadInOrder(tk, k) {
		q.pushHeap(tk, k)
	}
}

// pushAheadInOrder puts (tk, k) into the buffer at its place, and reports true, when it
// comes before the buffer's last entry or the buffer has room (the heap, the run and the
// start stream are then empty); the buffer's last entry moves to the heap if the buffer
// overflows (the heap holds entries in any order, and Pop takes the earliest of the start
// stream's head, the run's head and the heap's least). It reports false, and queues nothing,
// when the entry comes after the whole buffer: the caller puts it in the heap (Push) or the
// run (PushInOrder).
func (q *Queue) pushAheadInOrder(tk, k uint64) bool {
	b := &q.ahead
	if b.n == b.depth && !less(tk, k, b.times[b.n-1], b.keys[b.n-1]) {
		return false
	}
	if b.n == b.depth {
		b.n--
		q.pushHeap(b.times[b.n], b.keys[b.n])
	}
	j := b.n
	for ; j > 0 && less(tk, k, b.times[j-1], b.keys[j-1]); j-- {
		b.times[j], b.keys[j] = b.times[j-1], b.keys[j-1]
	}
	b.times[j], b.keys[j] = tk, k
	b.n++
	return true
}

// popAhead removes the buffer's first entry and refills the buffer (refillAhead).
func (q *Queue) popAhead() (tk, k uint64) {
	b := &q.ahead
	tk, k = b.times[0], b.keys[0]
	copy(b.times[:b.n-1], b.times[1:b.n])
	copy(b.keys[:b.n-1], b.keys[1:b.n])
	b.n--
	q.refillAhead()
	return tk, k
}

// refillAhead fills the ahead buffer from the start stream, the run and the heap, each time
// from whichever holds the earliest entry (Pop without the buffer), until it is full or all
// three are empty.
func (q *Queue) refillAhead() {
	b := &q.ahead
	for b.n < b.depth {
		switch {
		case q.startLen() > 0 && q.startFirst():
			b.times[b.n], b.keys[b.n] = q.start.pop()
		case q.runLen() > 0 && q.runFirst():
			b.times[b.n], b.keys[b.n] = q.popRun()
		case q.heapLen() > 0:
			b.times[b.n], b.keys[b.n] = q.popHeap()
		default:
			return
		}
		b.n++
	}
}
