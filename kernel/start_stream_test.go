package kernel_test

import (
	"fmt"
	"testing"

	"github.com/mutexlab/mutexlab/kernel"
)

// TestStartStreamUnchanged: queueing the first requests in the start stream
// (eventq/start.go) changes no result. Every registered algorithm runs, in a large trial
// (the start stream is used there), the trials of TestDrainAsideUnchanged (small and sparse
// networks under link changes, crashes at chosen times and at a rate), a larger one with the
// drain bounded at a few event counts, one with no drain (drain = none), with the start
// stream on and off; and rl runs a traced trial that lists the messages in transit every
// hundred events (Sim.Pending pops and requeues every pending event, the start stream's
// included).
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
	everyAlgorithmUnchanged(t, trials, startStream, "the start stream")
	t.Run("pending", func(t *testing.T) { pendingUnchanged(t, sparse, startStream, "the start stream") })
}

// BenchmarkStartStream runs the million-node trial of rl and drs with the first requests in the
// start stream and in the heap, alternated trial by trial on one warmed simulator
// (benchPart), and compares the warm-up's events per second of the thread's CPU: the events
// the start stream serves.
//
//	go test -run '^$' -bench 'StartStream/rl' -benchtime 8x -v ./kernel/
func BenchmarkStartStream(b *testing.B) { benchPart(b, kernel.PartStartStream, warmupCost) }
