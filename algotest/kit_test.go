package algotest_test

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/rl"
	"github.com/mutexlab/mutexlab/algotest"
	"github.com/mutexlab/mutexlab/kernel"
)

// variant is Reverse Link under another name, as an algorithm no registry knows, with one of
// two mutants: "greedy" enters at once on a request (a safety violation as soon as two
// overlap), "deaf" never asks (starvation).
type variant struct {
	*rl.RL
	mutant string
}

func (v *variant) Name() string { return "rl-variant" }

func (v *variant) RequestCS(i int32, out *kernel.Outbox) {
	switch v.mutant {
	case "greedy":
		out.EnterCS()
	case "deaf":
	default:
		v.RL.RequestCS(i, out)
	}
}

func newVariant(mutant string) (kernel.Algorithm, error) {
	if mutant != "" && mutant != "greedy" && mutant != "deaf" {
		return nil, fmt.Errorf("no mutant %q", mutant)
	}
	return &variant{RL: rl.New(), mutant: mutant}, nil
}

// TestSuiteRunsAnUnregisteredAlgorithm: the harness takes a constructor, not a registry
// name; each mutant is caught by the check it names, and the real algorithm passes.
func TestSuiteRunsAnUnregisteredAlgorithm(t *testing.T) {
	rows := algotest.Suite{Name: "rl-variant", Bound: 50, New: newVariant,
		Mutants: [][2]string{{"greedy", "enter at once"}, {"deaf", "never ask"}},
		Special: []algotest.Mutant{{Name: "greedy", By: algotest.Safety}, {Name: "deaf", By: algotest.Starvation}},
	}.Run(t)
	for _, r := range rows {
		if !r.Caught {
			t.Errorf("mutant %s not caught", r.Mutant.Name)
		}
	}
}

// failRecorder is a testing.TB that records a fatal failure instead of stopping the test.
type failRecorder struct {
	testing.TB
	failed string
}

func (f *failRecorder) Helper() {}
func (f *failRecorder) Fatalf(format string, args ...any) {
	if f.failed == "" {
		f.failed = fmt.Sprintf(format, args...)
	}
}
func (f *failRecorder) Fatal(args ...any) { f.Fatalf("%s", fmt.Sprint(args...)) }

// TestSwarm: a short swarm passes the real algorithm and names the seed and parameters of
// the first failing trial of a broken one.
func TestSwarm(t *testing.T) {
	real := algotest.Target{Name: "rl-variant", New: func() kernel.Algorithm { a, _ := newVariant(""); return a }}
	if events := algotest.Swarm(t, real, 20); events == 0 {
		t.Fatal("20 swarm trials processed no event")
	}
	broken := algotest.Target{Name: "rl-greedy", New: func() kernel.Algorithm { a, _ := newVariant("greedy"); return a }}
	rec := &failRecorder{TB: t}
	algotest.Swarm(rec, broken, 20)
	if !strings.Contains(rec.failed, "rl-greedy: seed ") || !strings.Contains(rec.failed, "params: n=") {
		t.Fatalf("the broken algorithm's swarm says %q", rec.failed)
	}
}

// leaky is Reverse Link with a metric that counts the trials its instance has run: state kept
// past Reset, which makes a trial depend on what ran before it.
type leaky struct {
	*rl.RL
	trials float64
}

func (l *leaky) Reset(env *kernel.Env) error { l.trials++; return l.RL.Reset(env) }
func (l *leaky) Metrics(dst []kernel.Metric) []kernel.Metric {
	return append(dst, kernel.Metric{Name: "trials_run", Value: l.trials})
}

// TestDeterministic: the real algorithm gives the same bits fresh and reused; an instance
// that keeps state past Reset is caught, naming the field.
func TestDeterministic(t *testing.T) {
	algotest.Deterministic(t, func() kernel.Algorithm { return rl.New() }, 5, algotest.RandomParams)
	rec := &failRecorder{TB: t}
	algotest.Deterministic(rec, func() kernel.Algorithm { return &leaky{RL: rl.New()} }, 5, algotest.RandomParams)
	if !strings.Contains(rec.failed, "seed 2: two runs of the same trial differ: Extra[0].Value: 1 != 2") {
		t.Fatalf("the leaky algorithm: %q", rec.failed)
	}
}

// TestFirstResultDifference compares floats bit for bit: NaN equals NaN, 0 and -0 differ.
func TestFirstResultDifference(t *testing.T) {
	nan := kernel.Result{WaitCI: math.NaN()}
	if d := algotest.FirstResultDifference(nan, nan); d != "" {
		t.Errorf("NaN against itself: %s", d)
	}
	zero, neg := kernel.Result{}, kernel.Result{WaitMean: math.Copysign(0, -1)}
	if d := algotest.FirstResultDifference(zero, neg); d != "WaitMean: 0 != -0" {
		t.Errorf("0 against -0: %q", d)
	}
	a, b := kernel.Result{Msgs: []int64{1, 2}}, kernel.Result{Msgs: []int64{1, 3}}
	if d := algotest.FirstResultDifference(a, b); d != "Msgs[1]: 2 != 3" {
		t.Errorf("slices: %q", d)
	}
}
