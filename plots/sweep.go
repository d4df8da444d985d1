package plots

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"

	"github.com/mutexlab/mutexlab/analysis"
)

// Figures of any sweep. A figure preset draws one paper's figure; a user's own grid (rl and
// rr over load and mobility, say) gets these instead: for each grid axis that varies, each
// main metric against it, one line per algorithm, with the sweep's other varying axes as
// more series, then as panels, then held at one value, within the limits below.

// Limits of one sweep figure. Eight series fill the legend's two columns of four rows (or,
// labelled by several columns, one column of eight) and stay apart in colour, dash and
// marker (styles has nine entries); four panels of 1.7 in keep a figure within a page's
// height.
const (
	MaxSweepSeries = 8
	MaxSweepPanels = 4
)

// baseMetrics are the measures every algorithm has, drawn in every sweep figure set.
var baseMetrics = []string{"wait_mean", "msgs_per_cs"}

// familyMetrics are the further measures each algorithm's family is studied by, drawn when
// the sweep has an algorithm of the family and the metric takes two values or more (one
// priority class makes every inversion count 0, which a figure would only repeat):
// priority inversions for prioritized h-out-of-k (Jiang), concurrency for group mutual
// exclusion (Jiang), the maximum wait, which the response-time bounds of local mutual
// exclusion are about (Attiya, Kogan and Welch), with failure locality under crashes, and
// drs's competition trials per lock.
var familyMetrics = map[string][]string{
	"hk":   {"hk_inversions_per_cs"},
	"gme":  {"gme_concurrency_mean"},
	"drs":  {"wait_max", "drs_trials_per_lock", "failure_locality"},
	"cm":   {"wait_max", "failure_locality"},
	"akw1": {"wait_max", "failure_locality"},
	"akw2": {"wait_max", "failure_locality"},
}

// SweepFigure is one figure of a sweep: a preset built for the data, and what it leaves
// out of the data (axes held at one value), which its figure's Notes repeat.
type SweepFigure struct {
	Preset
	LeftOut []string
}

// FromDataset draws the figure as Preset.FromDataset does, its notes starting with what it
// leaves out.
func (f SweepFigure) FromDataset(d *analysis.Dataset) (*Figure, error) {
	fig, err := f.Preset.FromDataset(d)
	if err != nil {
		return nil, err
	}
	fig.Notes = append(slices.Clip(f.LeftOut), fig.Notes...)
	return fig, nil
}

// SweepMetrics returns the main metrics of the data's algorithms that d holds values of:
// the base metrics, then each family's (see familyMetrics), in a fixed order.
func SweepMetrics(d *analysis.Dataset) []string {
	algos := values(d.Column("algorithm"))
	var out []string
	for _, m := range baseMetrics {
		if c := d.Column(m); c != nil && c.Nulls < d.Rows() {
			out = append(out, m)
		}
	}
	for _, a := range algos {
		for _, m := range familyMetrics[a] {
			if c := d.Column(m); c != nil && !slices.Contains(out, m) && len(values(c)) >= 2 {
				out = append(out, m)
			}
		}
	}
	return out
}

// SweepNeed lists the columns SweepFigures and the figures' FromDataset read, of those
// available: the algorithm, every parameter and the sweep's point (to find what a point
// pools), and the candidate metrics (or the metrics asked for).
func SweepNeed(available, metrics []string) []string {
	if len(metrics) == 0 {
		metrics = slices.Clone(baseMetrics)
		for _, ms := range familyMetrics {
			metrics = append(metrics, ms...)
		}
	}
	cols := slices.Concat([]string{"algorithm", "point"}, analysis.ParametersIn(available), metrics)
	slices.Sort(cols)
	cols = slices.Compact(cols)
	return slices.DeleteFunc(cols, func(c string) bool { return !slices.Contains(available, c) })
}

// Sweep says which figures of a sweep to draw.
type Sweep struct {
	// Axes are the sweep's grid axes, in the spec's order: those that take two values or
	// more in the data are the x axes, and the lines and panels of each other's figures.
	Axes []string
	// Against, if set, are the only x axes (each must vary and be numeric); the other
	// varying Axes still become lines, panels or are held.
	Against []string
	// Metrics are the y axes, one figure each; SweepMetrics if none.
	Metrics []string
	// Keep restricts columns to the values it lists, as LineSpec.Keep does, in every
	// figure: an axis kept at one value is fixed, not varied.
	Keep map[string][]string
}

