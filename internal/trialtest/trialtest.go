// Package trialtest holds what the algorithm packages' tests share: random trial parameters
// (every knob drawn per seed, swarm-testing style) and a loop that runs many seeded trials
// under the kernel's online safety checks and starvation watchdog.
package trialtest

import (
	"math"
	"testing"

	"github.com/mutexlab/mutexlab/kernel"
)

// RandomParams draws a small trial with every knob random: n in [2, 40], a feasible number of
// links, load log-uniform in [1e-3, 2], mobility from static to very high, and constant,
// exponential or uniform delays. The same seed always gives the same parameters.
func RandomParams(seed uint64) kernel.Params {
	var r kernel.Stream
	r.Seed(kernel.DeriveSeed(seed, 0x5eed))
	p := kernel.DefaultParams()
	p.Seed = seed
	p.N = 2 + r.IntN(39)
	lo, hi := kernel.MinLinks(p.N), kernel.MaxLinks(p.N)
	p.Links = lo + r.IntN(hi-lo+1)
	p.Connectivity = 0
	p.Load = math.Exp(math.Log(1e-3) + r.Float64()*(math.Log(2)-math.Log(1e-3)))
	p.Mobility = []float64{0, 0.01, 0.1, 1, 5}[r.IntN(5)]
	switch r.IntN(3) {
	case 0:
		p.Delay = kernel.Delay{Kind: kernel.DelayConstant, A: 1}
	case 1:
		p.Delay = kernel.Delay{Kind: kernel.DelayExponential, A: 0.2 + r.Float64()}
	default:
		p.Delay = kernel.Delay{Kind: kernel.DelayUniform, A: 0.1, B: 3}
	}
	p.Warmup = 20
	p.Measure = 150
	return p
}

// RunSeeds runs one trial per seed in [1, count] with RandomParams and fails the test on the
// first safety violation, starvation or invariant violation, printing the parameters so the
// seed can be replayed. It returns the total number of events processed.
func RunSeeds(t *testing.T, algo kernel.Algorithm, count int) int64 {
	t.Helper()
	sim := kernel.NewSim()
	var events int64
	for seed := uint64(1); seed <= uint64(count); seed++ {
		p := RandomParams(seed)
		r, err := sim.Run(p, algo)
		if err != nil {
			t.Fatalf("%v\n  params: n=%d links=%d load=%g mobility=%g delay=%s", err, p.N, p.Links, p.Load, p.Mobility, p.Delay)
		}
		if r.CSEntries != int64(p.Measure) {
			t.Fatalf("seed %d: measured %d CS entries, want %d", seed, r.CSEntries, p.Measure)
		}
		events += r.Events
	}
	return events
}
