package main

import (
	"context"
	"errors"
	"github.com/mutexlab/mutexlab/analysis"
	"math"
	"testing"
)

// TestCheckBounds: the bound check runs every claim on small networks and gives every
// theorem a verdict (the bounds hold, so PASS), every measured-only row MEASURED.
func TestCheckBounds(t *testing.T) {
	checks, err := checkBounds(context.Background(), []int{8, 16, 32}, 1, 3, 0.3)
	if err != nil {
		t.Fatal(err)
	}
	if want := len(analysis.AKWBoundClaims); len(checks) != want {
		t.Fatalf("%d checks, want %d (one per claim, 1b included)", len(checks), want)
	}
	for _, c := range checks {
		want := "PASS"
		if math.IsNaN(c.Claim.Exponent) { // drs, cm, akw2 in δ, akw1b in n
			want = "MEASURED"
		}
		if c.Verdict != want {
			t.Errorf("%s %s %s: %s (exponent %.2f), want %s", c.Claim.Name(), c.Claim.Setting, c.Claim.Var, c.Verdict, c.Exponent, want)
		}
		for k, w := range c.MaxWait {
			if !(w > 0) {
				t.Errorf("%s %s n=%g: max wait %g", c.Claim.Algorithm, c.Claim.Setting, c.N[k], w)
			}
		}
	}
}

func TestCheckUsage(t *testing.T) {
	var ue *usageError
	for _, args := range [][]string{{}, {"nothing"}, {"bounds", "--tol", "-1"}, {"bounds", "--bogus"}, {"bounds", "--plot", "x.gif"}} {
		if err := checkCmd(context.Background(), args); !errors.As(err, &ue) {
			t.Errorf("check %v: got %v, want a usage error", args, err)
		}
	}
}
