package plots

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/mutexlab/mutexlab/analysis"
	"gonum.org/v1/plot/vg"
)

// Scale chooses an axis scale.
type Scale int

// Axis scales: Auto is logarithmic when all values are positive and span two decades or more.
const (
	Auto Scale = iota
	Linear
	Log
)

// LineSpec describes a figure of lines with error bars.
type LineSpec struct {
	Metric string   // y: a metric column of the table
	X      string   // x: a parameter column of the table
	Series []string // one line per combination of these columns' values (may be empty)
	Facet  string   // one panel per value of this column ("" for a single panel)

	// Keep restricts a column to the listed values (numbers matched within 1e-6 relative,
	// text exactly); columns not named keep every value. When Keep lists the values of the
	// facet or of a series column, panels and lines follow that order; otherwise values are
	// in ascending order.
	Keep map[string][]string

	Title          string // above the figure; "" for none (a paper sets its own caption)
	XLabel, YLabel string // default: AxisLabel of the column, with its unit
	XScale, YScale Scale
	// Label renders a value of a series or facet column; nil shows "column=value", and
	// algorithm names in upper case.
	Label func(column, value string) string

	// Pooled lists the parameters each point averages over: they vary within a point's
	// trials and are none of X, Series and Facet. FromDataset fills it; the caption names
	// them. Build on a ready table cannot know them and leaves it nil.
	Pooled []Pooled
	// Fixed lists the parameters that hold one value over the figure's points (those of
	// captionParams the figure neither shows nor keeps). FromDataset fills it; the caption
	// names them after the values Keep fixes.
	Fixed []Setting
	// NoCaption leaves the caption line (trials per point, fixed and pooled parameters)
	// out of the image; Figure.Caption still holds it.
	NoCaption bool

	Width       vg.Length // default 3.5 in (one column)
	PanelHeight vg.Length // default 1.7 in
}

// point is one mean with its CI and the number of trials behind it.
type point struct {
	x, y, ci float64
	n        int
}

type line struct {
	key    []string // series values
	points []point
}

type panel struct {
	facet string
	lines []*line
}

// Lines builds the figure from t, which must be grouped by (at least) X, Series and Facet
// and hold Metric. It fails on names t lacks, on a table with no points left after Keep,
// and on NaN or infinite means. On a log axis, points it cannot show (x ≤ 0, or a mean
// ≤ 0) are left out and named in Figure.Notes; if none is left, that is an error.
func Lines(t *analysis.Table, s LineSpec) (*Figure, error) {
	s = s.withDefaults()
	panels, left, err := s.collect(t)
	if err != nil {
		return nil, err
	}
	s.order(panels)
	ax, notes, err := s.axes(panels)
	if err != nil {
		return nil, err
	}
	f, err := s.figure(panels, ax)
	if err != nil {
		return nil, err
	}
	f.Notes = append(left, notes...)
	return f, nil
}

// collect groups the table's rows that Keep admits into panels and lines. A group where x
// or the metric is null (it does not apply there: k for rl, a gme metric for rl) has no
// point; the note it returns says which were left out.
func (s LineSpec) collect(t *analysis.Table) ([]*panel, []string, error) {
	m := slices.Index(t.Metrics, s.Metric)
	if m < 0 {
		return nil, nil, fmt.Errorf("plot: metric %q not aggregated; available: %s", s.Metric, strings.Join(t.Metrics, ", "))
	}
	idx, err := s.columnIndex(t.By)
	if err != nil {
		return nil, nil, err
	}
	var panels []*panel
	var null []string // the groups left out
	for g := range t.Len() {
		key, nums, stats := t.Group(g)
		if !s.keeps(key, nums, idx) {
			continue
		}
		x, st := nums[idx[s.X]], stats[m]
		if key[idx[s.X]] == analysis.Null || st.N == 0 {
			null = append(null, groupName(t.By, key))
			continue
		}
		if math.IsNaN(x) {
			return nil, nil, fmt.Errorf("plot: x parameter %q has the non-numeric value %q", s.X, key[idx[s.X]])
		}
		if math.IsNaN(st.Mean) || math.IsInf(st.Mean, 0) {
			return nil, nil, fmt.Errorf("plot: %s is %v at %s", s.Metric, st.Mean, strings.Join(key, " "))
		}
		facet := ""
		if s.Facet != "" {
			facet = key[idx[s.Facet]]
		}
		p := findOrAdd(&panels, func(p *panel) bool { return p.facet == facet }, &panel{facet: facet})
		skey := make([]string, len(s.Series))
		for i, c := range s.Series {
			skey[i] = key[idx[c]]
		}
		l := findOrAdd(&p.lines, func(l *line) bool { return slices.Equal(l.key, skey) }, &line{key: skey})
		ci := st.CI95
		if math.IsNaN(ci) { // one trial: no interval, no bar
			ci = 0
		}
		l.points = append(l.points, point{x, st.Mean, ci, st.N})
	}
	if len(panels) == 0 {
		return nil, nil, fmt.Errorf("plot: no data left to plot %s against %s", s.Metric, s.X)
	}
	var notes []string
	if len(null) > 0 {
		more := ""
		if len(null) > 3 {
			null, more = null[:3], fmt.Sprintf(" and %d more", len(null)-3)
		}
		notes = append(notes, fmt.Sprintf("not drawn, where %s or %s is null (it does not apply): %s%s", s.X, s.Metric, strings.Join(null, "; "), more))
	}
	return panels, notes, nil
}

