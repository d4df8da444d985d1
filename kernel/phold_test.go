package kernel_test

import (
	"fmt"
	"testing"

	"github.com/mutexlab/mutexlab/kernel"
	"github.com/mutexlab/mutexlab/kernel/eventq"
)

// PHOLD is the standard discrete-event benchmark (Fujimoto, 1990): n logical processes (LPs)
// and n events, one per LP, at times Exp(1). Processing an event — popping it — schedules
// exactly one new event at a uniformly random LP at now + 1 + Exp(1), so the queue holds n
// events throughout and every event is one Pop and one Push: the future-event list's hold
// model. The payload is the LP number; each LP counts the events it handles.
type phold struct {
	q      eventq.Heap
	rng    kernel.Stream
	counts []uint64 // events handled per LP
	n      int
	now    float64
}

// pholdSeed is the fixed seed of every PHOLD run, so the benchmark does the same work each time.
const pholdSeed = 0x5eed_0f_9401d

func newPHOLD(n int) *phold {
	p := &phold{n: n, counts: make([]uint64, n)}
	p.q.Grow(n + 1)
	p.reset()
	return p
}

// reset restarts the model from its seed: n events, one per LP, at times Exp(1).
func (p *phold) reset() {
	p.q.Reset()
	p.rng.Seed(pholdSeed)
	clear(p.counts)
	p.now = 0
	for lp := range p.n {
		p.q.Push(p.rng.ExpFloat64(), uint32(lp))
	}
}

// run processes k events.
func (p *phold) run(k int) {
	q, rng, counts, n := &p.q, &p.rng, p.counts, p.n
	for range k {
		t, lp := q.Pop()
		counts[lp]++
		q.Push(t+1+rng.ExpFloat64(), uint32(rng.IntN(n)))
		p.now = t
	}
}

// BenchmarkPHOLD measures the plain event queue (eventq.Heap) under PHOLD: one event is one Pop and one Push with
// the queue holding n entries, plus two random draws (an exponential and a uniform LP).
//
//	go test -run XXX -bench PHOLD -benchmem -count 6 ./kernel/ | tee phold.txt
//	benchstat phold.txt
//
// Each sub-benchmark builds the model once and then runs b.N events from where the previous
// round stopped, so the queue is in its steady state while timed; it must not allocate.
func BenchmarkPHOLD(b *testing.B) {
	for _, n := range []int{16, 1024, 65536, 1 << 20} {
		b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) {
			p := newPHOLD(n)
			p.run(4 * n) // past the initial transient: every LP has handled a few events
			b.ReportAllocs()
			b.ResetTimer()
			p.run(b.N)
			b.StopTimer()
			if s := b.Elapsed().Seconds(); s > 0 {
				b.ReportMetric(float64(b.N)/s, "events/s")
			}
			if p.q.Len() != n {
				b.Fatalf("queue holds %d events, want %d", p.q.Len(), n)
			}
		})
	}
}

// TestPHOLD runs a short PHOLD and checks the hold model's invariants: the queue always holds
// n events, simulated time never goes backward, every event is counted once, and a rerun from
// the same seed gives the same end time (the queue and streams are deterministic).
func TestPHOLD(t *testing.T) {
	const n, events = 1024, 200_000
	p := newPHOLD(n)
	q, rng := &p.q, &p.rng
	last := 0.0
	for range events {
		tm, lp := q.Pop()
		if tm < last {
			t.Fatalf("time went backward: %v after %v", tm, last)
		}
		last = tm
		p.counts[lp]++
		q.Push(tm+1+rng.ExpFloat64(), uint32(rng.IntN(n)))
		if q.Len() != n {
			t.Fatalf("queue holds %d events, want %d", q.Len(), n)
		}
	}
	var total uint64
	for _, c := range p.counts {
		total += c
	}
	if total != events {
		t.Fatalf("counted %d events, want %d", total, events)
	}
	// Each event advances its LP's clock by 1 + Exp(1), mean 2, spread over n LPs: after
	// k events the time is near 2k/n.
	if want := 2.0 * events / n; last < 0.9*want || last > 1.1*want {
		t.Errorf("end time %v, want about %v", last, want)
	}
	p.reset()
	p.run(events)
	if p.now != last {
		t.Errorf("rerun from the same seed ended at %v, first run at %v", p.now, last)
	}
	if allocs := testing.AllocsPerRun(5, func() { p.run(10_000) }); allocs != 0 {
		t.Errorf("PHOLD allocates %v times per 10,000 events, want 0", allocs)
	}
}
