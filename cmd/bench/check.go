package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"

	"github.com/mutexlab/mutexlab/algorithms"
	"github.com/mutexlab/mutexlab/algorithms/akw1"
	"github.com/mutexlab/mutexlab/analysis"
	"github.com/mutexlab/mutexlab/kernel"
	"github.com/mutexlab/mutexlab/plots"
)

func init() {
	register(command{name: "check", summary: "check the papers' bounds by simulation: bench check bounds [--quick] [--trials K] [--seed S] [--tol X]", run: checkCmd})
}

const checkUsage = `usage: bench check bounds [--quick] [--trials K] [--seed S] [--tol X] [--plot FILE.png|svg|pdf]

Runs akw1, akw2, drs and cm on random-waypoint networks, static (speed 0) and mobile
(speeds 1..5), with CS time τ = 1 and delays uniform on [0.1, 1] (ν = 1): n grows at a
fixed density (expected degree about 6, so δ stays put), then the expected degree δ grows
(3, 6, 12, 24) at n = 64. It measures the maximum response time in units of τ + ν, fits its
growth exponent in n and in δ, and prints PASS/FAIL against Attiya, Kogan and Welch's
bounds (measured only for drs and cm, and in δ for akw2, whose bounds do not mention δ).
The δ axis is the expected degree the radius is chosen for, proportional to the maximum
degree δ. --plot draws max response time vs n and vs δ per algorithm with each claimed
bound's curve over its points. Exit status 1 on any FAIL.`

// errBoundFailed: a bound was contradicted by the measurements.
var errBoundFailed = errors.New("a response-time bound failed")

func checkCmd(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("bench check", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	quick := fs.Bool("quick", false, "n in 16, 32, 64 and one trial per point instead of n up to 128 and 3 trials (the δ axis is always 3..24 at n = 64)")
	trials := fs.Int("trials", 0, "trials per point (0: 3, or 1 with --quick)")
	seed := fs.Uint64("seed", 1, "root seed")
	tol := fs.Float64("tol", 0.3, "a bound O(n^e) passes when the fitted exponent is at most e + tol")
	plotOut := fs.String("plot", "", "also draw the measurements and the bounds' curves to this file (.png, .svg or .pdf)")
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		if err == flag.ErrHelp {
			fmt.Println(checkUsage)
			return errHelp
		}
		return usagef("%v", err)
	}
	if len(pos) != 1 || pos[0] != "bounds" {
		return usagef("what to check: bounds (the only check so far)\n%s", checkUsage)
	}
	ns := []int{16, 32, 64, 128}
	k := 3
	if *quick {
		ns, k = []int{16, 32, 64}, 1
	}
	if *trials > 0 {
		k = *trials
	}
	if !(*tol >= 0) {
		return usagef("--tol: must be >= 0, got %g", *tol)
	}
	if *plotOut != "" {
		if _, err := plots.FormatOf(*plotOut); err != nil {
			return usagef("--plot %v", err)
		}
	}
	checks, err := checkBounds(ctx, ns, k, *seed, *tol)
	if err != nil {
		return err
	}
	if err := analysis.WriteBoundChecks(os.Stdout, checks); err != nil {
		return err
	}
	if *plotOut != "" {
		f, err := plots.BoundFigure(checks)
		if err != nil {
			return err
		}
		if err := f.Save(*plotOut); err != nil {
			return err
		}
	}
	for _, c := range checks {
		if c.Verdict == "FAIL" {
			return errBoundFailed
		}
	}
	return nil
}

// boundParams is one trial of the bound check: n nodes on a square whose side grows as √n
// so the expected degree stays about deg.
func boundParams(n int, deg float64, mobile bool, seed uint64) kernel.Params {
	p := kernel.DefaultParams()
	p.N, p.Seed, p.Load = n, seed, 1
	p.Network = "waypoint"
	const r = 100.0
	side := r * math.Sqrt(math.Pi*float64(n)/deg)
	v := 0.0
	if mobile {
		v = 5
	}
	p.Net = map[string]float64{kernel.NetSide: side, kernel.NetRadius: r, kernel.NetSpeedMin: v / 5, kernel.NetSpeedMax: v}
	p.Delay = kernel.Delay{Kind: kernel.DelayUniform, A: 0.1, B: 1}
	p.Warmup, p.Measure = 20, 10*n
	return p
}

// checkBounds runs the trials and checks every claim of analysis.AKWBoundClaims.
func checkBounds(ctx context.Context, ns []int, trials int, seed uint64, tol float64) ([]analysis.BoundCheck, error) {
	sim := kernel.NewSim()
	var out []analysis.BoundCheck
	for _, c := range analysis.AKWBoundClaims {
		info, ok := algorithms.Lookup(c.Algorithm)
		if !ok {
			return nil, fmt.Errorf("check bounds: algorithm %s is not registered", c.Algorithm)
		}
		// the axis: n at expected degree 6, or the expected degree at n = 64
		axis, degs := ns, []float64(nil)
		if c.Var == "δ" {
			axis, degs = []int{3, 6, 12, 24}, []float64{3, 6, 12, 24}
		}
		xs, ys := make([]float64, len(axis)), make([]float64, len(axis))
		for k, x := range axis {
			n, deg := x, 6.0
			if c.Var == "δ" {
				n, deg = 64, degs[k]
			}
			worst := 0.0
			for t := range trials {
				if err := ctx.Err(); err != nil {
					return nil, err
				}
				p := boundParams(n, deg, c.Setting == "mobile", kernel.DeriveSeed(seed, uint64(n), uint64(deg), uint64(t)))
				if c.Linial { // 1b: the nodes know n and δ; the port cap bounds every degree
					cap := math.Max(16, math.Ceil(3*deg))
					p.Net[kernel.NetDelta] = cap
					p.Algo = map[string]float64{akw1.ParamColoring: akw1.ColoringLinial, akw1.ParamKnownN: float64(n), akw1.ParamKnownD: cap}
				}
				if info.Validate != nil {
					if err := info.Validate(&p); err != nil {
						return nil, err
					}
				}
				r, err := sim.Run(p, info.New())
				if err != nil {
					return nil, fmt.Errorf("check bounds: %s %s n=%d: %w", c.Name(), c.Setting, n, err)
				}
				worst = max(worst, r.WaitMax/(p.CSTime+p.Delay.B))
			}
			xs[k], ys[k] = float64(x), worst
		}
		b, err := analysis.CheckBound(c, xs, ys, tol)
		if err != nil {
			return nil, fmt.Errorf("check bounds: %s %s: %w", c.Name(), c.Setting, err)
		}
		out = append(out, b)
	}
	return out, nil
}
