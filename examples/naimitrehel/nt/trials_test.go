package nt_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/mutexlab/mutexlab/algotest"
	"github.com/mutexlab/mutexlab/examples/naimitrehel/nt"
	"github.com/mutexlab/mutexlab/kernel"
)

// The random trials come from mutexlab's test kit (algotest), as the built-in algorithms'
// do: every trial runs under the kernel's online checks (mutual exclusion at every CS entry,
// exactly one token after every event, since NT is a kernel.TokenHolder) and then its
// liveness phase with the starvation watchdog.

// TestRandomTrials runs the real algorithm on random small trials (algotest.RandomParams:
// every knob random on the walter network) and, after each trial, quiet since the liveness
// phase served every request, checks the paper's invariant: the last pointers form one tree
// whose root holds the token. It also bounds the two metrics nt reports.
func TestRandomTrials(t *testing.T) {
	t.Parallel()
	a := nt.New()
	algotest.Trials(t, a, algotest.Count(2000, 200), algotest.RandomParams, func(seed uint64, res *kernel.Result) error {
		n := algotest.RandomParams(seed).N
		if err := lastTree(a, n); err != nil {
			return err
		}
		if path := metric(res, nt.MetricRequestPath); !(path >= 0 && path <= float64(n)) {
			return fmt.Errorf("%s = %g, want within [0, n]", nt.MetricRequestPath, path)
		}
		if hops := metric(res, nt.MetricRouteHops); !(hops >= 1 && hops <= float64(n-1)) && !math.IsNaN(hops) {
			return fmt.Errorf("%s = %g, want within [1, n-1] or null", nt.MetricRouteHops, hops)
		}
		return nil
	})
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

// metric returns a metric of the trial, NaN (null) if it did not report it.
func metric(res *kernel.Result, name string) float64 {
	for _, m := range res.Extra {
		if m.Name == name {
			return m.Value
		}
	}
	return math.NaN()
}

// TestDeterminism: a trial is a pure function of its parameters and seed, bit for bit, on a
// fresh simulator and instance and on reused ones (algotest.Deterministic). The trials are
// mobile (one link change per time unit), so routes change under messages in flight.
func TestDeterminism(t *testing.T) {
	t.Parallel()
	algotest.Deterministic(t, func() kernel.Algorithm { return nt.New() }, algotest.Count(40, 10), func(seed uint64) kernel.Params {
		p := algotest.RandomParams(seed)
		p.Mobility = 1
		return p
	})
}

// TestSwarm runs a short swarm of nt (algotest.Swarm), the trials bench swarm --algo nt
// draws: every common knob random, every online check, then the liveness phase. The full
// 10,000-trial swarm is a command: go run . swarm --algo nt --trials 10000.
func TestSwarm(t *testing.T) {
	t.Parallel()
	algotest.Swarm(t, algotest.Target{Name: nt.Name, New: func() kernel.Algorithm { return nt.New() }}, algotest.Count(1000, 200))
}
