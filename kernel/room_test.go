package kernel_test

import (
	"testing"

	"github.com/mutexlab/mutexlab/algorithms"
	"github.com/mutexlab/mutexlab/kernel"
)

// TestEventLoopKeepsItsArrays runs trials that have more events pending at once than the
// n + 64 event records setup reserved before (drs has used 1.42n of them at n = 10^4, akw1
// 1.69n), under a constant delay (deliveries in the queue's run) and an exponential one (in
// its heap), and checks that the event loop reallocated none of the event records, their
// free list and the queue's arrays (Sim.reserveEvents), and that a second trial of the same
// size on the same simulator reallocated none of them either, in setup or in the loop.
func TestEventLoopKeepsItsArrays(t *testing.T) {
	for _, c := range []struct {
		algo  string
		delay kernel.Delay
	}{
		{"drs", kernel.Delay{Kind: kernel.DelayConstant, A: 1}},
		{"akw1", kernel.Delay{Kind: kernel.DelayConstant, A: 1}},
		{"drs", kernel.Delay{Kind: kernel.DelayExponential, A: 1}},
	} {
		info, _ := algorithms.Lookup(c.algo)
		p := scaleParams(10_000)
		p.Delay = c.delay
		name := c.algo + ", delay " + c.delay.String()
		sim, algo := kernel.NewSim(), info.New()
		var last kernel.EventArrays
		for trial := range 2 {
			setup, loop, records, err := sim.RunWatchingArrays(p, algo)
			if err != nil {
				t.Fatal(err)
			}
			if records <= p.N+64 {
				t.Fatalf("%s: %d event records at most, not more than n + 64: the trial does not test the room", name, records)
			}
			for j := range setup {
				if loop[j] != setup[j] {
					t.Errorf("%s, trial %d (%d records at most): the event loop reallocated the %s", name, trial+1, records, kernel.EventArrayNames[j])
				}
				if trial > 0 && setup[j] != last[j] {
					t.Errorf("%s: the second trial's setup reallocated the %s", name, kernel.EventArrayNames[j])
				}
			}
			last = loop
		}
	}
}