// SweepFigures returns the figures of a sweep: for each x axis, each metric against it.
// notes say which axes no figure has on its x axis, and why. It fails when no axis varies,
// an axis of Against does not vary or is not numeric, or a metric was not loaded.
func SweepFigures(d *analysis.Dataset, sw Sweep) (figs []SweepFigure, notes []string, err error) {
	metrics := sw.Metrics
	if len(metrics) == 0 {
		metrics = SweepMetrics(d)
	}
	for _, m := range metrics {
		if d.Column(m) == nil {
			return nil, nil, fmt.Errorf("plot: metric %q was not loaded", m)
		}
	}
	for _, a := range sw.Against {
		switch vals := keptValues(d, a, sw.Keep); {
		case len(vals) < 2:
			return nil, nil, fmt.Errorf("plot: %s takes %d value(s) in the data (%s), so nothing varies along it", a, len(vals), strings.Join(vals, ", "))
		case d.Column(a).Num == nil:
			return nil, nil, fmt.Errorf("plot: %s is not numeric (%s), so it cannot be an x axis", a, strings.Join(vals, ", "))
		}
	}
	var varying []string
	for _, a := range slices.Concat(sw.Axes, sw.Against) {
		if !slices.Contains(varying, a) && len(keptValues(d, a, sw.Keep)) >= 2 {
			varying = append(varying, a)
		}
	}
	if len(varying) == 0 {
		return nil, nil, fmt.Errorf("plot: no grid axis takes two values in the data (axes: %s)", strings.Join(sw.Axes, ", "))
	}
	xs := varying
	if len(sw.Against) > 0 {
		xs = sw.Against
	}
	for _, x := range xs {
		if d.Column(x).Num == nil {
			notes = append(notes, fmt.Sprintf("%s is not numeric, so no figure has it on the x axis; the others show it as lines or panels.", x))
			continue
		}
		others := slices.DeleteFunc(slices.Clone(varying), func(a string) bool { return a == x })
		for _, m := range metrics {
			if f, ok := sweepFigure(d, x, m, others, sw.Keep); ok {
				figs = append(figs, f)
			}
		}
	}
	return figs, notes, nil
}

// sweepFigure lays out metric m against axis x: one line per algorithm with a value of m
// (of m's family, for a family metric), the other varying axes as more series while at
// most MaxSweepSeries lines result, then one as panels (at most MaxSweepPanels), and the
// rest held at their smallest value, which LeftOut names. false: no algorithm has m.
func sweepFigure(d *analysis.Dataset, x, m string, others []string, keep map[string][]string) (SweepFigure, bool) {
	// An algorithm without the x parameter (rl beside hk against k) has no place on the axis.
	withX := algorithmsWith(d, x)
	algos := slices.DeleteFunc(algorithmsWith(d, m), func(a string) bool {
		return !slices.Contains(withX, a) || keep["algorithm"] != nil && !slices.Contains(keep["algorithm"], a)
	})
	if len(algos) == 0 {
		return SweepFigure{}, false
	}
	s := LineSpec{Metric: m, X: x, Series: []string{"algorithm"}, Keep: maps.Clone(keep)}
	if s.Keep == nil {
		s.Keep = map[string][]string{}
	}
	if all := values(d.Column("algorithm")); !slices.Equal(all, algos) || keep["algorithm"] != nil {
		s.Keep["algorithm"] = algos
	}
	var leftOut []string
	lines := len(algos)
	for _, o := range others {
		vals := keptValues(d, o, keep)
		switch {
		case lines*len(vals) <= MaxSweepSeries:
			s.Series = append(s.Series, o)
			lines *= len(vals)
		case s.Facet == "" && len(vals) <= MaxSweepPanels:
			s.Facet = o
		default:
			s.Keep[o] = vals[:1]
			leftOut = append(leftOut, fmt.Sprintf("%s is held at %s, beyond %d lines and %d panels: its other values (%s) are left out; --keep %s=VALUE draws one of them.",
				o, vals[0], MaxSweepSeries, MaxSweepPanels, strings.Join(vals[1:], ", "), o))
		}
	}
	name := m + "-vs-" + x
	about := fmt.Sprintf("%s vs %s", AxisLabel(m), AxisLabel(x))
	return SweepFigure{Preset: Preset{Name: name, Caption: about, Spec: s}, LeftOut: leftOut}, true
}

// algorithmsWith returns the algorithms with a value of m on some row, in ascending order;
// for a family metric, only those of a family that lists it.
func algorithmsWith(d *analysis.Dataset, m string) []string {
	alg, col := d.Column("algorithm"), d.Column(m)
	var out []string
	for r := range d.Rows() {
		a := alg.Text(r)
		if slices.Contains(out, a) || col.Num != nil && math.IsNaN(col.Num[r]) {
			continue
		}
		if !slices.Contains(baseMetrics, m) && isFamilyMetric(m) && !slices.Contains(familyMetrics[a], m) {
			continue
		}
		out = append(out, a)
	}
	slices.Sort(out)
	return out
}

func isFamilyMetric(m string) bool {
	for _, ms := range familyMetrics {
		if slices.Contains(ms, m) {
			return true
		}
	}
	return false
}

// keptValues returns the values of column c in d that keep admits: those it lists for c,
// in its order, or every value in ascending order.
func keptValues(d *analysis.Dataset, c string, keep map[string][]string) []string {
	all := values(d.Column(c))
	want, ok := keep[c]
	if !ok {
		return all
	}
	var out []string
	for _, w := range want {
		if i := slices.IndexFunc(all, func(v string) bool { return sameValue(v, w) }); i >= 0 {
			out = append(out, all[i])
		}
	}
	return out
}

// values returns the distinct non-null values of c, in ascending order (numerically for
// numbers).
func values(c *analysis.Column) []string {
	if c == nil {
		return nil
	}
	seen := map[string]bool{}
	var out []string
	for r := range len(c.Num) + len(c.Str) {
		if v := c.Text(r); v != analysis.Null && !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	slices.SortFunc(out, func(a, b string) int { return LineSpec{}.compareValue("", a, b) })
	return out
}
