package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"slices"

	"github.com/mutexlab/mutexlab/algorithms"
	"github.com/mutexlab/mutexlab/algorithms/akw1"
	"github.com/mutexlab/mutexlab/algorithms/drs"
	"github.com/mutexlab/mutexlab/analysis"
	"github.com/mutexlab/mutexlab/internal/outfile"
	"github.com/mutexlab/mutexlab/internal/slowed"
	"github.com/mutexlab/mutexlab/kernel"
	"github.com/mutexlab/mutexlab/kernel/netmodel"
	"github.com/mutexlab/mutexlab/plots"
)

func init() {
	register(command{name: "check", summary: "check the papers' claims by simulation: bench check bounds [--quick] [--power] ...; bench check jiang [--paper P]; bench check exhaustive --algo A [--n N] ...", run: checkCmd})
}

var checkHelp = help{
	usage: "bench check bounds [--quick] [--power] [--trials K] [--max-n N] [--level L] [--seed S] [--plot FILE.png|svg|pdf]\nbench check jiang [--paper hk|gme] [--entries N]   (Jiang's theorems per reading: bench check jiang -h)",
	about: `Runs akw1 (1a and 1b), akw2, drs and cm on random-waypoint networks, static (speed 0) and
mobile (speeds 1..5), with CS time τ = 1 and delays uniform on [0.1, 1] (ν = 1):
  vs n: n = 16, 32, ..., 8192 (--max-n) at expected degree 6;
  vs δ: expected degree 2, 3, 4, 6, 8, 12, 16, 24, 32 at n = 1024, x = the maximum degree
        each trial had (the papers' δ).
Each trial discards 5n CS entries (every node past its start) and measures 1,000; its
statistic is the maximum response time over those 1,000, in units of τ + ν (a fixed number
of samples per trial, so the maximum estimates the same quantile at every n and δ). The
growth exponent is the least-squares slope of log(max) on log(x) over every trial, with a
--level confidence interval (Student t). A bound O(x^e) PASSes when the whole interval is at
or below e, FAILs when it is above e, and is MEASURED when the interval straddles e (or
there is no claim: drs, cm, akw2 in δ, akw1b in n). A second table, by the same rule,
measures the response time of nodes that stay still in mobile trials (half the nodes, drawn
per node, never move; the others never stop), the theorems' premise; checks akw1's colour
ranges in δ (1a: O(δ); 1b measured); measures Lemmas 1 and 2 (a doorway passage in units of
the module's time T, and T·R); checks drs's memory O(Δ) and messages Θ(1) as run, and
measures its trials per lock (footnote 2: O(Δ²)). --power runs, for every PASS, a slowed
variant (extra round trips growing as x^(e+1) before each request) on a small range
(n = 8, 16, 32; expected degree 3, 4, 6 at n = 64) and prints its verdict: it must FAIL.
Exit status 0 whatever the verdicts (a FAIL against a paper is a result, printed; the rule
of every bench check); 1 when a slowed variant does not fail (the check has no power there:
the tool, not the paper, failed) or a trial fails.`,
	examples: []string{
		"bench check bounds --quick",
		"bench check bounds --power --plot bounds.pdf",
		"bench check bounds --trials 5 --max-n 4096 --seed 7",
	},
	more: "docs/claims.md (the statistics, a full run's output, the slowed variants)",
}

// errNoPower: a slowed variant passed a check, which therefore cannot tell it from the real
// algorithm. A FAIL of the real algorithm is a result, not an error (exit status 0).
var errNoPower = errors.New("a slowed variant was not caught: the check has no power there")

// checkSubcommands are the checks with their own flags, by name (check_*.go register
// theirs); bench check bounds is checkCmd itself.
var checkSubcommands = map[string]func(context.Context, []string) error{
	"jiang": checkJiangCmd, // check_jiang.go
}

