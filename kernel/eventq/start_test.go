package eventq_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/mutexlab/mutexlab/kernel/eventq"
)

// pushStart pushes into the start stream (Queue.PushStart); the caller sorts it (SortStart)
// before any other operation, so only the length is checked here (the ahead buffer fills at
// SortStart).
func (c *queueChecker) pushStart(t float64, payload uint32) {
	c.ops++
	c.q.PushStart(t, payload)
	c.ref.push(t, payload)
	if got, want := c.q.Len(), len(c.ref.items); got != want {
		c.t.Fatalf("op %d: Len() = %d, want %d", c.ops, got, want)
	}
}

// TestQueueStartMatchesReference: entries pushed into the start stream (PushStart, then
// SortStart) come out of Pop merged with those pushed since into the heap (Push) and the run
// (PushInOrder) in the queue's (time, push order), exactly as the reference's; Len,
// PeekTime and Ahead agree throughout. Start times tie often (a few integers, among
// themselves and with later pushes), or are arbitrary floats with ±0, ±Inf and extremes;
// start streams cross the size from which they are radix-sorted (InsertionMaxN); the ahead
// buffer is off or 1 to 4 deep; each checker runs twice, the second time after a Reset (the
// start stream then lives in the set-aside's room again).
func TestQueueStartMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	specials := []float64{0, math.Copysign(0, -1), 1, -1, math.Inf(1), math.Inf(-1), math.MaxFloat64, -math.MaxFloat64}
	trials := 150
	if testing.Short() {
		trials = 40
	}
	for trial := range trials {
		c := newQueueChecker(t, trial%5)
		regime := trial % 3
		draw := func(now float64) float64 {
			switch regime {
			case 0: // ties everywhere
				return now + float64(rng.IntN(6))
			case 1: // a discrete-event schedule
				return now + 50*rng.ExpFloat64()
			default:
				if rng.IntN(10) == 0 {
					return specials[rng.IntN(len(specials))]
				}
				return rng.NormFloat64() * 10
			}
		}
		for range 2 {
			m := rng.IntN(40)
			if trial%4 == 0 {
				m = 200 + rng.IntN(3000)
			}
			for range m {
				c.pushStart(draw(0), uint32(rng.IntN(eventq.MaxPayload+1)))
			}
			c.q.SortStart()
			c.checkLen()
			now := 0.0
			for range 2*m + 50 {
				switch r := rng.IntN(10); {
				case r < 3:
					c.push(draw(now), uint32(rng.IntN(eventq.MaxPayload+1)))
				case r < 4:
					c.pushInOrder(now+1, uint32(rng.IntN(eventq.MaxPayload+1)))
				case r < 5:
					c.peek()
				default:
					if len(c.ref.items) > 0 && regime != 2 {
						now = c.ref.items[0].t
					}
					c.pop()
				}
			}
			c.drain()
			c.reset()
		}
	}
}

// TestQueueStartEdges: PushStart and SortStart refuse a queue holding other entries (those
// would come before the start stream in the ahead buffer, or be sorted with it), an empty
// start stream sorts to nothing, and the zero Queue takes a start stream.
func TestQueueStartEdges(t *testing.T) {
	var q eventq.Queue
	q.SortStart()
	if q.Len() != 0 {
		t.Fatalf("empty start stream sorted: Len() = %d", q.Len())
	}
	q.PushStart(2, 1)
	q.PushStart(1, 2)
	q.SortStart()
	if tm, p := q.Pop(); tm != 1 || p != 2 {
		t.Fatalf("Pop() = (%v, %d), want (1, 2)", tm, p)
	}
	mustPanic(t, "PushStart after a Pop", func() { q.PushStart(3, 3) })
	q.Reset()
	q.Push(1, 1)
	mustPanic(t, "PushStart after a Push", func() { q.PushStart(3, 3) })
	q.Reset()
	q.SetAhead(3)
	q.PushStart(5, 1)
	q.Push(1, 2) // in the ahead buffer, before the start stream is sorted
	mustPanic(t, "SortStart after a Push", func() { q.SortStart() })
}
