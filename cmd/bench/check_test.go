package main

import (
	"bytes"
	"context"
	"errors"
	"math"
	"testing"

	"github.com/mutexlab/mutexlab/analysis"
)

// testPlan is a small bound check: n = 16, 32, 64; expected degree 3, 6, 12 at n = 64; two
// trials per point, 2n entries discarded and 200 measured. The rule is the one of the full
// check; only the ranges and samples are smaller.
func testPlan() checkPlan {
	return checkPlan{ns: []int{16, 32, 64}, nDeg: 6, degrees: []float64{3, 6, 12}, degN: 64,
		trials: 2, warmup: 5, measure: 1000, level: 0.95, seed: 3}
}

// TestCheckBounds: on small networks no theorem fails, every row has a fitted exponent from
// all its trials, and every measured-only row is MEASURED; the output repeats on the seed.
func TestCheckBounds(t *testing.T) {
	pl := testPlan()
	checks, err := pl.checkAll(context.Background(), analysis.AKWBoundClaims)
	if err != nil {
		t.Fatal(err)
	}
	if want := len(analysis.AKWBoundClaims); len(checks) != want {
		t.Fatalf("%d checks, want %d (one per claim, 1b included)", len(checks), want)
	}
	for _, c := range checks {
		if c.Verdict == analysis.Fail || (math.IsNaN(c.Claim.Exponent) && c.Verdict != analysis.Measured) {
			t.Errorf("%s %s %s: %s, exponent %s", c.Claim.Name(), c.Claim.Setting, c.Claim.Var, c.Verdict, analysis.FormatFit(c.Fit))
		}
		if c.Fit.Points != 6 || math.IsNaN(c.Fit.SE) {
			t.Errorf("%s %s %s: fit %+v, want 6 trials and an interval", c.Claim.Name(), c.Claim.Setting, c.Claim.Var, c.Fit)
		}
	}
	again, err := pl.checkAll(context.Background(), analysis.AKWBoundClaims[:2])
	if err != nil {
		t.Fatal(err)
	}
	var a, b bytes.Buffer
	analysis.WriteBoundChecks(&a, checks[:2])
	analysis.WriteBoundChecks(&b, again)
	if a.String() != b.String() {
		t.Fatalf("same seed, different output:\n%s\n%s", a.String(), b.String())
	}
}

// TestCheckPower proves the power of every bound check: for each theorem row, a slowed
// variant of the algorithm (extra round trips growing as x^(e+1)) FAILs the same claim under
// the same rule on the power range. With -short, one row per variable.
func TestCheckPower(t *testing.T) {
	pl := testPlan()
	var claimed []analysis.BoundCheck
	for _, c := range analysis.AKWBoundClaims {
		if math.IsNaN(c.Exponent) {
			continue
		}
		if testing.Short() && !(c.Name() == "akw2" && c.Setting == "static" || c.Name() == "akw1" && c.Setting == "static" && c.Var == "δ") {
			continue
		}
		claimed = append(claimed, analysis.BoundCheck{Claim: c, Verdict: analysis.Pass})
	}
	slow, err := pl.checkPower(context.Background(), claimed)
	if err != nil {
		t.Fatal(err)
	}
	if len(slow) != len(claimed) {
		t.Fatalf("%d slowed rows for %d claims", len(slow), len(claimed))
	}
	for _, s := range slow {
		t.Logf("%s %s %s: %s %s (%s)", s.Claim.Name(), s.Claim.Setting, s.Claim.Var, s.Verdict, analysis.FormatFit(s.Fit), s.Held)
		if s.Verdict != analysis.Fail {
			t.Errorf("%s %s %s against exponent %g: %s %s, want FAIL", s.Claim.Name(), s.Claim.Setting, s.Claim.Var, s.Claim.Exponent, s.Verdict, analysis.FormatFit(s.Fit))
		}
	}
	if err := checkVerdicts(nil, slow); err != nil {
		t.Fatalf("exit status with every slowed row failing: %v", err)
	}
	slow[0].Verdict = analysis.Measured
	if err := checkVerdicts(nil, slow); !errors.Is(err, errNoPower) {
		t.Fatalf("a slowed row not failing: %v, want errNoPower", err)
	}
}

func TestCheckUsage(t *testing.T) {
	var ue *usageError
	for _, args := range [][]string{{}, {"nothing"}, {"bounds", "--level", "1"}, {"bounds", "--level", "0"}, {"bounds", "--tol", "0.3"},
		{"bounds", "--trials", "1"}, {"bounds", "--trials", "101"}, {"bounds", "--max-n", "100"}, {"bounds", "--max-n", "262144"},
		{"bounds", "--bogus"}, {"bounds", "--plot", "x.gif"}} {
		if err := checkCmd(context.Background(), args); !errors.As(err, &ue) {
			t.Errorf("check %v: got %v, want a usage error", args, err)
		}
	}
}
