package kernel_test

import (
	"fmt"
	"testing"

	"github.com/mutexlab/mutexlab/algorithms"
	"github.com/mutexlab/mutexlab/kernel"
)

// Helpers for the tests that the large-network machinery, or one of its parts, changes no
// result: each runs the same trials with it on and off (TestLargeMachineryUnchanged,
// TestDrainAsideUnchanged, TestStartStreamUnchanged, TestLookaheadUnchanged).

// switchFunc prepares one run with a mechanism on or off: it sets the trial's parameters
// and its simulator.
type switchFunc func(s *kernel.Sim, p *kernel.Params, on bool)

// largeSwitch turns the whole large-network machinery on or off (Params.Large).
func largeSwitch(_ *kernel.Sim, p *kernel.Params, on bool) {
	p.Large = kernel.LargeOff
	if on {
		p.Large = kernel.LargeOn
	}
}

// partSwitch turns one part of the large-network machinery on or off in a trial that runs
// the rest of it, but for the parts off, which stay off both ways.
func partSwitch(part, off kernel.Part) switchFunc {
	return func(s *kernel.Sim, p *kernel.Params, on bool) {
		p.Large = kernel.LargeOn
		s.Without(off)
		if !on {
			s.Without(off | part)
		}
	}
}

// switchTrial is one trial such a test runs both ways.
type switchTrial struct {
	name string
	p    kernel.Params
}

// switchTrials returns the trials every such test runs, and the parameters they start from:
// small and sparse networks under link changes, a larger one at the million-node trial's load, crashes at
// chosen times and at a rate on static networks (under link changes, nodes a crash blocks
// keep a trial going to its event budget).
func switchTrials() (base, sparse, large kernel.Params, trials []switchTrial) {
	base = kernel.DefaultParams()
	base.Warmup, base.Measure, base.Load, base.Mobility, base.Seed = 50, 300, 0.05, 0.5, 11
	sparse = base
	sparse.N, sparse.Degree, sparse.Mobility = 300, 6, 2
	large = base
	large.N, large.Degree, large.Load, large.Mobility, large.Seed = 3000, 8, 0.01, 1, 12
	crashes := base
	crashes.Mobility, crashes.Crashes = 0, []kernel.Crash{{Node: 3, Time: 20}, {Node: 9, Time: 400}}
	rate := base
	rate.N, rate.Degree, rate.Mobility, rate.CrashRate = 100, 6, 0, 0.002
	trials = []switchTrial{{"n=30", base}, {"n=300", sparse}, {"n=3000", large}, {"crashes", crashes}, {"crash_rate", rate}}
	return base, sparse, large, trials
}

// runSwitched runs one trial with the mechanism on or off and renders its result (or its
// error) and its event records' free list (the slots must be freed when they were before).
func runSwitched(t *testing.T, info algorithms.Info, p kernel.Params, switchTo switchFunc, on bool) string {
	t.Helper()
	sim := kernel.NewSim()
	switchTo(sim, &p, on)
	r, err := sim.Run(p, info.New())
	free, records := sim.FreeSlots()
	if err != nil {
		return fmt.Sprintf("error: %v\nrecords %d, free %v", err, records, free)
	}
	return fmt.Sprintf("%+v\nrecords %d, free %v", r, records, free)
}

// pendingUnchanged runs rl's trial p with the mechanism on and off, its trace listing the
// messages in transit every hundred events (Sim.Pending pops and requeues every pending
// event), and fails if the results differ.
func pendingUnchanged(t *testing.T, p kernel.Params, switchTo switchFunc, what string) {
	t.Helper()
	info, _ := algorithms.Lookup("rl")
	run := func(on bool) string {
		sim := kernel.NewSim()
		p := p
		switchTo(sim, &p, on)
		events := 0
		sim.SetTrace(func(kernel.TraceEvent) {
			if events++; events%100 == 0 {
				sim.Pending(nil)
			}
		})
		r, err := sim.Run(p, info.New())
		if err != nil {
			t.Fatal(err)
		}
		return fmt.Sprintf("%+v", r)
	}
	if got, want := run(true), run(false); got != want {
		t.Errorf("traced, with %s:\n%s\nwithout:\n%s", what, got, want)
	}
}

// everyAlgorithmUnchanged runs every registered algorithm on each trial with the mechanism
// (what) on and off, and fails where the results differ.
func everyAlgorithmUnchanged(t *testing.T, trials []switchTrial, switchTo switchFunc, what string) {
	t.Helper()
	for _, info := range algorithms.All() {
		for _, tr := range trials {
			t.Run(info.Name+"/"+tr.name, func(t *testing.T) {
				want := runSwitched(t, info, tr.p, switchTo, false)
				if got := runSwitched(t, info, tr.p, switchTo, true); got != want {
					t.Errorf("with %s:\n%s\nwithout:\n%s", what, got, want)
				}
			})
		}
	}
}
