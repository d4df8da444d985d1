package eventq_test

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"

	"github.com/mutexlab/mutexlab/kernel/eventq"
)

// refQueue is the reference the Queue is checked against: the pending entries kept sorted by
// (time, push order). A push goes after every entry whose time is not greater (so after the
// earlier pushes of an equal time); a pop takes the first. Slow and obviously right.
type refQueue struct {
	items []refItem
}

type refItem struct {
	t       float64
	payload uint32
}

func (r *refQueue) push(t float64, payload uint32) {
	i := sort.Search(len(r.items), func(i int) bool { return r.items[i].t > t })
	r.items = slices.Insert(r.items, i, refItem{t, payload})
}

func (r *refQueue) pop() (float64, uint32) {
	it := r.items[0]
	r.items = r.items[1:]
	return it.t, it.payload
}

func (r *refQueue) reset() { r.items = r.items[:0] }

// queueChecker applies one operation to a Queue and to the reference and fails on the first
// difference in what they report.
type queueChecker struct {
	t     testing.TB
	q     eventq.Queue
	ref   refQueue
	ops   int
	ahead int     // entries the Queue keeps ahead of its heap (SetAhead), after every reset
	last  float64 // the latest time pushed in order since the last reset (PushInOrder)
}

// newQueueChecker returns a checker whose Queue keeps ahead entries out of its heap.
func newQueueChecker(t testing.TB, ahead int) *queueChecker {
	c := &queueChecker{t: t, ahead: ahead, last: math.Inf(-1)}
	c.q.SetAhead(ahead)
	return c
}

func (c *queueChecker) push(t float64, payload uint32) {
	c.ops++
	c.q.Push(t, payload)
	c.ref.push(t, payload)
	c.checkLen()
}

// pushInOrder pushes with PushInOrder if t is no earlier than the last time pushed in
// order, with Push otherwise.
func (c *queueChecker) pushInOrder(t float64, payload uint32) {
	if t < c.last {
		c.push(t, payload)
		return
	}
	c.ops++
	c.last = t
	c.q.PushInOrder(t, payload)
	c.ref.push(t, payload)
	c.checkLen()
}

func (c *queueChecker) pop() {
	c.ops++
	if len(c.ref.items) == 0 {
		return
	}
	wantT, wantP := c.ref.pop()
	gotT, gotP := c.q.Pop()
	// == rather than bit equality: the Queue returns +0 for a time pushed as -0.
	if gotT != wantT || gotP != wantP {
		c.t.Fatalf("op %d: Pop() = (%v, %d), want (%v, %d)", c.ops, gotT, gotP, wantT, wantP)
	}
	c.checkLen()
}

func (c *queueChecker) peek() {
	c.ops++
	if len(c.ref.items) == 0 {
		return
	}
	if got, want := c.q.PeekTime(), c.ref.items[0].t; got != want {
		c.t.Fatalf("op %d: PeekTime() = %v, want %v", c.ops, got, want)
	}
}

func (c *queueChecker) reset() {
	c.ops++
	c.q.Reset()
	c.q.SetAhead(c.ahead)
	c.ref.reset()
	c.last = math.Inf(-1)
	c.checkLen()
}

func (c *queueChecker) drain() {
	for len(c.ref.items) > 0 {
		c.pop()
	}
	if c.q.Len() != 0 {
		c.t.Fatalf("drained: Len() = %d, want 0", c.q.Len())
	}
}

func (c *queueChecker) checkLen() {
	if got, want := c.q.Len(), len(c.ref.items); got != want {
		c.t.Fatalf("op %d: Len() = %d, want %d", c.ops, got, want)
	}
	// With entries kept ahead, Ahead names exactly the next ones, in order.
	for j := range c.ahead + 1 {
		got, ok := c.q.Ahead(j)
		if want := j < min(c.ahead, len(c.ref.items)); ok != want || ok && got != c.ref.items[j].payload {
			c.t.Fatalf("op %d: Ahead(%d) = (%d, %v), want the payload of entry %d of %d", c.ops, j, got, ok, j, len(c.ref.items))
		}
	}
}

// TestQueueMatchesReference runs random sequences of Push, Pop, PeekTime, Grow and Reset on
// the Queue and on the reference, and requires the same pops in the same order. Times come
// from a few regimes: a handful of integers (most pushes tie with another pending entry),
// a discrete-event schedule (now + small delays, many exactly equal), and arbitrary floats
// including negative numbers, ±0 and ±Inf. Queue sizes cross the point where the descent
// starts prefetching. Every fifth trial keeps no entry ahead of the heap, the others 1 to 4
// (SetAhead), so both layouts are checked against the reference. In the discrete-event
// regime half the pushes are of a constant delay, pushed in order (PushInOrder): the run
// outside the heap then interleaves with it.
func TestQueueMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	specials := []float64{0, math.Copysign(0, -1), 1, -1, math.Inf(1), math.Inf(-1), math.MaxFloat64, -math.MaxFloat64, math.SmallestNonzeroFloat64}
	trials := 300
	if testing.Short() {
		trials = 60
	}
	for trial := range trials {
		c := newQueueChecker(t, trial%5)
		regime := trial % 4
		size := 1 + rng.IntN(40) // target size around which the queue hovers
		resetPercent := 1
		if trial%10 == 0 {
			size = 3000 + rng.IntN(3000) // past the prefetch threshold (4,096 slots)
			resetPercent = 0             // which a reset every hundred operations never reaches
		}
		ops := 20*size + rng.IntN(2000)
		now := 0.0
		for range ops {
			pushPercent := 30 // the queue hovers between size and 2*size entries
			switch n := len(c.ref.items); {
			case n == 0:
				pushPercent = 100
			case n < size:
				pushPercent = 70
			case n < 2*size:
				pushPercent = 50
			}
			switch r := rng.IntN(100); {
			case r < resetPercent:
				c.reset()
				now = 0
			case r < 2:
				c.q.Grow(rng.IntN(100))
			case r < 6:
				c.peek()
			case rng.IntN(100) < pushPercent:
				var tm float64
				switch regime {
				case 0: // few distinct times: ties everywhere
					tm = float64(rng.IntN(8))
				case 1: // discrete-event schedule: now + delay, delays often equal
					tm = now + float64(rng.IntN(3))
					if rng.IntN(4) == 0 {
						tm = now + rng.ExpFloat64()
					}
					if rng.IntN(2) == 0 { // a constant delay, pushed in order (PushInOrder)
						c.pushInOrder(now+1, uint32(rng.IntN(eventq.MaxPayload+1)))
						continue
					}
				case 2: // continuous, with special values
					tm = rng.NormFloat64() * 10
					if rng.IntN(10) == 0 {
						tm = specials[rng.IntN(len(specials))]
					}
				default: // a mix of ties and fractions
					tm = float64(rng.IntN(20)) / 4
				}
				c.push(tm, uint32(rng.IntN(eventq.MaxPayload+1)))
			default:
				if len(c.ref.items) > 0 {
					now = c.ref.items[0].t
				}
				c.pop()
			}
		}
		c.drain()
	}
}

