package kernel_test

import (
	"fmt"
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
				}
			})
		}
	}
}
