package kernel_test

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/mutexlab/mutexlab/algorithms"
	"github.com/mutexlab/mutexlab/kernel"
)

// TestRunSplitMatchesRun: the benchmarks' RunSplit (export_test.go), which times setup and
// the event loop apart, runs the same trial as Run: every registered algorithm gives the
// same whole result through both, also on a simulator reused from another trial.
func TestRunSplitMatchesRun(t *testing.T) {
	for _, info := range algorithms.All() {
		for _, p := range lookaheadTrials() {
			t.Run(fmt.Sprintf("%s/n=%d", info.Name, p.N), func(t *testing.T) {
				want := runTrial(t, info, p)
				runtime.LockOSThread() // so that the thread's CPU times are the trial's (checkPhases)
				defer runtime.UnlockOSThread()
				sim := kernel.NewSim()
				for range 2 {
					r, split, err := sim.RunSplit(p, info.New())
					if err != nil {
						t.Fatal(err)
					}
					if got := fmt.Sprintf("%+v", r); got != want {
						t.Errorf("RunSplit:\n%s\nRun:\n%s", got, want)
					}
					if split.SetupWall <= 0 || split.LoopWall <= 0 {
						t.Errorf("%+v: want both wall times positive", split)
					}
					checkPhases(t, split)
				}
			})
		}
	}
}

// checkPhases: the warm-up and the drain are parts of the loop, each timed (every trial of
// lookaheadTrials opens and closes its window), and together shorter than the whole loop.
func checkPhases(t *testing.T, split kernel.Split) {
	t.Helper()
	if split.WarmupWall <= 0 || split.DrainWall <= 0 {
		t.Errorf("%+v: want the warm-up and the drain timed", split)
	}
	if split.WarmupWall+split.DrainWall > split.LoopWall {
		t.Errorf("%+v: the warm-up and the drain outlast the loop", split)
	}
	if split.WarmupCPU < 0 || split.DrainCPU < 0 || split.WarmupCPU+split.DrainCPU > split.LoopCPU {
		t.Errorf("%+v: the phases' CPU times do not fit in the loop's", split)
	}
}
