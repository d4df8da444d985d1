package eventq_test

import (
	"cmp"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/mutexlab/mutexlab/internal/abtest"
	"github.com/mutexlab/mutexlab/kernel/eventq"
)

// TestQueueSetAside: entries set aside (Queue.SetAside) come out of Pop in the queue's
// (time, push order) exactly as without it, each flagged by PopAside as set aside, and no
// other; Len, PeekTime and Ahead agree with the reference throughout. Times tie often (a few
// integers: entries set aside tie with others in the heap, the ahead buffer and the run, and
// with each other), or are arbitrary floats with special values; sizes cross the point where
// the set-aside entries are radix-sorted (InsertionMaxN) and where the heap's descent
// prefetches; the ahead buffer is off or 1 to 4 deep; constant-delay entries go to the run
// (PushInOrder); half the trials' first entries are a start stream (PushStart).
func TestQueueSetAside(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	specials := []float64{0, math.Copysign(0, -1), 1, -1, math.Inf(1), math.Inf(-1), math.MaxFloat64, -math.MaxFloat64}
	trials := 200
	if testing.Short() {
		trials = 50
	}
	for trial := range trials {
		var q eventq.Queue
		ahead := trial % 5
		q.SetAhead(ahead)
		var ref refQueue
		aside := map[uint32]bool{}
		next := uint32(0) // payloads are unique: aside[] says which were set aside
		size := 1 + rng.IntN(40)
		if trial%4 == 0 {
			size = 300 + rng.IntN(6000)
		}
		regime := trial % 3
		now, lastInOrder := 0.0, math.Inf(-1)
		draw := func() float64 {
			var tm float64
			switch regime {
			case 0:
				tm = now + float64(rng.IntN(4))
			case 1:
				tm = now + rng.ExpFloat64()*float64(size)
			default:
				tm = rng.NormFloat64() * 10
				if rng.IntN(10) == 0 {
					tm = specials[rng.IntN(len(specials))]
				}
			}
			return tm
		}
		push := func() {
			tm := draw()
			p := next
			next++
			if regime == 0 && rng.IntN(2) == 0 && now+1 >= lastInOrder {
				lastInOrder = now + 1
				q.PushInOrder(now+1, p)
				ref.push(now+1, p)
				return
			}
			q.Push(tm, p)
			ref.push(tm, p)
		}
		pop := func(op int) {
			if len(ref.items) == 0 {
				return
			}
			if got, want := q.PeekTime(), ref.items[0].t; got != want {
				t.Fatalf("trial %d op %d: PeekTime() = %v, want %v", trial, op, got, want)
			}
			wantT, wantP := ref.pop()
			gotT, gotP, gotAside := q.PopAside()
			if gotT != wantT || gotP != wantP || gotAside != aside[wantP] {
				t.Fatalf("trial %d op %d: PopAside() = (%v, %d, %v), want (%v, %d, %v)", trial, op, gotT, gotP, gotAside, wantT, wantP, aside[wantP])
			}
			if regime != 2 {
				now = gotT
			}
		}
		check := func(op int) {
			if q.Len() != len(ref.items) {
				t.Fatalf("trial %d op %d: Len() = %d, want %d", trial, op, q.Len(), len(ref.items))
			}
			// Ahead names the next entries not set aside, in order.
			j := 0
			for _, it := range ref.items {
				if j == ahead {
					break
				}
				if aside[it.payload] {
					continue
				}
				if got, ok := q.Ahead(j); !ok || got != it.payload {
					t.Fatalf("trial %d op %d: Ahead(%d) = (%d, %v), want %d", trial, op, j, got, ok, it.payload)
				}
				j++
			}
			if _, ok := q.Ahead(j); ok {
				t.Fatalf("trial %d op %d: Ahead(%d) names an entry, want none", trial, op, j)
			}
		}
		// Half the trials start from a start stream (PushStart): SetAside then takes its
		// leftovers too, picked or not (those not picked go to the heap).
		start := trial%8 >= 4
		for len(ref.items) < size {
			if !start {
				push()
				continue
			}
			tm := draw()
			q.PushStart(tm, next)
			ref.push(tm, next)
			next++
		}
		if start {
			q.SortStart()
		}
		for op := range 3 * size {
			if rng.IntN(3) == 0 {
				push()
			} else {
				pop(op)
			}
			check(op)
			if op == size || op == 2*size && trial%2 == 0 { // set aside once, sometimes twice
				pick := func(p uint32) bool { return p%3 != 0 }
				want := 0
				for _, it := range ref.items {
					if pick(it.payload) && !aside[it.payload] {
						aside[it.payload] = true
						want++
					}
				}
				if got := q.SetAside(pick); got != want {
					t.Fatalf("trial %d op %d: SetAside took %d entries, want %d", trial, op, got, want)
				}
				check(op)
			}
		}
		for len(ref.items) > 0 {
			pop(-1)
		}
		if q.Len() != 0 {
			t.Fatalf("trial %d: Len() = %d after the last pop", trial, q.Len())
		}
	}
}

