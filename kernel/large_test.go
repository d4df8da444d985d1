package kernel_test

import (
	"testing"

	"github.com/mutexlab/mutexlab/algorithms"
	"github.com/mutexlab/mutexlab/kernel"
)

// TestLargeMachineryUnchanged: the large-network machinery (Params.Large) changes no result.
// The pinned walter trials stay identical with it on, also with every port spilled, and
// every registered algorithm gives the same results with it on as off on the trials of
// switchTrials (small, sparse and larger networks under link changes, crashes) and a traced
// trial that lists the messages in transit (Sim.Pending).
func TestLargeMachineryUnchanged(t *testing.T) {
	t.Run("walter pins", func(t *testing.T) { checkPinnedWith(t, kernel.LargeOn, -1) })
	t.Run("walter pins spilled", func(t *testing.T) { checkPinnedWith(t, kernel.LargeOn, 16) })
	_, sparse, _, trials := switchTrials()
	everyAlgorithmUnchanged(t, trials, largeSwitch, "the large-network machinery")
	t.Run("pending", func(t *testing.T) { pendingUnchanged(t, sparse, largeSwitch, "the large-network machinery") })
}

// TestLargeModeRefused: a Large value other than auto, on and off is a parameter error
// naming the parameter.
func TestLargeModeRefused(t *testing.T) {
	p := kernel.DefaultParams()
	p.Large = kernel.LargeOff + 1
	_, err := kernel.NewSim().Run(p, mustAlgo(t, "rl"))
	if pe, ok := err.(*kernel.ParamError); !ok || pe.Name != "large" {
		t.Fatalf("error %v, want a ParamError naming large", err)
	}
}

// mustAlgo returns a new instance of the registered algorithm name.
func mustAlgo(t *testing.T, name string) kernel.Algorithm {
	t.Helper()
	info, ok := algorithms.Lookup(name)
	if !ok {
		t.Fatalf("no algorithm %s", name)
	}
	return info.New()
}

// BenchmarkPrefetchHints runs the million-node trial of each algorithm that implements
// Prefetcher with its hints ignored and heeded (the kernel's own prefetching on both ways),
// alternated trial by trial on one warmed simulator (benchPart), and compares the event
// loop's thread CPU: a hint that shows no gain here is not worth its file.
//
//	go test -run '^$' -bench 'PrefetchHints/hk' -benchtime 3x -v ./kernel/
func BenchmarkPrefetchHints(b *testing.B) {
	benchPartOf(b, []string{"rl", "drs", "hk", "gme", "akw1", "akw2"}, kernel.PartPrefetch, loopCost)
}