// groupName renders a group's key as "k=null algorithm=rl".
func groupName(by, key []string) string {
	parts := make([]string, len(key))
	for i := range key {
		parts[i] = by[i] + "=" + key[i]
	}
	return strings.Join(parts, " ")
}

// columnIndex finds each column the spec names among the table's group columns.
func (s LineSpec) columnIndex(by []string) (map[string]int, error) {
	cols := slices.Concat([]string{s.X}, s.Series, keys(s.Keep))
	if s.Facet != "" {
		cols = append(cols, s.Facet)
	}
	idx := map[string]int{}
	for _, c := range cols {
		i := slices.Index(by, c)
		if i < 0 {
			return nil, fmt.Errorf("plot: parameter %q not in the table; available: %s", c, strings.Join(by, ", "))
		}
		idx[c] = i
	}
	return idx, nil
}

func findOrAdd[T any](list *[]*T, match func(*T) bool, fresh *T) *T {
	if i := slices.IndexFunc(*list, match); i >= 0 {
		return (*list)[i]
	}
	*list = append(*list, fresh)
	return fresh
}

// order sorts panels by facet value, lines by series key and points by x.
func (s LineSpec) order(panels []*panel) {
	slices.SortStableFunc(panels, func(a, b *panel) int { return s.compareValue(s.Facet, a.facet, b.facet) })
	for _, p := range panels {
		slices.SortStableFunc(p.lines, func(a, b *line) int {
			for i, c := range s.Series {
				if r := s.compareValue(c, a.key[i], b.key[i]); r != 0 {
					return r
				}
			}
			return 0
		})
		for _, l := range p.lines {
			slices.SortFunc(l.points, func(a, b point) int { return cmp.Compare(a.x, b.x) })
		}
	}
}

// compareValue orders two values of a column: by their place in Keep when Keep lists the
// column, else numerically when both are numbers, else as text.
func (s LineSpec) compareValue(column, a, b string) int {
	if want, ok := s.Keep[column]; ok {
		ia := slices.IndexFunc(want, func(w string) bool { return sameValue(a, w) })
		ib := slices.IndexFunc(want, func(w string) bool { return sameValue(b, w) })
		if r := cmp.Compare(ia, ib); r != 0 {
			return r
		}
	}
	fa, ea := strconv.ParseFloat(a, 64)
	fb, eb := strconv.ParseFloat(b, 64)
	if ea == nil && eb == nil {
		return cmp.Compare(fa, fb)
	}
	return strings.Compare(a, b)
}

func keys(m map[string][]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func (s LineSpec) withDefaults() LineSpec {
	if s.Width == 0 {
		s.Width = 3.5 * vg.Inch
	}
	if s.PanelHeight == 0 {
		s.PanelHeight = 1.7 * vg.Inch
	}
	if s.XLabel == "" {
		s.XLabel = AxisLabel(s.X)
	}
	if s.YLabel == "" {
		s.YLabel = AxisLabel(s.Metric)
	}
	if s.Label == nil {
		s.Label = DefaultLabel
	}
	return s
}

// DefaultLabel renders a value of a series, facet or fixed column: algorithm names in upper
// case, the rates the papers name by symbol as "λ_req = 0.1", others as "column = value".
func DefaultLabel(column, value string) string {
	switch column {
	case "algorithm":
		return strings.ToUpper(value)
	case "load":
		return "λ_req = " + value
	case "mobility":
		return "λ_mob = " + value
	}
	return column + " = " + value
}

// keeps reports whether Keep admits a group with this key.
func (s LineSpec) keeps(key []string, nums []float64, idx map[string]int) bool {
	for c, vals := range s.Keep {
		i := idx[c]
		if !slices.ContainsFunc(vals, func(v string) bool { return v == key[i] || sameNumber(nums[i], v) }) {
			return false
		}
	}
	return true
}

// sameValue reports whether two values are one: equal as text, or as numbers within 1e-6
// relative.
func sameValue(a, b string) bool {
	if a == b {
		return true
	}
	fa, err := strconv.ParseFloat(a, 64)
	return err == nil && sameNumber(fa, b)
}

func sameNumber(x float64, v string) bool {
	f, err := strconv.ParseFloat(v, 64)
	return err == nil && !math.IsNaN(x) && math.Abs(x-f) <= 1e-6*math.Abs(f)
}
