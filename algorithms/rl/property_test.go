package rl_test

import (
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/rl"
	"github.com/mutexlab/mutexlab/algotest"
	"github.com/mutexlab/mutexlab/kernel"
)

// TestRandomSeeds runs hundreds of random trials (random n, links, load, mobility and delays)
// under the online checks: mutual exclusion and a single token at every event (Theorem 1),
// and every request served once link changes stop (Theorem 2, via the kernel's liveness drain
// and starvation watchdog).
func TestRandomSeeds(t *testing.T) {
	count := algotest.Count(400, 60)
	events := algotest.RunSeeds(t, rl.New(), count)
	t.Logf("%d trials, %d events", count, events)
}

// TestDeterministic: a trial is a pure function of its parameters and seed, also when the
// simulator and algorithm instance were used for other trials before.
func TestDeterministic(t *testing.T) {
	p := algotest.RandomParams(7)
	p.Mobility, p.Delay = 0.5, kernel.Delay{Kind: kernel.DelayExponential, A: 1}
	fresh, err := kernel.NewSim().Run(p, rl.New())
	if err != nil {
		t.Fatal(err)
	}
	sim, a := kernel.NewSim(), rl.New()
	for seed := uint64(100); seed < 105; seed++ {
		if _, err := sim.Run(algotest.RandomParams(seed), a); err != nil {
			t.Fatal(err)
		}
	}
	reused, err := sim.Run(p, a)
	if err != nil {
		t.Fatal(err)
	}
	if fresh.Events != reused.Events || fresh.WaitMean != reused.WaitMean || fresh.MsgsTotal != reused.MsgsTotal || fresh.SimTime != reused.SimTime {
		t.Fatalf("same parameters, different results:\nfresh  %+v\nreused %+v", fresh, reused)
	}
	p.Seed++
	other, err := sim.Run(p, a)
	if err != nil {
		t.Fatal(err)
	}
	if other.Events == fresh.Events && other.WaitMean == fresh.WaitMean {
		t.Fatal("a different seed gave the same trial")
	}
}

// TestFIFOUnderRandomDelays replays the seeds on which a message could overtake an earlier one
// on the same link when a clamped arrival time was rounded (now + (at − now) < at). RL relies
// on FIFO links (Claim 1's case 1); with the bug these seeds starved.
func TestFIFOUnderRandomDelays(t *testing.T) {
	sim, a := kernel.NewSim(), rl.New()
	for _, seed := range []uint64{2424, 2547, 3313, 4449} {
		if _, err := sim.Run(algotest.RandomParams(seed), a); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
	}
}
