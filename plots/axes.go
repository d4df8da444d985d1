package plots

import (
	"fmt"
	"math"
	"slices"
	"strings"
)

// axes are the shared ranges and scales of every panel of a figure.
type axes struct {
	logX, logY bool
	xmin, xmax float64
	ymin, ymax float64
	xs         []float64 // every x shown, for dataTicks
}

// maxNamed bounds how many left-out values or points a note lists.
const maxNamed = 4

// axes decides the scales, leaves out what a log axis cannot show and sets the ranges.
//
// The policy for values a log axis cannot show, everywhere: a point whose x is ≤ 0 on a log
// x axis, or whose mean is ≤ 0 on a log y axis, is left out of the figure and named in a
// note (Figure.Notes, which bench plot prints); if no point is left, that is an error naming
// the values. An error bar whose lower end is ≤ 0 is drawn down to the bottom of the panel,
// never shortened. Auto picks a log axis only when every value is positive, so only an
// explicit Log leaves points out.
func (s LineSpec) axes(panels []*panel) (axes, []string, error) {
	var ax axes
	var notes []string
	var xs, ys []float64
	for _, pt := range allPoints(panels) {
		xs, ys = append(xs, pt.x), append(ys, pt.y)
	}
	ax.logX, ax.logY = useLog(s.XScale, xs), useLog(s.YScale, ys)
	if ax.logX {
		n, err := s.dropNonPositive(panels, "x", s.X, func(p point) float64 { return p.x })
		if err != nil {
			return ax, nil, err
		}
		notes = append(notes, n...)
	}
	if ax.logY {
		n, err := s.dropNonPositive(panels, "y", s.Metric, func(p point) float64 { return p.y })
		if err != nil {
			return ax, nil, err
		}
		notes = append(notes, n...)
	}
	if err := ax.setRanges(allPoints(panels)); err != nil {
		return ax, nil, fmt.Errorf("plot: %s against %s: %v", s.Metric, s.X, err)
	}
	return ax, notes, nil
}

func allPoints(panels []*panel) []point {
	var out []point
	for _, p := range panels {
		for _, l := range p.lines {
			out = append(out, l.points...)
		}
	}
	return out
}

// useLog decides an axis scale from the values it must show.
func useLog(sc Scale, vals []float64) bool {
	switch sc {
	case Linear:
		return false
	case Log:
		return true
	}
	if len(vals) == 0 || slices.Min(vals) <= 0 {
		return false
	}
	return slices.Max(vals)/slices.Min(vals) >= 100
}

// dropNonPositive removes the points whose value of the axis is ≤ 0 and returns a note
// naming them, or an error when nothing is left.
func (s LineSpec) dropNonPositive(panels []*panel, axis, column string, val func(point) float64) ([]string, error) {
	var dropped []string
	kept := 0
	for _, p := range panels {
		for _, l := range p.lines {
			l.points = slices.DeleteFunc(l.points, func(pt point) bool {
				if val(pt) > 0 {
					return false
				}
				dropped = append(dropped, s.describe(p, l, pt, axis))
				return true
			})
			kept += len(l.points)
		}
	}
	if len(dropped) == 0 {
		return nil, nil
	}
	what := fmt.Sprintf("%d of %d points where %s ≤ 0 (%s)", len(dropped), len(dropped)+kept, column, listSome(dropped))
	if kept == 0 {
		return nil, fmt.Errorf("plot: a log %s axis cannot show %s ≤ 0, and every point has it (%s); use a linear scale", axis, column, listSome(dropped))
	}
	return []string{fmt.Sprintf("log %s axis: left out %s", axis, what)}, nil
}

// describe names a point for a note: its x value, or its series, facet and mean.
func (s LineSpec) describe(p *panel, l *line, pt point, axis string) string {
	if axis == "x" {
		return s.X + " = " + formatTick(pt.x)
	}
	var parts []string
	for i, c := range s.Series {
		parts = append(parts, s.Label(c, l.key[i]))
	}
	if p.facet != "" {
		parts = append(parts, s.Label(s.Facet, p.facet))
	}
	parts = append(parts, fmt.Sprintf("%s = %s: %g", s.X, formatTick(pt.x), pt.y))
	return strings.Join(parts, ", ")
}

// listSome joins the distinct items, naming at most maxNamed.
func listSome(items []string) string {
	items = slices.Compact(slices.Clone(items))
	if len(items) > maxNamed {
		return strings.Join(items[:maxNamed], "; ") + fmt.Sprintf("; and %d more", len(items)-maxNamed)
	}
	return strings.Join(items, "; ")
}

// setRanges sets both axes to hold every point and error bar, with a margin. Values whose
// range overflows float64 are an error rather than a plot that cannot be drawn.
func (ax *axes) setRanges(pts []point) error {
	var ys []float64
	for _, pt := range pts {
		ax.xs = append(ax.xs, pt.x)
		ys = append(ys, pt.y, pt.y+pt.ci)
		if !ax.logY || pt.y-pt.ci > 0 {
			ys = append(ys, pt.y-pt.ci)
		}
	}
	if ax.logX {
		ax.xmin, ax.xmax = padLog(slices.Min(ax.xs), slices.Max(ax.xs), 1.12, 0.03)
	} else {
		ax.xmin, ax.xmax = padLinear(slices.Min(ax.xs), slices.Max(ax.xs), 0.03, false)
	}
	if ax.logY {
		ax.ymin, ax.ymax = padLog(slices.Min(ys), slices.Max(ys), 1.3, 0.05)
	} else {
		ax.ymin, ax.ymax = padLinear(slices.Min(ys), slices.Max(ys), 0.05, slices.Min(ys) >= 0)
	}
	ok := func(lo, hi float64, log bool) bool {
		return lo < hi && !math.IsInf(lo, 0) && !math.IsInf(hi, 0) && (!log || lo > 0)
	}
	if !ok(ax.xmin, ax.xmax, ax.logX) || !ok(ax.ymin, ax.ymax, ax.logY) {
		return fmt.Errorf("values too large or too small to plot (x %g..%g, y %g..%g)", slices.Min(ax.xs), slices.Max(ax.xs), slices.Min(ys), slices.Max(ys))
	}
	return nil
}

// padLog widens a positive range at each end by frac of its width in decades, and at
// least by the factor f (a single value gets a factor of 2).
func padLog(lo, hi, f, frac float64) (float64, float64) {
	if hi/lo < 1+1e-9 {
		f = 2
	}
	f = max(f, math.Pow(hi/lo, frac))
	return lo / f, hi * f
}

// padLinear widens [lo, hi] by frac of its width at each end, and gives a single value a
// range around it. floorZero keeps an axis of non-negative values from going below 0.
func padLinear(lo, hi, frac float64, floorZero bool) (float64, float64) {
	w := hi/2 - lo/2 // halves first: hi − lo overflows for values near ±MaxFloat64
	if w <= 1e-9*math.Max(math.Abs(lo), math.Abs(hi)) {
		w, frac = math.Max(math.Abs(hi), 1)/4, 1
	}
	lo, hi = lo-2*frac*w, hi+2*frac*w
	if floorZero && lo < 0 {
		lo = 0
	}
	return lo, hi
}
