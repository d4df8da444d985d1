package analysis

import (
	"math"
	"strings"
	"testing"
)

func TestFitExponent(t *testing.T) {
	x := []float64{10, 20, 40, 80}
	y := make([]float64, len(x))
	for k := range x {
		y[k] = 3 * x[k] * x[k]
	}
	e, se, err := FitExponent(x, y)
	if err != nil || math.Abs(e-2) > 1e-12 || se > 1e-9 {
		t.Fatalf("exact n²: exponent %g ± %g, err %v", e, se, err)
	}
	y2 := []float64{1.1, 1.9, 4.2, 7.8} // about linear, noisy
	e, se, _ = FitExponent(x, y2)
	if math.Abs(e-1) > 0.1 || !(se > 0) {
		t.Fatalf("noisy linear: exponent %g ± %g", e, se)
	}
	for _, bad := range [][2][]float64{{{1}, {1}}, {{1, 2}, {1, -1}}, {{2, 2}, {1, 3}}} {
		if _, _, err := FitExponent(bad[0], bad[1]); err == nil {
			t.Errorf("FitExponent(%v, %v) accepted", bad[0], bad[1])
		}
	}
}

func TestCheckBound(t *testing.T) {
	n := []float64{16, 32, 64}
	quad := []float64{1, 4, 16}
	lin := []float64{1, 2, 4}
	claim := BoundClaim{Algorithm: "x", Setting: "static", Bound: "O(n)", Exponent: 1}
	if b, _ := CheckBound(claim, n, lin, 0.25); b.Verdict != "PASS" {
		t.Errorf("linear growth against O(n): %s", b.Verdict)
	}
	if b, _ := CheckBound(claim, n, quad, 0.25); b.Verdict != "FAIL" {
		t.Errorf("quadratic growth against O(n): %s", b.Verdict)
	}
	claim.Exponent = math.NaN()
	b, _ := CheckBound(claim, n, quad, 0.25)
	if b.Verdict != "MEASURED" {
		t.Errorf("no claim: %s", b.Verdict)
	}
	var sb strings.Builder
	if err := WriteBoundChecks(&sb, []BoundCheck{b}); err != nil || !strings.Contains(sb.String(), "MEASURED") {
		t.Fatalf("WriteBoundChecks: %q %v", sb.String(), err)
	}
}
