package analysis

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"text/tabwriter"

	"gonum.org/v1/gonum/stat"
)

// BoundClaim is a response-time theorem read as growth in one variable with the other held:
// Var "n" (n grows at a fixed density, so the maximum degree δ barely moves) or "δ" (the
// maximum degree grows at a fixed n), and the exponent e such that the bound is O(Var^e)
// then (NaN: no claim, the row is measured only; a bound that does not mention δ, like
// O(n), says nothing about growth in δ at fixed n). The claims of a paper are a table of
// BoundClaim values (AKWBoundClaims); CheckBound decides each on measurements.
type BoundClaim struct {
	Algorithm string
	Setting   string // "static" or "mobile"
	Var       string // "n", "δ" or "Δ" (the ports per node, at the points of the δ axis)
	Bound     string // the theorem as printed
	Exponent  float64
	Source    string
	// Label names the row when it differs from Algorithm (a variation of it).
	Label string
	// Linial selects akw1's variation 1b: Linial-style colouring with n and δ known.
	Linial bool
	// Stat is the statistic measured (StatWait when empty); akw_claims.go lists the others.
	Stat string
	// Algo holds the algorithm parameters of the row's trials (nil: the defaults).
	Algo map[string]float64
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
// is log* n, exponent 0 in the limit: no interval from finitely many points lies at or below
// 0 unless the maximum falls with n, so its n rows are measured only; its δ rows are checked
// (exponent 5).
var AKWBoundClaims = []BoundClaim{
	{"akw1", "static", "n", "O((n+δ²)δ)", 1, "Table 1, 1a", "", false, StatWait, nil},
	{"akw1", "mobile", "n", "O((n+δ³)δ)", 1, "Theorem 5", "", false, StatWait, nil},
	{"akw1", "static", "n", "O((log*n+δ⁴)δ)", math.NaN(), "Theorem 7, 1b", "akw1b", true, StatWait, nil},
	{"akw1", "mobile", "n", "O((log*n+δ⁴)δ)", math.NaN(), "Theorem 7, 1b", "akw1b", true, StatWait, nil},
	{"akw2", "static", "n", "O(n)", 1, "Theorem 9", "", false, StatWait, nil},
	{"akw2", "mobile", "n", "O(n²)", 2, "Theorem 8", "", false, StatWait, nil},
	{"drs", "static", "n", "measured only", math.NaN(), "", "", false, StatWait, nil},
	{"drs", "mobile", "n", "measured only", math.NaN(), "", "", false, StatWait, nil},
	{"cm", "static", "n", "measured only", math.NaN(), "", "", false, StatWait, nil},
	{"cm", "mobile", "n", "measured only", math.NaN(), "", "", false, StatWait, nil},
	{"akw1", "static", "δ", "O((n+δ²)δ)", 3, "Table 1, 1a", "", false, StatWait, nil},
	{"akw1", "mobile", "δ", "O((n+δ³)δ)", 4, "Theorem 5", "", false, StatWait, nil},
	{"akw1", "static", "δ", "O((log*n+δ⁴)δ)", 5, "Theorem 7, 1b", "akw1b", true, StatWait, nil},
	{"akw1", "mobile", "δ", "O((log*n+δ⁴)δ)", 5, "Theorem 7, 1b", "akw1b", true, StatWait, nil},
	{"akw2", "static", "δ", "O(n)", math.NaN(), "Theorem 9", "", false, StatWait, nil},
	{"akw2", "mobile", "δ", "O(n²)", math.NaN(), "Theorem 8", "", false, StatWait, nil},
	{"drs", "static", "δ", "measured only", math.NaN(), "", "", false, StatWait, nil},
	{"drs", "mobile", "δ", "measured only", math.NaN(), "", "", false, StatWait, nil},
	{"cm", "static", "δ", "measured only", math.NaN(), "", "", false, StatWait, nil},
	{"cm", "mobile", "δ", "measured only", math.NaN(), "", "", false, StatWait, nil},
}

// Fit is a growth exponent: the least-squares slope of log y on log x, with its standard
// error and two-sided confidence interval at Level (Student t with Points−2 degrees of
// freedom). Fewer than three points leave SE NaN and the interval (−∞, +∞): nothing is
// decided from them.
type Fit struct {
	Exponent float64
	SE       float64
	Lo, Hi   float64
	Level    float64
	Points   int
}

// FitExponent fits y = c·x^e by ordinary least squares on (log x, log y) with
// gonum/stat.LinearRegression. The standard error of the slope is
//
//	SE = sqrt( (1−R²)·Σ(ly−mean ly)² / ((N−2)·Σ(lx−mean lx)²) ),
//
// and the interval is e ± t(1−(1−level)/2, N−2)·SE. All values must be positive and finite,
// with at least two distinct x; level must be in (0, 1).
func FitExponent(x, y []float64, level float64) (Fit, error) {
	f := Fit{Exponent: math.NaN(), SE: math.NaN(), Lo: math.Inf(-1), Hi: math.Inf(1), Level: level, Points: len(x)}
	if len(x) != len(y) || len(x) < 2 {
		return f, fmt.Errorf("analysis: FitExponent needs two or more (x, y) pairs, got %d and %d", len(x), len(y))
	}
	if !(level > 0 && level < 1) {
		return f, fmt.Errorf("analysis: FitExponent: confidence level %g: want a number in (0, 1), such as 0.95", level)
	}
	lx, ly := make([]float64, len(x)), make([]float64, len(y))
	for k := range x {
		if !(x[k] > 0) || !(y[k] > 0) || math.IsInf(x[k], 0) || math.IsInf(y[k], 0) {
			return f, fmt.Errorf("analysis: FitExponent needs positive finite values, got (%g, %g)", x[k], y[k])
		}
		lx[k], ly[k] = math.Log(x[k]), math.Log(y[k])
	}
	if slices.Min(lx) == slices.Max(lx) {
		return f, fmt.Errorf("analysis: FitExponent needs distinct x values")
	}
	alpha, beta := stat.LinearRegression(lx, ly, nil, false)
	f.Exponent = beta
	if n := len(x); n > 2 {
		r2 := 0.0
		if stat.Variance(ly, nil) > 0 {
			r2 = stat.RSquared(lx, ly, nil, alpha, beta)
		}
		f.SE = math.Sqrt(math.Max(1-r2, 0) * stat.Variance(ly, nil) / (float64(n-2) * stat.Variance(lx, nil)))
		h := TQuantile(1-(1-level)/2, n-2) * f.SE
		f.Lo, f.Hi = beta-h, beta+h
	}
	return f, nil
}

// Measured is the verdict of a bound check whose data cannot decide, or of a row with no
// claim.
const Measured Verdict = "MEASURED"

// Decide compares the fitted exponent with a claimed exponent e (NaN: no claim): PASS when
// the whole interval is at or below e (the growth is shown to be no faster than the bound),
// FAIL when the whole interval is above e (shown to be faster), MEASURED otherwise.
func (f Fit) Decide(e float64) Verdict {
	switch {
	case math.IsNaN(e):
		return Measured
	case f.Hi <= e:
		return Pass
	case f.Lo > e:
		return Fail
	}
	return Measured
}

// BoundCheck is one claim checked against measurements: one point per trial, x the value
// of the claim's variable (n, or the maximum degree the trial had) and y its statistic
// (Claim.Stat: by default the maximum response time in units of τ + ν, CS time bound plus
// message delay bound).
type BoundCheck struct {
	Claim BoundClaim
	X, Y  []float64
	// N and MaxWait summarise the points for figures: the distinct x in increasing order and
	// the geometric mean of y over the trials at each (the mean the log-log fit estimates).
	N, MaxWait []float64
	Fit        Fit
	Verdict    Verdict
	// Held says what was held fixed while Var grew, as measured ("n = 1024", "expected
	// degree 6 (max 9..17)"), for the reader to judge.
	Held string
}

// CheckBound fits the growth exponent of y over x with a confidence interval at level
// (0.95 in `bench check bounds`) and decides the claim with Fit.Decide.
func CheckBound(c BoundClaim, x, y []float64, level float64) (BoundCheck, error) {
	f, err := FitExponent(x, y, level)
	if err != nil {
		return BoundCheck{}, err
	}
	b := BoundCheck{Claim: c, X: x, Y: y, Fit: f, Verdict: f.Decide(c.Exponent)}
	b.N, b.MaxWait = geometricMeans(x, y)
	return b, nil
}

// geometricMeans groups y by equal x and returns the distinct x, increasing, with the
// geometric mean of the y of each.
func geometricMeans(x, y []float64) (xs, gm []float64) {
	xs = slices.Clone(x)
	slices.Sort(xs)
	xs = slices.Compact(xs)
	gm = make([]float64, len(xs))
	count := make([]int, len(xs))
	for k := range x {
		i, _ := slices.BinarySearch(xs, x[k])
		gm[i] += math.Log(y[k])
		count[i]++
	}
	for i := range gm {
		gm[i] = math.Exp(gm[i] / float64(count[i]))
	}
	return xs, gm
}

// FormatFit renders "e [lo, hi]" with two decimals ("e [no CI]" from fewer than 3 points).
func FormatFit(f Fit) string {
	if math.IsNaN(f.SE) {
		return fmt.Sprintf("%.2f [no CI]", f.Exponent)
	}
	return fmt.Sprintf("%.2f [%.2f, %.2f]", f.Exponent, f.Lo, f.Hi)
}

// WriteBoundChecks prints one line per check: the claim, its statistic, the verdict, the
// exponent with its confidence interval, the trials fitted, what was held, and the geometric
// mean of y at each x.
func WriteBoundChecks(w io.Writer, checks []BoundCheck) error {
	level := 0.95
	if len(checks) > 0 {
		level = checks[0].Fit.Level
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "algo\tsetting\tvs\tbound\tstatistic\tverdict\texponent [%g%% CI]\ttrials\theld\tstatistic at n or δ (geometric mean over trials)\n", 100*level)
	for _, b := range checks {
		pts := make([]string, len(b.N))
		for k := range b.N {
			pts[k] = fmt.Sprintf("%.4g:%.3g", b.N[k], b.MaxWait[k])
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%d\t%s\t%s\n", b.Claim.Name(), b.Claim.Setting, b.Claim.Var, b.Claim.Bound,
			b.Claim.StatLabel(), b.Verdict, FormatFit(b.Fit), b.Fit.Points, b.Held, strings.Join(pts, " "))
	}
	return tw.Flush()
}
