package analysis

import (
	"fmt"
	"io"
	"math"
)

// The crash parameters (kernel.CrashParamColumns) describe a trial's set-up: group and
// match by them like the other Parameters.
// BoundClaim is a response-time theorem read as growth in one variable with the other held:
// Var "n" (n grows at a fixed maximum degree δ) or "δ" (δ grows at a fixed n), and the
// exponent e such that the bound is O(Var^e) then (NaN: no claim, the row is measured only;
// a bound that does not mention δ, like O(n), says nothing about growth in δ at fixed n).
type BoundClaim struct {
	Algorithm string
	Setting   string // "static" or "mobile"
	Var       string // "n" or "δ"
	Bound     string // the theorem as printed
	Exponent  float64
	Source    string
	// Label names the row when it differs from Algorithm (a variation of it).
	Label string
	// Linial selects akw1's variation 1b: Linial-style colouring with n and δ known.
	Linial bool
}

// Name is the row's name: Label, or the algorithm.
func (c BoundClaim) Name() string {
	if c.Label != "" {
		return c.Label
	}
	return c.Algorithm
}

// AKWBoundClaims are Attiya, Kogan and Welch's response-time bounds (Table 1, Theorems 5, 8,
// 9), variation 1b's (Theorem 7) and the measured-only rows for drs and cm. 1b's growth in n
// is log* n, which a fitted exponent cannot tell from the slow growth of a sample maximum over
// 10n entries, so its n rows are measured only; its δ rows are checked (exponent 5).
var AKWBoundClaims = []BoundClaim{
	{"akw1", "static", "n", "O((n+δ²)δ)", 1, "Table 1, 1a", "", false},
	{"akw1", "mobile", "n", "O((n+δ³)δ)", 1, "Theorem 5", "", false},
	{"akw1", "static", "n", "O((log*n+δ⁴)δ)", math.NaN(), "Theorem 7, 1b", "akw1b", true},
	{"akw1", "mobile", "n", "O((log*n+δ⁴)δ)", math.NaN(), "Theorem 7, 1b", "akw1b", true},
	{"akw2", "static", "n", "O(n)", 1, "Theorem 9", "", false},
	{"akw2", "mobile", "n", "O(n²)", 2, "Theorem 8", "", false},
	{"drs", "static", "n", "measured only", math.NaN(), "", "", false},
	{"drs", "mobile", "n", "measured only", math.NaN(), "", "", false},
	{"cm", "static", "n", "measured only", math.NaN(), "", "", false},
	{"cm", "mobile", "n", "measured only", math.NaN(), "", "", false},
	{"akw1", "static", "δ", "O((n+δ²)δ)", 3, "Table 1, 1a", "", false},
	{"akw1", "mobile", "δ", "O((n+δ³)δ)", 4, "Theorem 5", "", false},
	{"akw1", "static", "δ", "O((log*n+δ⁴)δ)", 5, "Theorem 7, 1b", "akw1b", true},
	{"akw1", "mobile", "δ", "O((log*n+δ⁴)δ)", 5, "Theorem 7, 1b", "akw1b", true},
	{"akw2", "static", "δ", "O(n)", math.NaN(), "Theorem 9", "", false},
	{"akw2", "mobile", "δ", "O(n²)", math.NaN(), "Theorem 8", "", false},
	{"drs", "static", "δ", "measured only", math.NaN(), "", "", false},
	{"drs", "mobile", "δ", "measured only", math.NaN(), "", "", false},
	{"cm", "static", "δ", "measured only", math.NaN(), "", "", false},
	{"cm", "mobile", "δ", "measured only", math.NaN(), "", "", false},
}

// FitExponent fits y = c·x^e by least squares on (log x, log y) and returns e and its
// standard error (NaN with fewer than three points). It needs at least two points with
// distinct x, all positive.
func FitExponent(x, y []float64) (e, se float64, err error) {
	if len(x) != len(y) || len(x) < 2 {
		return math.NaN(), math.NaN(), fmt.Errorf("analysis: FitExponent needs two or more (x, y) pairs, got %d and %d", len(x), len(y))
	}
	var sx, sy float64
	for k := range x {
		if !(x[k] > 0) || !(y[k] > 0) || math.IsInf(x[k], 0) || math.IsInf(y[k], 0) {
			return math.NaN(), math.NaN(), fmt.Errorf("analysis: FitExponent needs positive finite values, got (%g, %g)", x[k], y[k])
		}
		sx += math.Log(x[k])
		sy += math.Log(y[k])
	}
	n := float64(len(x))
	mx, my := sx/n, sy/n
	var sxx, sxy, syy float64
	for k := range x {
		dx, dy := math.Log(x[k])-mx, math.Log(y[k])-my
		sxx += dx * dx
		sxy += dx * dy
		syy += dy * dy
	}
	if sxx == 0 {
		return math.NaN(), math.NaN(), fmt.Errorf("analysis: FitExponent needs distinct x values")
	}
	e = sxy / sxx
	se = math.NaN()
	if len(x) > 2 {
		rss := math.Max(syy-e*sxy, 0)
		se = math.Sqrt(rss / (n - 2) / sxx)
	}
	return e, se, nil
}

// BoundCheck is one claim checked against measurements: the maximum response time, in units
// of τ + ν (CS time bound plus message delay bound), at each value of the claim's variable.
type BoundCheck struct {
	Claim    BoundClaim
	N        []float64 // values of Claim.Var
	MaxWait  []float64 // max response time / (τ + ν) at each N
	Exponent float64   // fitted growth exponent in Claim.Var
	SE       float64
	Verdict  string // PASS, FAIL or MEASURED
}

// CheckBound fits the growth exponent of maxWait over n (the values of c.Var) and compares it with the claim: an
// upper bound O(n^e) passes when the fitted exponent is at most e + tol (growing more slowly
// than the bound is consistent with it; only faster growth contradicts it).
func CheckBound(c BoundClaim, n, maxWait []float64, tol float64) (BoundCheck, error) {
	e, se, err := FitExponent(n, maxWait)
	if err != nil {
		return BoundCheck{}, err
	}
	b := BoundCheck{Claim: c, N: n, MaxWait: maxWait, Exponent: e, SE: se, Verdict: "MEASURED"}
	if !math.IsNaN(c.Exponent) {
		b.Verdict = "PASS"
		if e > c.Exponent+tol {
			b.Verdict = "FAIL"
		}
	}
	return b, nil
}

// WriteBoundChecks prints one line per check.
func WriteBoundChecks(w io.Writer, checks []BoundCheck) error {
	if _, err := fmt.Fprintf(w, "%-6s %-7s %-3s %-14s %-9s %-16s %s\n", "algo", "setting", "vs", "bound", "verdict", "exponent ± se", "max wait/(τ+ν) at n or δ"); err != nil {
		return err
	}
	for _, b := range checks {
		pts := ""
		for k := range b.N {
			pts += fmt.Sprintf(" %g:%.3g", b.N[k], b.MaxWait[k])
		}
		if _, err := fmt.Fprintf(w, "%-6s %-7s %-3s %-14s %-9s %5.2f ± %-8.2f%s\n", b.Claim.Name(), b.Claim.Setting, b.Claim.Var, b.Claim.Bound, b.Verdict, b.Exponent, b.SE, pts); err != nil {
			return err
		}
	}
	return nil
}
