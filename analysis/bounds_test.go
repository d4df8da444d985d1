package analysis

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestFitExponentExact(t *testing.T) {
	x := []float64{10, 20, 40, 80}
	y := make([]float64, len(x))
	for k := range x {
		y[k] = 3 * x[k] * x[k]
	}
	f, err := FitExponent(x, y, 0.95)
	if err != nil || math.Abs(f.Exponent-2) > 1e-12 || f.SE > 1e-6 || f.Hi-f.Lo > 1e-5 || f.Points != 4 {
		t.Fatalf("exact n²: %+v, err %v", f, err)
	}
	f, _ = FitExponent(x[:2], y[:2], 0.95)
	if !math.IsNaN(f.SE) || !math.IsInf(f.Hi, 1) || f.Decide(5) != Measured {
		t.Fatalf("two points: %+v, %s; want no interval and MEASURED", f, f.Decide(5))
	}
	for _, bad := range [][2][]float64{{{1}, {1}}, {{1, 2}, {1, -1}}, {{2, 2}, {1, 3}}, {{1, 2}, {1, math.Inf(1)}}} {
		if _, err := FitExponent(bad[0], bad[1], 0.95); err == nil {
			t.Errorf("FitExponent(%v, %v) accepted", bad[0], bad[1])
		}
	}
	if _, err := FitExponent(x, y, 1.5); err == nil || !strings.Contains(err.Error(), "0.95") {
		t.Errorf("level 1.5: %v", err)
	}
}

// TestFitExponentCoverage: on data with a known exponent and log-normal noise (the model
// the interval assumes), the 95% interval contains the true exponent in about 95% of 4,000
// simulated checks of 3 trials at each of 5 sizes.
func TestFitExponentCoverage(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	xs := []float64{16, 64, 256, 1024, 4096}
	const runs, trials, truth = 4000, 3, 0.7
	var x, y []float64
	covered := 0
	for range runs {
		x, y = x[:0], y[:0]
		for _, n := range xs {
			for range trials {
				x = append(x, n)
				y = append(y, 5*math.Pow(n, truth)*math.Exp(0.3*r.NormFloat64()))
			}
		}
		f, err := FitExponent(x, y, 0.95)
		if err != nil {
			t.Fatal(err)
		}
		if f.Lo <= truth && truth <= f.Hi {
			covered++
		}
	}
	if c := float64(covered) / runs; c < 0.935 || c > 0.965 {
		t.Fatalf("coverage %.3f, want 0.95 ± 0.015", c)
	}
}

func TestDecide(t *testing.T) {
	for _, c := range []struct {
		lo, hi, e float64
		want      Verdict
	}{{0.1, 0.4, 1, Pass}, {0.1, 1, 1, Pass}, {0.8, 1.2, 1, Measured}, {1.1, 1.5, 1, Fail}, {1.1, 1.5, math.NaN(), Measured}} {
		if got := (Fit{Lo: c.lo, Hi: c.hi}).Decide(c.e); got != c.want {
			t.Errorf("[%g, %g] against %g: %s, want %s", c.lo, c.hi, c.e, got, c.want)
		}
	}
}

// TestCheckBound: linear growth with a little noise passes O(n) and fails O(n^0.5); trials
// at the same n are summarised by their geometric mean; the line printed shows the interval.
func TestCheckBound(t *testing.T) {
	x := []float64{16, 16, 32, 32, 64, 64, 128, 128}
	y := []float64{1.9, 2.1, 4.1, 3.9, 8.2, 7.8, 16.1, 15.9}
	claim := BoundClaim{Algorithm: "x", Setting: "static", Var: "n", Bound: "O(n)", Exponent: 1}
	b, err := CheckBound(claim, x, y, 0.95)
	if err != nil || b.Verdict != Measured || !(b.Fit.Lo < 1 && b.Fit.Hi > 1) {
		t.Fatalf("exactly linear against O(n): %s %+v (%v); want MEASURED, the interval straddling 1", b.Verdict, b.Fit, err)
	}
	claim.Exponent = 1.1
	if b, _ := CheckBound(claim, x, y, 0.95); b.Verdict != Pass {
		t.Errorf("linear against O(n^1.1): %s %+v", b.Verdict, b.Fit)
	}
	claim.Exponent = 0.5
	if b, _ := CheckBound(claim, x, y, 0.95); b.Verdict != Fail {
		t.Errorf("linear against O(n^0.5): %s %+v", b.Verdict, b.Fit)
	}
	if len(b.N) != 4 || b.N[0] != 16 || math.Abs(b.MaxWait[0]-math.Sqrt(1.9*2.1)) > 1e-12 {
		t.Errorf("summary %v %v", b.N, b.MaxWait)
	}
	var sb strings.Builder
	if err := WriteBoundChecks(&sb, []BoundCheck{b}); err != nil {
		t.Fatal(err)
	}
	if out := sb.String(); !strings.Contains(out, "exponent [95% CI]") || !strings.Contains(out, FormatFit(b.Fit)) || !strings.Contains(out, "16:2 32:4 64:8 128:16") {
		t.Fatalf("WriteBoundChecks:\n%s", out)
	}
}

// TestDRSStateRule: the drs memory row's rule on deterministic values: bits that grow as
// Δ plus whole 64-bit words (drs's state) PASS O(Δ); a Δ×Δ bit matrix per node FAILs it.
func TestDRSStateRule(t *testing.T) {
	claim := DRSResourceClaims[1]
	var x, linear, square []float64
	for _, d := range []float64{16, 18, 24, 30, 36, 48, 72, 96} {
		words := math.Ceil((d + 1) / 64)
		x = append(x, d)
		linear = append(linear, 40+8*(d+1)+576*words)
		square = append(square, 40+8*(d+1)+576*words+d*d)
	}
	if b, err := CheckBound(claim, x, linear, 0.95); err != nil || b.Verdict != Pass {
		t.Errorf("linear state: %s %s (%v), want PASS", b.Verdict, FormatFit(b.Fit), err)
	}
	if b, err := CheckBound(claim, x, square, 0.95); err != nil || b.Verdict != Fail {
		t.Errorf("Δ² state: %s %s (%v), want FAIL", b.Verdict, FormatFit(b.Fit), err)
	}
}