// BenchmarkSetAside sets aside 94% of a queue of 10^6 entries (the drain's requests in drs at
// 10^6: times spread over about 2,000 time units after 6,000, in random order in the heap),
// the rest left in the heap: the partition, the heap rebuilt, and the radix sort.
//
//	go test -run '^$' -bench 'SetAside' -benchtime 10x ./kernel/
func BenchmarkSetAside(b *testing.B) {
	const n = 1_000_000
	rng := rand.New(rand.NewPCG(5, 6))
	times := make([]float64, n)
	for j := range times {
		times[j] = 6000 + 2000*rng.Float64()
	}
	var q eventq.Queue
	q.Reserve(n, 0, n) // as a simulator reserves its queue at setup (Sim.reserveEvents)
	q.SetAhead(3)
	for range b.N {
		b.StopTimer()
		q.Reset()
		q.SetAhead(3)
		for j, t := range times {
			q.Push(t, uint32(j))
		}
		b.StartTimer()
		if got := q.SetAside(func(p uint32) bool { return p%16 != 0 }); got < n*9/10 {
			b.Fatalf("set aside %d", got)
		}
	}
}

// TestSortPairs: the queue's in-place sort (sortPairs, kernel/drain_aside.go) orders pairs
// exactly as slices.SortFunc by (time, key) does, and writes nothing past the slice it is
// given, on inputs where times tie a lot (a few values, or all one), where they share their
// high bits (the digit then starts lower) or differ only in their lowest bits (the last
// digit is cut short), start-stream times (time keys of exponential gaps, keys in order),
// and arbitrary 64-bit ones; keys are unique, or tie too (equal pairs); sizes 0 to 10^5,
// around the length up to which it sorts by insertion and around the 256 buckets of a digit.
func TestSortPairs(t *testing.T) {
	type pair struct{ t, k uint64 }
	rng := rand.New(rand.NewPCG(9, 10))
	m := eventq.InsertionMaxN
	sizes := []int{0, 1, 2, 3, 10, m - 1, m, m + 1, 2*m + 1, 255, 256, 257, 1000, 4097, 100_000}
	draws := []struct {
		name string
		draw func(j int) pair
	}{
		{"few times", func(j int) pair { return pair{uint64(rng.IntN(4)), rng.Uint64()} }},
		{"one time", func(j int) pair { return pair{7, rng.Uint64N(1 << 40)} }},
		{"one time, keys tie", func(j int) pair { return pair{7, uint64(rng.IntN(5))} }},
		{"pairs tie", func(j int) pair { return pair{uint64(rng.IntN(3)) << 60, uint64(rng.IntN(3))} }},
		{"high bits shared", func(j int) pair { return pair{0xabc0_0000_0000_0000 | rng.Uint64N(1<<20), uint64(j)} }},
		{"low bits only", func(j int) pair { return pair{1<<63 | rng.Uint64N(1<<5), rng.Uint64()} }},
		{"both ends", func(j int) pair { return pair{rng.Uint64N(2)<<63 | rng.Uint64N(3), uint64(j)} }},
		{"start stream", func(j int) pair {
			return pair{math.Float64bits(100*rng.ExpFloat64()) | 1<<63, uint64(j)<<24 | uint64(j)}
		}},
		{"arbitrary", func(j int) pair { return pair{rng.Uint64(), rng.Uint64()} }},
	}
	const guard = 3 // entries past the slice sorted, which must stay as they are
	for _, d := range draws {
		for _, n := range sizes {
			want := make([]pair, n)
			times, keys := make([]uint64, n+guard), make([]uint64, n+guard)
			for j := range n + guard {
				p := d.draw(j)
				times[j], keys[j] = p.t, p.k
				if j < n {
					want[j] = p
				}
			}
			tail := [2][guard]uint64{[guard]uint64(times[n:]), [guard]uint64(keys[n:])}
			slices.SortFunc(want, func(a, b pair) int { return cmp.Or(cmp.Compare(a.t, b.t), cmp.Compare(a.k, b.k)) })
			eventq.SortPairs(times[:n], keys[:n])
			for j, w := range want {
				if times[j] != w.t || keys[j] != w.k {
					t.Fatalf("%s, n=%d: entry %d = (%#x, %#x), want (%#x, %#x)", d.name, n, j, times[j], keys[j], w.t, w.k)
				}
			}
			if ([2][guard]uint64{[guard]uint64(times[n:]), [guard]uint64(keys[n:])}) != tail {
				t.Fatalf("%s, n=%d: the entries past the slice changed", d.name, n)
			}
		}
	}
}

