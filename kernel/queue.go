package kernel

// Queue is the future-event list: a 4-ary min-heap of (time, sequence) keys, each carrying an
// opaque 24-bit payload (the simulator stores the index of an event record there; the PHOLD
// benchmark stores a logical-process number).
//
// Why this shape: a heap entry is 16 bytes (time + packed sequence/payload), so four children
// share one cache line and a sift touches few lines; a 4-ary heap has half the depth of a
// binary one. Ties in time are broken by the sequence number, which increases with every push,
// so events at equal times come out in the order they were scheduled on every run.
type Queue struct {
	heap []queueEntry
	seq  uint64
}

type queueEntry struct {
	time float64
	key  uint64 // seq<<payloadBits | payload: the sequence dominates, payload never decides
}

const (
	payloadBits = 24
	payloadMask = 1<<payloadBits - 1
	// MaxPayload is the largest payload a Queue entry can carry.
	MaxPayload = payloadMask
)

func (a queueEntry) less(b queueEntry) bool {
	return a.time < b.time || (a.time == b.time && a.key < b.key)
}

// Len reports the number of pending entries.
func (q *Queue) Len() int { return len(q.heap) }

// Reset empties the queue, keeping its storage, and restarts the sequence numbers.
func (q *Queue) Reset() {
	q.heap = q.heap[:0]
	q.seq = 0
}

// Grow makes room for at least n more entries without reallocating later.
func (q *Queue) Grow(n int) {
	if cap(q.heap)-len(q.heap) < n {
		h := make([]queueEntry, len(q.heap), len(q.heap)+n)
		copy(h, q.heap)
		q.heap = h
	}
}

// Push schedules payload at time t. payload must be at most MaxPayload.
func (q *Queue) Push(t float64, payload uint32) {
	if payload > payloadMask {
		panic("kernel: queue payload exceeds 24 bits")
	}
	e := queueEntry{time: t, key: q.seq<<payloadBits | uint64(payload)}
	q.seq++
	h := append(q.heap, e)
	i := len(h) - 1
	for i > 0 {
		parent := (i - 1) >> 2
		if !e.less(h[parent]) {
			break
		}
		h[i] = h[parent]
		i = parent
	}
	h[i] = e
	q.heap = h
}

// PeekTime returns the time of the earliest entry; the queue must not be empty.
func (q *Queue) PeekTime() float64 { return q.heap[0].time }

// Pop removes and returns the earliest entry; the queue must not be empty.
func (q *Queue) Pop() (t float64, payload uint32) {
	h := q.heap
	top := h[0]
	last := h[len(h)-1]
	h = h[:len(h)-1]
	n := len(h)
	if n > 0 {
		i := 0
		for {
			first := 4*i + 1
			if first >= n {
				break
			}
			best := first
			end := first + 4
			if end > n {
				end = n
			}
			for c := first + 1; c < end; c++ {
				if h[c].less(h[best]) {
					best = c
				}
			}
			if !h[best].less(last) {
				break
			}
			h[i] = h[best]
			i = best
		}
		h[i] = last
	}
	q.heap = h
	return top.time, uint32(top.key & payloadMask)
}
