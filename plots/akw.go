package plots

import (
	"fmt"
	"math"

	"github.com/mutexlab/mutexlab/analysis"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// AKWFigures are the default figures of the akw presets (Attiya, Kogan and Welch's local
// mutual exclusion). akw-static and akw-mobile: maximum response time (wait_max) against n,
// one line per algorithm, one panel per load or maximum speed. akw-failures: measured
// failure locality against the crash rate, one line per algorithm.
var AKWFigures = []Preset{
	{
		Name:    "akw-static",
		Caption: "Local mutual exclusion on static graphs of mean degree 6: maximum response time vs n",
		Spec: LineSpec{Metric: "wait_max", X: "n", Series: []string{"algorithm"}, Facet: "load", Label: akwLabel, XScale: Log, YScale: Log,
			Title: "Static networks: n vs. maximum response time", XLabel: "nodes n", YLabel: "max time units per CS entry"},
	},
	{
		Name:    "akw-mobile",
		Caption: "Local mutual exclusion on random waypoint: maximum response time vs n",
		Spec: LineSpec{Metric: "wait_max", X: "n", Series: []string{"algorithm"}, Facet: "speed_max", Label: akwLabel, XScale: Log, YScale: Log,
			Title: "Random waypoint: n vs. maximum response time", XLabel: "nodes n", YLabel: "max time units per CS entry"},
	},
	{
		Name:    "akw-failures",
		Caption: "Crash failures: measured failure locality (hops from a crash to the farthest blocked node) vs crash rate",
		Spec: LineSpec{Metric: "failure_locality", X: "crash_rate", Series: []string{"algorithm"}, Label: akwLabel,
			Title: "Failure locality vs. crash rate", XLabel: "crashes per time unit (plus node 0 at t = 50)", YLabel: "hops"},
	},
}

func akwLabel(column, value string) string {
	switch column {
	case "speed_max":
		return "maximum speed " + value
	case "load":
		return "λ_req = " + value
	}
	return lmeLabel(column, value)
}

// BoundFigure draws `bench check bounds`' measurements: maximum response time (units of
// τ + ν) against n (left column) and against the expected degree δ (right column), static
// (top) and mobile (bottom), log-log, one coloured line per algorithm. Each claimed bound is
// drawn over its algorithm's points as a dashed curve c·x^e, with c chosen so that the curve
// passes through the first point: measured points staying on or below it are consistent
// with the theorem's growth.
func BoundFigure(checks []analysis.BoundCheck) (*Figure, error) {
	if len(checks) == 0 {
		return nil, fmt.Errorf("plots: BoundFigure: no checks")
	}
	algos := []string{}
	for _, c := range checks {
		if !containsValue(algos, c.Claim.Name()) {
			algos = append(algos, c.Claim.Name())
		}
	}
	settings, vars := []string{"static", "mobile"}, []string{"n", "δ"}
	grid := make([][]*plot.Plot, len(settings))
	for r, setting := range settings {
		grid[r] = make([]*plot.Plot, len(vars))
		for col, v := range vars {
			p := plot.New()
			p.Title.Text = setting + ", vs " + v
			p.X.Label.Text, p.Y.Label.Text = v, "max wait / (τ+ν)"
			p.X.Scale, p.X.Tick.Marker = plot.LogScale{}, logTicks{}
			p.Y.Scale, p.Y.Tick.Marker = plot.LogScale{}, logTicks{}
			has := false
			for _, c := range checks {
				if c.Claim.Setting != setting || c.Claim.Var != v {
					continue
				}
				has = true
				k := indexOf(algos, c.Claim.Name())
				col := palette[k%len(palette)]
				pts := make(plotter.XYs, len(c.N))
				for i := range c.N {
					pts[i] = plotter.XY{X: c.N[i], Y: c.MaxWait[i]}
				}
				l, s, err := plotter.NewLinePoints(pts)
				if err != nil {
					return nil, err
				}
				l.Color, s.Color = col, col
				p.Add(l, s)
				p.Legend.Add(c.Claim.Name(), l)
				if !math.IsNaN(c.Claim.Exponent) {
					// sampled as a line (not a plotter.Function) so the axes extend to hold it
					x0, x1, y0, e := c.N[0], c.N[len(c.N)-1], c.MaxWait[0], c.Claim.Exponent
					curve := make(plotter.XYs, 33)
					for i := range curve {
						x := x0 * math.Pow(x1/x0, float64(i)/float64(len(curve)-1))
						curve[i] = plotter.XY{X: x, Y: y0 * math.Pow(x/x0, e)}
					}
					bl, err := plotter.NewLine(curve)
					if err != nil {
						return nil, err
					}
					bl.Color, bl.Dashes = col, []vg.Length{vg.Points(3), vg.Points(2)}
					p.Add(bl)
				}
			}
			if !has { // no data: a log axis needs a positive range
				p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = 1, 10, 1, 10
			}
			p.Legend.Top = true
			p.Legend.Left = true
			grid[r][col] = p
		}
	}
	w, h := 7*vg.Inch, 6*vg.Inch
	return &Figure{Width: w, Height: h, draw: func(c draw.Canvas) {
		tiles := draw.Tiles{Rows: len(settings), Cols: len(vars), PadX: vg.Points(6), PadY: vg.Points(6), PadTop: vg.Points(4), PadBottom: vg.Points(4), PadLeft: vg.Points(4), PadRight: vg.Points(8)}
		canvases := plot.Align(grid, tiles, c)
		for r := range grid {
			for col := range grid[r] {
				grid[r][col].Draw(canvases[r][col])
			}
		}
	}}, nil
}

func indexOf(s []string, v string) int {
	for i, x := range s {
		if x == v {
			return i
		}
	}
	return -1
}
