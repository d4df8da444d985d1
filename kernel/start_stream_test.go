package kernel_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/mutexlab/mutexlab/algorithms"
	"github.com/mutexlab/mutexlab/internal/abtest"
	"github.com/mutexlab/mutexlab/kernel"
)

// pushStart pushes into the start stream (Queue.PushStart); the caller sorts it (SortStart)
// before any other operation, so only the length is checked here (the ahead buffer fills at
// SortStart).
// TestQueueStartMatchesReference: entries pushed into the start stream (PushStart, then
// SortStart) come out of Pop merged with those pushed since into the heap (Push) and the run
// (PushInOrder) in the queue's (time, push order), exactly as the reference's; Len,
// PeekTime and Ahead agree throughout. Start times tie often (a few integers, among
// themselves and with later pushes), or are arbitrary floats with ±0, ±Inf and extremes;
// start streams cross the size from which they are radix-sorted (InsertionMaxN); the ahead
// buffer is off or 1 to 4 deep; each checker runs twice, the second time after a Reset (the
// start stream then lives in the set-aside's room again).
// TestQueueStartEdges: PushStart and SortStart refuse a queue holding other entries (those
// would come before the start stream in the ahead buffer, or be sorted with it), an empty
// start stream sorts to nothing, and the zero Queue takes a start stream.
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