// TestSortPairsAllocates: the sort allocates nothing (its counters are on the stack).
func TestSortPairsAllocates(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	times, keys := make([]uint64, 10_000), make([]uint64, 10_000)
	if a := testing.AllocsPerRun(5, func() {
		for j := range times {
			times[j], keys[j] = rng.Uint64(), uint64(j)
		}
		eventq.SortPairs(times, keys)
	}); a != 0 {
		t.Fatalf("%v allocations a sort", a)
	}
}

// BenchmarkSortPairs sorts 10^6 pairs in place (sortPairs) as the queue does: the start
// stream of the million-node trial (time keys of every node's first request, exponential with
// mean 100, keys in push order) and the drain's set-aside (times spread over 2,000 time
// units after 6,000, keys in the heap's order, as BenchmarkSetAside), and reports the
// thread's CPU time per sort (cpu-ns/op; the copy of the input excluded).
//
//	go test -run '^$' -bench 'SortPairs' -benchtime 20x ./kernel/
func BenchmarkSortPairs(b *testing.B) {
	const n = 1_000_000
	rng := rand.New(rand.NewPCG(13, 14))
	inputs := []struct {
		name string
		draw func(j int) (tk, k uint64)
	}{
		{"start", func(j int) (uint64, uint64) {
			return math.Float64bits(100*rng.ExpFloat64()) | 1<<63, uint64(j)<<24 | uint64(j)
		}},
		{"aside", func(j int) (uint64, uint64) {
			return math.Float64bits(6000+2000*rng.Float64()) | 1<<63, rng.Uint64N(n) << 24
		}},
	}
	for _, in := range inputs {
		t0, k0 := make([]uint64, n), make([]uint64, n)
		for j := range n {
			t0[j], k0[j] = in.draw(j)
		}
		times, keys := make([]uint64, n), make([]uint64, n)
		b.Run(in.name, func(b *testing.B) {
			runtime.LockOSThread() // so that the thread's CPU time is the sort's
			defer runtime.UnlockOSThread()
			var cpu time.Duration
			for b.Loop() {
				copy(times, t0)
				copy(keys, k0)
				c := abtest.ThreadCPU()
				eventq.SortPairs(times, keys)
				cpu += abtest.ThreadCPU() - c
			}
			b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
		})
	}
}
