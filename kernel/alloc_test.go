package kernel_test

import (
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/rl"
	"github.com/mutexlab/mutexlab/kernel"
)

// maxTrialAllocs is what one trial on a warm simulator may allocate, whatever its length.
// The ideal is 1, the Result.Msgs clone; today Run and setup also allocate, once per trial:
//   - Run's Params: p is moved to the heap because Validate passes it to the network
//     model's Validate function value (params.go), which escape analysis cannot see through,
//   - the Checker: checkerFor returns a new &MutexChecker{} (check.go),
//   - the network model: newNetwork returns a new &WalterModel{} (network.go),
//   - the topology stream: setup's local `var topoRand Stream` escapes to the heap because
//     Stream.Seed stores &s.pcg in the *rand.Rand it allocates (kernel/rng), which is a second
//     allocation.
//
// Lower this constant as those go away.
const maxTrialAllocs = 6

// TestTrialAllocs pins the design rule "steady-state event processing allocates nothing": on
// a simulator warmed by one trial, a whole Reverse Link trial (n = 30, mobility 0.1, load 0.1:
// requests, token passing, link changes and their LinkInfo traffic) allocates at most
// maxTrialAllocs times, and a trial with twice the measured CS entries (about twice the
// events) allocates no more.
func TestTrialAllocs(t *testing.T) {
	p := kernel.DefaultParams()
	p.Mobility = 0.1
	p.Load = 0.1
	p.Seed = 7
	p.Warmup = 100
	p.Measure = 1000
	if testing.Short() {
		p.Measure = 300
	}
	checkTrialAllocs(t, p, rl.New())
}

// checkTrialAllocs fails t if a trial of algo under p on a warm simulator allocates more than
// maxTrialAllocs times, or more when the trial measures twice as many CS entries.
func checkTrialAllocs(t *testing.T, p kernel.Params, algo kernel.Algorithm) {
	t.Helper()
	long := p
	long.Measure *= 2

	sim := kernel.NewSim()
	var short, longer kernel.Result
	run := func(p kernel.Params, r *kernel.Result) func() {
		return func() {
			res, err := sim.Run(p, algo)
			if err != nil {
				t.Fatal(err)
			}
			*r = res
		}
	}
	// AllocsPerRun makes one untimed warm-up call first; warm on the longer trial so the
	// shorter one never needs more storage than the simulator already has.
	allocsLong := testing.AllocsPerRun(3, run(long, &longer))
	allocsShort := testing.AllocsPerRun(3, run(p, &short))
	t.Logf("%v allocs for %d events, %v allocs for %d events", allocsShort, short.Events, allocsLong, longer.Events)
	if longer.Events < short.Events*3/2 {
		t.Fatalf("the longer trial has %d events, the shorter %d: the test needs about twice as many", longer.Events, short.Events)
	}
	if allocsShort > maxTrialAllocs || allocsLong > maxTrialAllocs {
		t.Errorf("a trial on a warm simulator allocates %v times (%d events) and %v times (%d events), want at most %d",
			allocsShort, short.Events, allocsLong, longer.Events, maxTrialAllocs)
	}
	if allocsLong > allocsShort {
		t.Errorf("allocations grow with trial length: %v for %d events, %v for %d events",
			allocsShort, short.Events, allocsLong, longer.Events)
	}
}
