package cli

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"math"
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/algorithms"
	"github.com/mutexlab/mutexlab/algorithms/akw1"
	"github.com/mutexlab/mutexlab/algorithms/drs"
	"github.com/mutexlab/mutexlab/analysis"
	"github.com/mutexlab/mutexlab/internal/slowed"
	"github.com/mutexlab/mutexlab/internal/trialtest"
	"github.com/mutexlab/mutexlab/kernel"
)

// testPlan is a small bound check: n = 16, 32, 64; expected degree 3, 6, 12 at n = 64; two
// trials per point, 2n entries discarded and 200 measured. The rule is the one of the full
// check; only the ranges and samples are smaller.
func testPlan() checkPlan {
	return checkPlan{ns: []int{16, 32, 64}, nDeg: 6, degrees: []float64{3, 6, 12}, degN: 64,
		trials: 2, warmup: 5, measure: 1000, level: 0.95, seed: 3}
}

// TestCheckBounds: on small networks no theorem fails, every row has a fitted exponent from
// all its trials, and every measured-only row is MEASURED; the same for the still nodes'
// rows (every trial has requests of nodes that stayed still), akw1's colour ranges and
// doorway lemmas; the output repeats on the seed.
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
	parts, err := pl.checkAll(context.Background(), analysis.AKWResourceClaims)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range append(checks, parts...) {
		if c.Verdict == analysis.Fail || c.Fit.Points != 6 || strings.Contains(c.Held, "without a value") {
			t.Errorf("%s %s %s %s: %s, %d trials fitted (%s)", c.Claim.Name(), c.Claim.Setting, c.Claim.Var, c.Claim.StatLabel(), c.Verdict, c.Fit.Points, c.Held)
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
	if err := checkVerdicts(slow); err != nil {
		t.Fatalf("exit status with every slowed row failing: %v", err)
	}
	slow[0].Verdict = analysis.Measured
	if err := checkVerdicts(slow); !errors.Is(err, errNoPower) {
		t.Fatalf("a slowed row not failing: %v, want errNoPower", err)
	}
}

// TestStatistic: a still-node row reads the static requests' maximum wait, the other rows
// the trial's; a trial without the metric has no value; fewer than three values, or one x, leave
// the row MEASURED with no fit.
func TestStatistic(t *testing.T) {
	p := kernel.DefaultParams()
	p.CSTime, p.Delay.B = 1, 1
	r := kernel.Result{WaitMax: 8, Extra: []kernel.Metric{{Name: akw1.MetricWaitMaxStatic, Value: 4}}}
	static, still := analysis.AKWBoundClaims[1], analysis.AKWResourceClaims[0]
	if still.Stat != analysis.StatWaitStatic || statistic(static, p, r) != 4 || statistic(still, p, r) != 2 {
		t.Fatalf("all requests %g, still nodes' %g; want 4 (8/2) and 2 (4/2)", statistic(static, p, r), statistic(still, p, r))
	}
	if v := statistic(analysis.AKWResourceClaims[3], p, r); !math.IsNaN(v) {
		t.Fatalf("colour range of a trial without it: %g, want NaN", v)
	}
	for _, xs := range [][]float64{{2, 4}, {3, 3, 3}} {
		b, err := decide(static, xs, []float64{1, 2, 3}[:len(xs)], 0.95)
		if err != nil || b.Verdict != analysis.Measured || !math.IsNaN(b.Fit.Exponent) {
			t.Errorf("x %v: %s %+v %v, want MEASURED with no fit", xs, b.Verdict, b.Fit, err)
		}
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

// locality runs TestFailureLocalityByDefinition over 150 seeds per row and logs the table of
// docs/claims.md: go test ./cli -run TestFailureLocalityByDefinition -v -locality
var locality = flag.Bool("locality", false, "failure-locality table over 150 crash trials per row (docs/claims.md)")

// TestFailureLocalityByDefinition measures failure locality both ways (blocked requests, and
// Attiya–Kogan–Welch's Definition 1 with T = 2 × the same trial's crash-free maximum wait) on
// random crash trials of akw1, akw2 and cm, static and mobile. Asserted: T is a valid
// response time (no late request without a crash in reach) and akw2's static locality is at
// most 2 under both measures (Theorem 8).
func TestFailureLocalityByDefinition(t *testing.T) {
	seeds := 30
	if *locality {
		seeds = 150
	} else if testing.Short() {
		seeds = 10
	}
	for _, alg := range []string{"akw1", "akw2", "cm"} {
		for _, mobile := range []bool{false, true} {
			l := measureLocality(t, alg, mobile, seeds)
			t.Logf("%s mobile=%v: blocked max %d, Definition 1 max %d, differ in %d of %d trials, late %d, late with no crash %d",
				alg, mobile, l.blocked, l.byDef, l.differ, seeds, l.late, l.noCrash)
			if l.noCrash != 0 {
				t.Errorf("%s mobile=%v: %d late requests with no crash in reach: T is not a response time", alg, mobile, l.noCrash)
			}
			if alg == "akw2" && !mobile && (l.blocked > 2 || l.byDef > 2) {
				t.Errorf("akw2 static: failure locality %d (blocked), %d (Definition 1); Theorem 8 says 2", l.blocked, l.byDef)
			}
		}
	}
}

type localityStats struct{ blocked, byDef, differ, late, noCrash int }

func measureLocality(t *testing.T, alg string, mobile bool, seeds int) localityStats {
	info, _ := algorithms.Lookup(alg)
	sim := kernel.NewSim()
	var l localityStats
	metric := func(r kernel.Result, name string) int {
		for _, m := range r.Extra {
			if m.Name == name {
				return int(m.Value)
			}
		}
		t.Fatalf("%s: no metric %s in %v", alg, name, r.Extra)
		return 0
	}
	for seed := uint64(1); seed <= uint64(seeds); seed++ {
		p := trialtest.CrashParams(seed, mobile, 1)
		free := p
		free.Crashes = nil
		r0, err := sim.Run(free, info.New())
		if err != nil {
			t.Fatalf("%s seed %d without crashes: %v", alg, seed, err)
		}
		p.ResponseBound = 2 * r0.WaitMax
		r, err := sim.Run(p, info.New())
		if err != nil {
			t.Fatalf("%s seed %d: %v", alg, seed, err)
		}
		d := metric(r, kernel.MetricFailureLocalityResponse)
		l.blocked, l.byDef = max(l.blocked, r.FailureLocality), max(l.byDef, d)
		l.late += metric(r, kernel.MetricLate)
		l.noCrash += metric(r, kernel.MetricLateNoCrash)
		if d != r.FailureLocality {
			l.differ++
		}
	}
	return l
}

// TestDRSResourcePower: on the test plan's small range, drs's resource rows are not FAILed
// (Lemma 11, footnote 2), and the message-size row has a variant that FAILs it under the same
// rule: priorities from K ≈ (expected degree)², footnote 2's own price, make messages grow
// with Δ. (The trials row is measured only: analysis.DRSResourceClaims says why.)
func TestDRSResourcePower(t *testing.T) {
	pl := testPlan()
	ctx, sim := context.Background(), kernel.NewSim()
	for _, c := range analysis.DRSResourceClaims {
		b, err := pl.check(ctx, sim, c, pl.points(c), slowed.Slowdown{})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s vs %s: %s %s (%s)", c.Stat, c.Var, b.Verdict, analysis.FormatFit(b.Fit), b.Held)
		if b.Verdict == analysis.Fail {
			t.Errorf("drs %s: FAIL %s against exponent %g", c.Stat, analysis.FormatFit(b.Fit), c.Exponent)
		}
	}
	wide := pl
	wide.tweak = func(p *kernel.Params, pt point) { p.Algo = map[string]float64{drs.ParamK: math.Round(pt.deg * pt.deg)} }
	msg := analysis.DRSResourceClaims[2]
	b, err := wide.check(ctx, sim, msg, wide.points(msg), slowed.Slowdown{})
	t.Logf("K ≈ deg²: %s %s", b.Verdict, analysis.FormatFit(b.Fit))
	if err != nil || b.Verdict != analysis.Fail {
		t.Errorf("K ≈ deg²: %s %s (%v), want FAIL against Θ(1)", b.Verdict, analysis.FormatFit(b.Fit), err)
	}
}