func checkCmd(ctx context.Context, args []string) error {
	if len(args) > 0 {
		if sub, ok := checkSubcommands[args[0]]; ok {
			return sub(ctx, args[1:])
		}
	}
	fs := flag.NewFlagSet("bench check", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	quick := fs.Bool("quick", false, "a smoke run: n up to 512, expected degree up to 16 at n = 256, 2 trials per point")
	power := fs.Bool("power", false, "also run a slowed variant of every PASS row, which must FAIL")
	trials := fs.Int("trials", 0, "trials per point, 2..100 (0: 3, or 2 with --quick)")
	maxN := fs.Int("max-n", 0, "largest n of the n axis, a power of two in 64..131072 (0: 8192, or 512 with --quick)")
	level := fs.Float64("level", 0.95, "confidence level of the exponent's interval, in (0, 1)")
	seed := fs.Uint64("seed", 1, "root seed")
	plotOut := fs.String("plot", "", "also draw the measurements and the bounds' curves to this `file` (.png, .svg or .pdf)")
	replace := replaceFlag(fs)
	pos, err := parseArgs(fs, args, checkHelp)
	if err != nil {
		return err
	}
	switch {
	case len(pos) == 0:
		return usagef("what to check: bounds, jiang or exhaustive (bench check -h, bench check jiang -h, bench check exhaustive -h)")
	case pos[0] != "bounds":
		return usagef("unknown check %q; available: bounds, jiang, exhaustive (bench check -h)", pos[0])
	case len(pos) > 1:
		return usagef("unexpected argument %q after bounds (bench check -h)", pos[1])
	}
	pl, err := newCheckPlan(*quick, *trials, *maxN, *level, *seed)
	if err != nil {
		return err
	}
	plotStamp := outfile.NewStamp("bench check", "bounds", fmt.Sprint(*quick, *trials, *maxN, *level, *seed))
	if *plotOut != "" {
		if err := checkFigureOuts("--plot", []string{*plotOut}, plotStamp, *replace); err != nil {
			return err
		}
	}
	checks, err := pl.checkAll(ctx, analysis.AKWBoundClaims)
	if err != nil {
		return boundsStopped(ctx, err, "no table was finished")
	}
	if err := analysis.WriteBoundChecks(os.Stdout, checks); err != nil {
		return err
	}
	parts, err := pl.checkAll(ctx, slices.Concat(analysis.AKWResourceClaims, analysis.DRSResourceClaims))
	if err != nil {
		return boundsStopped(ctx, err, "the table above is complete; the second was not finished")
	}
	fmt.Println("\nstill nodes' response time, akw1's colour ranges and doorway lemmas, drs's resources (power: algorithms/akw1 TestColorRangePower, cli TestDRSResourcePower)")
	if err := analysis.WriteBoundChecks(os.Stdout, parts); err != nil {
		return err
	}
	var slow []analysis.BoundCheck
	if *power {
		if slow, err = pl.checkPower(ctx, checks); err != nil {
			return boundsStopped(ctx, err, "the tables above are complete; the power check was not finished")
		}
		fmt.Println("\npower: a slowed variant of every PASS row, on the small range (it must FAIL)")
		if err := analysis.WriteBoundChecks(os.Stdout, slow); err != nil {
			return err
		}
	}
	if *plotOut != "" {
		if err := drawBounds(ctx, *plotOut, checks, plotStamp, *replace); err != nil {
			return err
		}
	}
	return checkVerdicts(slow)
}

// checkVerdicts turns the verdicts into the exit status: only a slowed variant that does
// not FAIL is an error; the checks' own verdicts, FAIL included, are results.
func checkVerdicts(slow []analysis.BoundCheck) error {
	for _, c := range slow {
		if c.Verdict != analysis.Fail {
			return errNoPower
		}
	}
	return nil
}

func drawBounds(ctx context.Context, path string, checks []analysis.BoundCheck, s outfile.Stamp, replace bool) error {
	f, err := plots.BoundFigure(checks)
	if err != nil {
		return err
	}
	for _, note := range f.Notes {
		fmt.Fprintln(os.Stderr, "bench check: note:", note)
	}
	return saveFigure(ctx, "--plot", f, []string{path}, s, replace)
}

// checkPlan is how the bound check samples: the axes, trials per point, entries discarded
// per node and measured per trial, the confidence level and the root seed.
type checkPlan struct {
	ns      []int     // the n axis, at expected degree nDeg
	nDeg    float64   //
	degrees []float64 // the δ axis: expected degrees, at n = degN
	degN    int       //
	trials  int
	warmup  int // CS entries discarded per node
	measure int // CS entries measured per trial
	level   float64
	seed    uint64
	// tweak, when set, changes each trial's parameters after trialParams (power tests: a
	// variant whose parameters depend on the point).
	tweak func(p *kernel.Params, pt point)
}

// mobileStill is the share of nodes that never move in a still-node row's trials: the
// theorems bound the response time of nodes that remain static while others move around them.
// Pausing moving nodes instead would select against long waits (a request that outlasts its
// node's pause counts as moving), so a slowed variant's requests would drop out of the
// statistic rather than fail it.
const mobileStill = 0.5

// maxCheckN bounds --max-n: about a minute per trial of the slowest algorithm here.
const maxCheckN = 1 << 17

func newCheckPlan(quick bool, trials, maxN int, level float64, seed uint64) (checkPlan, error) {
	pl := checkPlan{nDeg: 6, degrees: []float64{2, 3, 4, 6, 8, 12, 16, 24, 32}, degN: 1024,
		trials: 3, warmup: 5, measure: 1000, level: level, seed: seed}
	top := 8192
	if quick {
		pl.degrees, pl.degN, pl.trials, top = pl.degrees[:7], 256, 2, 512
	}
	if trials != 0 {
		if trials < 2 || trials > 100 {
			return pl, usagef("--trials: want 2..100 trials per point (two or more give the spread the interval needs), got %d", trials)
		}
		pl.trials = trials
	}
	if maxN != 0 {
		if maxN < 64 || maxN > maxCheckN || maxN&(maxN-1) != 0 {
			return pl, usagef("--max-n: want a power of two in 64..%d, got %d", maxCheckN, maxN)
		}
		top = maxN
	}
	if !(level > 0 && level < 1) {
		return pl, usagef("--level: want a confidence level in (0, 1), such as 0.95, got %g", level)
	}
	for n := 16; n <= top; n *= 2 {
		pl.ns = append(pl.ns, n)
	}
	return pl, nil
}

// point is one axis value of a check: n nodes at expected degree deg.
type point struct {
	n   int
	deg float64
}

// points lists the axis of a claim.
func (pl *checkPlan) points(c analysis.BoundClaim) []point {
	var out []point
	if c.Var != "n" { // δ or Δ: the degree axis
		for _, d := range pl.degrees {
			out = append(out, point{pl.degN, d})
		}
		return out
	}
	for _, n := range pl.ns {
		out = append(out, point{n, pl.nDeg})
	}
	return out
}

// boundsStopped is the error of a bench check bounds that stopped: for SIGINT or SIGTERM one
// line saying what was finished (exit 1), else err itself.
func boundsStopped(ctx context.Context, err error, finished string) error {
	if errors.Is(err, kernel.ErrInterrupted) || ctx.Err() != nil {
		return fmt.Errorf("interrupted: %s; rerun the command for the rest", finished)
	}
	return err
}

// checkAll checks every claim, unslowed.
func (pl *checkPlan) checkAll(ctx context.Context, claims []analysis.BoundClaim) ([]analysis.BoundCheck, error) {
	sim := kernel.NewSim()
	var out []analysis.BoundCheck
	for _, c := range claims {
		b, err := pl.check(ctx, sim, c, pl.points(c), slowed.Slowdown{})
		if err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, nil
}

// check runs the trials of one claim at the given points, its algorithm slowed by s (the
// zero Slowdown: as it is), and decides it.
func (pl *checkPlan) check(ctx context.Context, sim *kernel.Sim, c analysis.BoundClaim, pts []point, s slowed.Slowdown) (analysis.BoundCheck, error) {
	info, ok := algorithms.Lookup(c.Algorithm)
	if !ok {
		return analysis.BoundCheck{}, fmt.Errorf("check bounds: algorithm %s is not registered", c.Algorithm)
	}
	var xs, ys, degs []float64
	for _, pt := range pts {
		for t := range pl.trials {
			if err := ctx.Err(); err != nil {
				return analysis.BoundCheck{}, err
			}
			p, err := pl.trialParams(c, info, pt, t)
			if err != nil {
				return analysis.BoundCheck{}, err
			}
			if s.Coef > 0 { // a slowed request plays up to thousands of round trips before it enters
				p.MaxEventsPerEntry = 10 * kernel.DefaultEventBudget(p.N)
			}
			a, w, err := slowed.Wrap(info.New(), s)
			if err != nil {
				return analysis.BoundCheck{}, err
			}
			r, err := sim.RunContext(ctx, p, a)
			if err != nil {
				return analysis.BoundCheck{}, fmt.Errorf("check bounds: %s %s n=%d degree %g: %w", c.Name(), c.Setting, pt.n, pt.deg, err)
			}
			degs = append(degs, float64(w.MaxDegree()))
			y := statistic(c, p, r)
			if !(y > 0) || math.IsInf(y, 0) {
				continue // no value (a mobile trial with no static request): counted in Held
			}
			x := float64(pt.n)
			switch c.Var {
			case "δ":
				x = float64(w.MaxDegree())
			case "Δ":
				x = extra(r, drs.MetricPorts)
			}
			xs, ys = append(xs, x), append(ys, y)
		}
	}
	b, err := decide(c, xs, ys, pl.level)
	if err != nil {
		return b, err
	}
	b.Held = fmt.Sprintf("n = %d", pts[0].n)
	if c.Var == "n" {
		b.Held = fmt.Sprintf("expected degree %g (max %g..%g)", pts[0].deg, slices.Min(degs), slices.Max(degs))
	}
	if left := len(degs) - len(xs); left > 0 {
		b.Held += fmt.Sprintf("; %d of %d trials without a value", left, len(degs))
	}
	return b, nil
}

// decide fits and decides claim c on the trials that had a value; with fewer than three, or
// all at one x, the row is MEASURED with no fit (nothing can be decided from them).
func decide(c analysis.BoundClaim, xs, ys []float64, level float64) (analysis.BoundCheck, error) {
	if len(xs) < 3 || slices.Min(xs) == slices.Max(xs) {
		nan := math.NaN()
		f := analysis.Fit{Exponent: nan, SE: nan, Lo: math.Inf(-1), Hi: math.Inf(1), Level: level, Points: len(xs)}
		return analysis.BoundCheck{Claim: c, X: xs, Y: ys, Fit: f, Verdict: analysis.Measured}, nil
	}
	b, err := analysis.CheckBound(c, xs, ys, level)
	if err != nil {
		return b, fmt.Errorf("check bounds: %s %s %s: %w", c.Name(), c.Setting, c.Var, err)
	}
	return b, nil
}

// statistic is claim c's value for one trial (analysis.StatWait and the others), NaN when the
// trial has none.
func statistic(c analysis.BoundClaim, p kernel.Params, r kernel.Result) float64 {
	switch c.Stat {
	case analysis.StatWait:
		return r.WaitMax / (p.CSTime + p.Delay.B)
	case analysis.StatWaitStatic:
		return extra(r, akw1.MetricWaitMaxStatic) / (p.CSTime + p.Delay.B)
	case analysis.StatColorRange:
		return extra(r, akw1.MetricColorRange)
	case analysis.StatLemma1:
		return extra(r, akw1.MetricDoorway1) / extra(r, akw1.MetricDoorway1Mod)
	case analysis.StatLemma2:
		return extra(r, akw1.MetricDoorway2) / (extra(r, akw1.MetricDoorway2Mod) * extra(r, akw1.MetricSDfEntries))
	case analysis.StatDRSTrials:
		return extra(r, drs.MetricTrials)
	case analysis.StatDRSState:
		return extra(r, drs.MetricStateBits)
	case analysis.StatDRSMessage:
		return extra(r, drs.MetricMsgBits)
	}
	return math.NaN()
}

// extra returns the result's metric called name, NaN when the trial did not report it.
func extra(r kernel.Result, name string) float64 {
	for _, m := range r.Extra {
		if m.Name == name {
			return m.Value
		}
	}
	return math.NaN()
}

// trialParams is trial t at point pt: n nodes on a square whose side grows as √n so the
// expected degree is pt.deg; 1b's nodes know n and a degree bound, which also caps every
// node's ports. Mobile nodes never stop (speeds 1..5, no pause); on a still-node row
// (StatWaitStatic) each node stays still for the whole trial with probability mobileStill.
func (pl *checkPlan) trialParams(c analysis.BoundClaim, info algorithms.Info, pt point, t int) (kernel.Params, error) {
	p := kernel.DefaultParams()
	p.N, p.Load = pt.n, 1
	p.Seed = kernel.DeriveSeed(pl.seed, uint64(pt.n), uint64(pt.deg), uint64(t))
	p.Network = "waypoint"
	const r = 100.0
	side := r * math.Sqrt(math.Pi*float64(pt.n)/pt.deg)
	v, still := 0.0, 0.0
	if c.Setting == "mobile" {
		v = 5
	}
	if c.Stat == analysis.StatWaitStatic {
		still = mobileStill
	}
	p.Net = map[string]float64{netmodel.Side: side, netmodel.Radius: r, netmodel.SpeedMin: v / 5, netmodel.SpeedMax: v}
	if still > 0 {
		p.Net[netmodel.Still] = still
	}
	p.Delay = kernel.Delay{Kind: kernel.DelayUniform, A: 0.1, B: 1}
	p.Warmup, p.Measure = pl.warmup*pt.n, pl.measure
	if c.Algo != nil {
		p.Algo = maps.Clone(c.Algo)
	}
	if c.Linial {
		cap := math.Max(16, math.Ceil(3*pt.deg))
		p.Net[netmodel.Delta] = cap
		p.Algo = map[string]float64{akw1.ParamColoring: akw1.ColoringLinial, akw1.ParamKnownN: float64(pt.n), akw1.ParamKnownD: cap}
	}
	if pl.tweak != nil {
		pl.tweak(&p, pt)
	}
	if info.Validate != nil {
		if err := info.Validate(&p); err != nil {
			return p, err
		}
	}
	return p, nil
}

// The power range is small, so that a slowed variant stays affordable: n = 8, 16, 32 at
// expected degree 6; expected degree 6, 8, 10 at n = 64 (dense enough that almost no node is
// isolated: an isolated node cannot play a round trip, and its fast entries would fill the
// measured window). The variant plays powerRounds round trips at the smallest x of the range
// (n = 8, or the smallest maximum degree the unslowed algorithm's trials had there) and
// outgrows the bound by a factor of about 4 across the range: as n^(e+1) (n spans ×4) and as
// δ^(e+2) (the maximum degree spans about ×2).
var (
	powerNs      = []int{8, 16, 32}
	powerDegrees = []float64{6, 8, 10}
)

const (
	powerDegN   = 64
	powerRounds = 64
)

// powerSlowdown is the slowed variant for claim c, playing powerRounds round trips at
// x = xref.
func powerSlowdown(c analysis.BoundClaim, xref float64) slowed.Slowdown {
	v, p := slowed.VarN, c.Exponent+1
	if c.Var == "δ" {
		v, p = slowed.VarDegree, c.Exponent+2
	}
	return slowed.Slowdown{Var: v, Power: p, Coef: powerRounds / math.Pow(xref, p)}
}

// powerPoints is the power range of claim c.
func powerPoints(c analysis.BoundClaim, nDeg float64) []point {
	var out []point
	if c.Var != "n" {
		for _, d := range powerDegrees {
			out = append(out, point{powerDegN, d})
		}
		return out
	}
	for _, n := range powerNs {
		out = append(out, point{n, nDeg})
	}
	return out
}

// checkPower runs the slowed variant of every PASS row on the power range and decides it
// with the same claim and rule; each row is labelled name+slow and says its slowdown.
func (pl *checkPlan) checkPower(ctx context.Context, checks []analysis.BoundCheck) ([]analysis.BoundCheck, error) {
	sim := kernel.NewSim()
	var out []analysis.BoundCheck
	for _, b := range checks {
		if b.Verdict != analysis.Pass || b.Claim.Stat != analysis.StatWait {
			continue // a slowdown adds to response times only
		}
		pts := powerPoints(b.Claim, pl.nDeg)
		xref := float64(pts[0].n)
		if b.Claim.Var == "δ" {
			ref, err := pl.check(ctx, sim, b.Claim, pts, slowed.Slowdown{})
			if err != nil {
				return nil, err
			}
			xref = slices.Min(ref.X)
		}
		c := b.Claim
		c.Label = c.Name() + "+slow"
		s := powerSlowdown(b.Claim, xref)
		sb, err := pl.check(ctx, sim, c, pts, s)
		if err != nil {
			return nil, err
		}
		sb.Held = s.String() + "; " + sb.Held
		out = append(out, sb)
	}
	return out, nil
}
