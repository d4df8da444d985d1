package kernel_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/mutexlab/mutexlab/algorithms"
	"github.com/mutexlab/mutexlab/internal/abtest"
	"github.com/mutexlab/mutexlab/kernel"
)

// TestQueueSetAside: entries set aside (Queue.SetAside) come out of Pop in the queue's
// (time, push order) exactly as without it, each flagged by PopAside as set aside, and no
// other; Len, PeekTime and Ahead agree with the reference throughout. Times tie often (a few
// integers: entries set aside tie with others in the heap, the ahead buffer and the run, and
// with each other), or are arbitrary floats with special values; sizes cross the point where
// the set-aside entries are radix-sorted (InsertionMaxN) and where the heap's descent
// prefetches; the ahead buffer is off or 1 to 4 deep; constant-delay entries go to the run
// (PushInOrder); half the trials' first entries are a start stream (PushStart).
// TestDrainAsideUnchanged: setting the drain's requests aside (kernel/drain_aside.go) changes
// no result. Every registered algorithm runs the same trials with it on and off: small and
// sparse networks under link changes, with the look-ahead on and off, with crashes at chosen
// times and at a rate on static networks (the window of most of them closed by the watchdog
// once every live node is blocked), a trial whose trace asks for the
// messages in transit (Sim.Pending, which pops and requeues every pending event) at every
// hundredth event, and drains bounded at every event count from 1 to a whole drain of one
// trial (so that some bound stops the drain inside a run of dropped requests, and one at its
// end).
func TestDrainAsideUnchanged(t *testing.T) {
	drainAside := partSwitch(kernel.PartDrainAside, 0)
	base, sparse, _, trials := switchTrials()
	for _, info := range algorithms.All() {
		for _, tr := range trials {
			for _, ahead := range []bool{false, true} {
				t.Run(fmt.Sprintf("%s/%s/ahead=%v", info.Name, tr.name, ahead), func(t *testing.T) {
					aside := partSwitch(kernel.PartDrainAside, kernel.PartLookahead|kernel.PartStartStream)
					if ahead {
						aside = partSwitch(kernel.PartDrainAside, 0)
					}
					want := runSwitched(t, info, tr.p, aside, false)
					if got := runSwitched(t, info, tr.p, aside, true); got != want {
						t.Errorf("with the requests set aside:\n%s\nwithout:\n%s", got, want)
					}
				})
			}
		}
	}
	t.Run("pending", func(t *testing.T) { pendingUnchanged(t, sparse, drainAside, "the requests set aside") })
	t.Run("bounded", func(t *testing.T) {
		drainAside := partSwitch(kernel.PartDrainAside, kernel.PartLookahead|kernel.PartStartStream)
		info, _ := algorithms.Lookup("rl")
		p := base
		p.N, p.Load, p.CSTime = 100, 0.02, 10 // three runs of dropped requests in 160 events of drain
		p.Large = kernel.LargeOn
		drops, _, err := kernel.DrainDrops(p, info.New())
		if err != nil {
			t.Fatal(err)
		}
		run := 0 // the first run of two dropped requests or more, one after the other
		for k := 1; k < len(drops) && run == 0; k++ {
			if drops[k] == drops[k-1]+1 {
				run = k
			}
		}
		if run == 0 {
			t.Fatalf("no two dropped requests one after the other in the drain (at %v): the bounds below test nothing", drops)
		}
		full := runSwitched(t, info, p, drainAside, false)
		for m := int64(1); m <= drops[len(drops)-1]+1; m++ {
			p.DrainMaxEvents = m
			got, want := runSwitched(t, info, p, drainAside, true), runSwitched(t, info, p, drainAside, false)
			if got != want {
				t.Fatalf("drain bounded at %d events (dropped requests at %d and %d), with the requests set aside:\n%s\nwithout:\n%s",
					m, drops[run-1], drops[run], got, want)
			}
			if got == full {
				t.Fatalf("drain bounded at %d events ran to its end: the bound tests nothing", m)
			}
		}
	})
}

// BenchmarkDrainAside runs the issue's trial (n = 10^6, mean degree 8, load 0.01, the
// default window and the full drain) on one warmed simulator with the drain's requests set
// aside and not, alternated trial by trial (each pair in the order off, on or on, off, in
// turn), and reports the event loop's events per second of the thread's CPU both ways, each
// pair logged (-v) for a paired test (internal/abtest).
//
//	go test -run '^$' -bench 'DrainAside/drs' -benchtime 8x -v ./kernel/
func BenchmarkDrainAside(b *testing.B) {
	forIssueTrial(b, []string{"drs", "rl", "hk", "gme", "akw1", "akw2", "cm"}, func(b *testing.B, sim *kernel.Sim, algo kernel.Algorithm, p kernel.Params) {
		first, _, err := sim.RunSplit(p, algo)
		if err != nil {
			b.Fatal(err)
		}
		abtest.Pairs(b, float64(first.Events), "loop-events/cpu-s", [2]string{"off", "on"}, func(j int) time.Duration {
			sim.Without(kernel.PartDrainAside * kernel.Part(1-j))
			r, split, err := sim.RunSplit(p, algo)
			sim.Without(0)
			if err != nil {
				b.Fatal(err)
			}
			if r.Events != first.Events {
				b.Fatalf("%d events, want %d", r.Events, first.Events)
			}
			return split.LoopCPU
		})
	})
}

// BenchmarkSetAside sets aside 94% of a queue of 10^6 entries (the drain's requests in drs at
// 10^6: times spread over about 2,000 time units after 6,000, in random order in the heap),
// the rest left in the heap: the partition, the heap rebuilt, and the radix sort.
//
//	go test -run '^$' -bench 'SetAside' -benchtime 10x ./kernel/
// TestSortPairs: the queue's in-place sort (sortPairs, kernel/drain_aside.go) orders pairs
// exactly as slices.SortFunc by (time, key) does, and writes nothing past the slice it is
// given, on inputs where times tie a lot (a few values, or all one), where they share their
// high bits (the digit then starts lower) or differ only in their lowest bits (the last
// digit is cut short), start-stream times (time keys of exponential gaps, keys in order),
// and arbitrary 64-bit ones; keys are unique, or tie too (equal pairs); sizes 0 to 10^5,
// around the length up to which it sorts by insertion and around the 256 buckets of a digit.
// TestSortPairsAllocates: the sort allocates nothing (its counters are on the stack).
// BenchmarkSortPairs sorts 10^6 pairs in place (sortPairs) as the queue does: the start
// stream of the issue's trial (time keys of every node's first request, exponential with
// mean 100, keys in push order) and the drain's set-aside (times spread over 2,000 time
// units after 6,000, keys in the heap's order, as BenchmarkSetAside), and reports the
// thread's CPU time per sort (cpu-ns/op; the copy of the input excluded).
//
//	go test -run '^$' -bench 'SortPairs' -benchtime 20x ./kernel/
