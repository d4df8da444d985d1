package kernel_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/mutexlab/mutexlab/algorithms"
	"github.com/mutexlab/mutexlab/internal/abtest"
	"github.com/mutexlab/mutexlab/kernel"
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
				c.pushStart(draw(0), uint32(rng.IntN(kernel.MaxPayload+1)))
			}
			c.q.SortStart()
			c.checkLen()
			now := 0.0
			for range 2*m + 50 {
				switch r := rng.IntN(10); {
				case r < 3:
					c.push(draw(now), uint32(rng.IntN(kernel.MaxPayload+1)))
				case r < 4:
					c.pushInOrder(now+1, uint32(rng.IntN(kernel.MaxPayload+1)))
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
	var q kernel.Queue
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

// TestStartStreamUnchanged: queueing the first requests in the start stream
// (kernel/queue_start.go) changes no result. Every registered algorithm runs, with the
// look-ahead forced on (the start stream is used where it is), the trials of
// TestDrainAsideUnchanged (small and sparse networks under link changes, crashes at chosen
// times and at a rate), a larger one with the drain bounded at a few event counts, one with
// no drain (drain = none), with the start stream on and off; and rl runs a traced trial that lists the messages in transit every hundred events
// (Sim.Pending pops and requeues every pending event, the start stream's included).
func TestStartStreamUnchanged(t *testing.T) {
	startStream := partSwitch(kernel.PartStartStream, 0)
	_, sparse, large, trials := switchTrials()
	none := sparse
	none.Drain = kernel.DrainNone
	trials = append(trials, switchTrial{"drain=none", none})
	for _, m := range []int64{1, 7, 100} {
		b := large
		b.DrainMaxEvents = m
		trials = append(trials, switchTrial{fmt.Sprintf("n=3000/drain_max=%d", m), b})
	}
	for _, info := range algorithms.All() {
		for _, tr := range trials {
			t.Run(info.Name+"/"+tr.name, func(t *testing.T) {
				want := runSwitched(t, info, tr.p, startStream, false)
				if got := runSwitched(t, info, tr.p, startStream, true); got != want {
					t.Errorf("with the start stream:\n%s\nwithout:\n%s", got, want)
				}
			})
		}
	}
	t.Run("pending", func(t *testing.T) { pendingUnchanged(t, sparse, startStream, "the start stream") })
}

// BenchmarkStartStream runs the issue's trial (n = 10^6, mean degree 8, load 0.01, the
// default window and the full drain) on one warmed simulator with the first requests in the
// start stream and in the heap, alternated trial by trial (each pair in the order off, on or
// on, off, in turn), and reports the event loop's events per second of the thread's CPU both
// ways, each pair logged (-v) for a paired test (internal/abtest); and, both ways, the
// warm-up's rate (warmup-events/cpu-s: the events the start stream serves) and the setup's
// thread CPU (setup-cpu-s: the start stream's sort is paid there).
//
//	go test -run '^$' -bench 'StartStream/rl' -benchtime 8x -v ./kernel/
func BenchmarkStartStream(b *testing.B) {
	forIssueTrial(b, []string{"rl", "drs"}, func(b *testing.B, sim *kernel.Sim, algo kernel.Algorithm, p kernel.Params) {
		first, _, err := sim.RunSplit(p, algo)
		if err != nil {
			b.Fatal(err)
		}
		var warmup, setup [2]time.Duration
		names := [2]string{"off", "on"}
		abtest.Pairs(b, float64(first.Events), "loop-events/cpu-s", names, func(j int) time.Duration {
			sim.Without(kernel.PartStartStream * kernel.Part(1-j))
			r, split, err := sim.RunSplit(p, algo)
			sim.Without(0)
			if err != nil {
				b.Fatal(err)
			}
			if r.Events != first.Events {
				b.Fatalf("%d events, want %d", r.Events, first.Events)
			}
			b.Logf("%s: warm-up %.0f events/cpu-s, setup %.3f cpu-s", names[j], float64(r.EventsWarmup)/split.WarmupCPU.Seconds(), split.SetupCPU.Seconds())
			warmup[j] += split.WarmupCPU
			setup[j] += split.SetupCPU
			return split.LoopCPU
		})
		for j := range 2 {
			b.ReportMetric(float64(first.EventsWarmup)*float64(b.N)/warmup[j].Seconds(), names[j]+"-warmup-events/cpu-s")
			b.ReportMetric(setup[j].Seconds()/float64(b.N), names[j]+"-setup-cpu-s")
		}
	})
}
