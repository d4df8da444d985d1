package nt_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/mutexlab/mutexlab/examples/naimitrehel/nt"
	"github.com/mutexlab/mutexlab/kernel"
)

// The trials here use the kernel alone: its online checks (mutual exclusion at every CS
// entry, exactly one token after every event, since NT is a kernel.TokenHolder) and its
// liveness phase with the starvation watchdog, over random small trials.

// randomParams draws a small trial on the walter network with every knob random: n in [2,
// 40], a feasible number of links, load log-uniform in [1e-3, 2], mobility from static to very
// high, constant, exponential or uniform delays. The same seed always gives the same trial.
func randomParams(seed uint64) kernel.Params {
	var r kernel.Stream
	r.Seed(kernel.DeriveSeed(seed, 0x5eed))
	p := kernel.DefaultParams()
	p.Seed = seed
	p.N = 2 + r.IntN(39)
	lo, hi := kernel.MinLinks(p.N), kernel.MaxLinks(p.N)
	p.Links, p.Connectivity = lo+r.IntN(hi-lo+1), 0
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
	p.Warmup, p.Measure = 20, 150
	return p
}

func describe(p *kernel.Params) string {
	return fmt.Sprintf("seed=%d n=%d links=%d load=%g mobility=%g delay=%s", p.Seed, p.N, p.Links, p.Load, p.Mobility, p.Delay)
}

// realSeeds is how many random trials the real algorithm passes, and the bound within which
// every mutant must be caught.
const realSeeds = 2000

// TestRandomTrials runs the real algorithm on seeds 1..realSeeds under every online check and
// the watchdog; after each trial, quiet since the liveness phase served every request, it
// checks the paper's invariant: the last pointers form one tree whose root holds the token.
func TestRandomTrials(t *testing.T) {
	t.Parallel()
	sim, a := kernel.NewSim(), nt.New()
	for seed := uint64(1); seed <= realSeeds; seed++ {
		p := randomParams(seed)
		res, err := sim.Run(p, a)
		if err != nil {
			t.Fatalf("%v\n  params: %s", err, describe(&p))
		}
		if res.CSEntries != int64(p.Measure) || !res.LivenessChecked {
			t.Fatalf("%s: %d CS entries measured (want %d), liveness checked %v", describe(&p), res.CSEntries, p.Measure, res.LivenessChecked)
		}
		if err := lastTree(a, p.N); err != nil {
			t.Fatalf("%s: %v", describe(&p), err)
		}
		if path := metric(res, nt.MetricRequestPath); !(path >= 0 && path <= float64(p.N)) {
			t.Fatalf("%s: %s = %g, want within [0, n]", describe(&p), nt.MetricRequestPath, path)
		}
		if hops := metric(res, nt.MetricRouteHops); !(hops >= 1 && hops <= float64(p.N-1)) && !math.IsNaN(hops) {
			t.Fatalf("%s: %s = %g, want within [1, n-1]", describe(&p), nt.MetricRouteHops, hops)
		}
	}
}

// lastTree checks that following last from every node ends, within n steps, at the one node
// whose last is nil, and that this root holds the token and no next is set.
func lastTree(a *nt.NT, n int) error {
	root := int32(-1)
	for i := range int32(n) {
		if a.Next(i) != -1 {
			return fmt.Errorf("node %d: next = %d with nobody waiting", i, a.Next(i))
		}
		x, steps := i, 0
		for ; a.Last(x) != -1; x = a.Last(x) {
			if steps++; steps > n {
				return fmt.Errorf("the last pointers from node %d run in a cycle", i)
			}
		}
		if root >= 0 && x != root {
			return fmt.Errorf("two roots, %d and %d", root, x)
		}
		root = x
	}
	if !a.HoldsToken(root) {
		return fmt.Errorf("the root %d does not hold the token", root)
	}
	return nil
}

func metric(res kernel.Result, name string) float64 {
	for _, m := range res.Extra {
		if m.Name == name {
			return m.Value
		}
	}
	return math.NaN()
}

// TestDeterminism: a trial is a pure function of its parameters and seed. The same trials
// on a reused simulator and instance, and on fresh ones, give identical results, and another
// seed gives another result.
func TestDeterminism(t *testing.T) {
	t.Parallel()
	reused, a := kernel.NewSim(), nt.New()
	var prev string
	for seed := uint64(1); seed <= 20; seed++ {
		p := randomParams(seed)
		p.Mobility = 1 // link changes under messages in flight: the routes change too
		r1, err1 := reused.Run(p, a)
		r2, err2 := kernel.NewSim().Run(p, nt.New())
		if err1 != nil || err2 != nil {
			t.Fatalf("%s: %v, %v", describe(&p), err1, err2)
		}
		got, again := fmt.Sprintf("%+v", r1), fmt.Sprintf("%+v", r2)
		if got != again {
			t.Fatalf("%s: a reused simulator and a fresh one differ:\n%s\n%s", describe(&p), got, again)
		}
		if got == prev {
			t.Fatalf("%s: the same result as the seed before", describe(&p))
		}
		prev = got
	}
}

// TestMutantsCaught: each deliberately broken variant (one line of the paper's pseudocode
// dropped or changed) is caught by an online check or the watchdog within the seeds the real
// algorithm passes (TestRandomTrials).
func TestMutantsCaught(t *testing.T) {
	t.Parallel()
	if len(nt.Mutants) < 5 {
		t.Fatalf("%d mutants, want at least 5", len(nt.Mutants))
	}
	for _, m := range nt.Mutants {
		t.Run(m[0], func(t *testing.T) {
			t.Parallel()
			a, err := nt.NewMutant(m[0])
			if err != nil {
				t.Fatal(err)
			}
			sim := kernel.NewSim()
			for seed := uint64(1); seed <= realSeeds; seed++ {
				p := randomParams(seed)
				if _, err := sim.Run(p, a); err != nil {
					t.Logf("%s (%s) caught at seed %d: %v", m[0], m[1], seed, err)
					return
				}
			}
			t.Errorf("mutant %s (%s) passes seeds 1..%d", m[0], m[1], realSeeds)
		})
	}
}

// TestNewMutantRefusesUnknown: an unknown mutant name is an error naming it.
func TestNewMutantRefusesUnknown(t *testing.T) {
	if _, err := nt.NewMutant("no-such"); err == nil {
		t.Fatal("NewMutant(\"no-such\") returned no error")
	}
}
