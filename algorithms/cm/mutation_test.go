package cm_test

import (
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/cm"
	"github.com/mutexlab/mutexlab/algotest"
	"github.com/mutexlab/mutexlab/kernel"
)

// yieldCleanBound is yield-clean-fork's own bound, lower than the suite's to keep go test
// fast, not because the mutant is rare. Without the hygiene rule hungry neighbours pass clean
// forks back and forth without anyone eating: a livelock, not a deadlock, so every catching
// trial runs until the starvation watchdog fires (1000·n·(CS time + mean delay) time units:
// 2-35 s of forks chasing each other per trial, 12 s for seed 2). Seeds 1..5 cost one such
// trial; seeds 1..40 would cost 14 of them (seeds 2, 6, 7, 8, 9, 12, 18, 19, 21, 29, 30, 32,
// 37 and 38 catch it: 35%, all starvation), about 20 s per go test with seed 6 in parallel.
const yieldCleanBound = 5

// noForkBound is no-fork-at-link-up's own bound, for the same reason: with no fork on a link,
// its two hungry ends pass the request token back and forth forever (a livelock the watchdog
// ends), so the catch-rate run costs about 0.5 s per catching trial. go test stops at seed 1.
const noForkBound = 40

// TestMutants: each deliberately broken variant of Chandy and Misra's hygienic dining
// philosophers (section 3's rules, or cm's link-change handling) is caught by the online
// checks (local mutual exclusion, the fork check at every entry) or the liveness phase.
func TestMutants(t *testing.T) {
	t.Parallel()
	algotest.Suite{Name: "cm", Mutants: cm.Mutants, Bound: 300,
		New:     func(m string) (kernel.Algorithm, error) { return cm.NewMutant(m) },
		Special: []algotest.Mutant{{Name: "yield-clean-fork", Bound: yieldCleanBound}, {Name: "no-fork-at-link-up", Bound: noForkBound}},
	}.Run(t)
}