// TestQueueEdges checks the documented corners: the zero Queue works, payloads span 24 bits,
// -0 and +0 are equal times (first pushed, first popped), and bad input panics.
func TestQueueEdges(t *testing.T) {
	var q eventq.Queue
	if q.Len() != 0 {
		t.Fatalf("zero Queue: Len() = %d", q.Len())
	}
	q.Push(5, 1) // the first pushes into a zero Queue keep their order too
	q.Push(5, 0)
	for _, want := range []uint32{1, 0} {
		if _, got := q.Pop(); got != want {
			t.Errorf("zero Queue: Pop() payload %d, want %d", got, want)
		}
	}
	q.Push(2, eventq.MaxPayload)
	q.Push(math.Copysign(0, -1), 7)
	q.Push(0, 8)
	q.Push(math.Copysign(0, -1), 9)
	for _, want := range []struct {
		t float64
		p uint32
	}{{0, 7}, {0, 8}, {0, 9}, {2, eventq.MaxPayload}} {
		if gt, gp := q.Pop(); gt != want.t || gp != want.p {
			t.Errorf("Pop() = (%v, %d), want (%v, %d)", gt, gp, want.t, want.p)
		}
	}
	q.PushInOrder(3, 1)
	mustPanic(t, "PushInOrder before the last in order", func() { q.PushInOrder(2, 2) })
	q.Pop()
	mustPanic(t, "Push(payload > MaxPayload)", func() { q.Push(1, eventq.MaxPayload+1) })
	mustPanic(t, "Push(NaN)", func() { q.Push(math.NaN(), 1) })
	mustPanic(t, "Pop on an empty queue", func() { q.Pop() })
	mustPanic(t, "PeekTime on an empty queue", func() { q.PeekTime() })
	q.Push(1, 1)
	q.Pop()
	mustPanic(t, "Pop on a queue emptied by Pop", func() { q.Pop() })
}

// FuzzQueue drives the Queue and the reference from bytes:
//
//	go test -run XXX -fuzz FuzzQueue ./kernel/
//
// Each operation takes one byte: 0-1 pop, 2 peek, 3 reset, 4-5 push a time given by the next
// 8 bytes (a float64; NaN is replaced by +Inf), others push a small integer time (op % 6), so
// that most pushes tie. The payload of a push is the byte's index.
func FuzzQueue(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{10, 10, 10, 0, 0, 0})
	f.Add([]byte{6, 7, 8, 9, 10, 11, 6, 7, 8, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0})
	f.Add([]byte{4, 0, 0, 0, 0, 0, 0, 0xf0, 0x3f, 4, 0, 0, 0, 0, 0, 0, 0, 0x80, 12, 0, 3, 12, 13, 0})
	f.Add([]byte{5, 0, 0, 0, 0, 0, 0, 0xf0, 0x7f, 5, 0, 0, 0, 0, 0, 0, 0xf0, 0xff, 6, 2, 0, 1, 0, 0})
	many := make([]byte, 0, 600)
	for i := range 300 {
		many = append(many, byte(6+i%50))
		if i%3 == 2 {
			many = append(many, 0)
		}
	}
	f.Add(many)
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 1<<14 {
			data = data[:1<<14] // longer inputs only slow the fuzzer down
		}
		c := newQueueChecker(t, len(data)%5)
		for i := 0; i < len(data); i++ {
			switch op := data[i]; {
			case op < 2:
				c.pop()
			case op == 2:
				c.peek()
			case op == 3:
				c.reset()
			case op < 6:
				if i+8 >= len(data) {
					return
				}
				tm := math.Float64frombits(binary.LittleEndian.Uint64(data[i+1:]))
				if math.IsNaN(tm) {
					tm = math.Inf(1)
				}
				c.push(tm, uint32(i))
				i += 8
			default:
				c.push(float64(op%6), uint32(i))
			}
		}
		c.drain()
	})
}

// mustPanic fails the test if f returns without panicking.
func mustPanic(t *testing.T, name string, f func()) {
	t.Helper()
	defer func() {
		if recover() == nil {
			t.Errorf("%s did not panic", name)
		}
	}()
	f()
}
