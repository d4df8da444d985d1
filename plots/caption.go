package plots

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"

	"github.com/mutexlab/mutexlab/analysis"
	"github.com/mutexlab/mutexlab/results/columns"
)

// Pooled is a parameter that a figure's points average over, with the values it took.
type Pooled struct {
	Column string
	Values []string
}

// maxPooledValues bounds the values of one pooled parameter that the caption lists.
const maxPooledValues = 5

// caption says what each point is: a mean with its 95% CI over how many trials, at which
// fixed parameter values (those Keep holds at one value, then Fixed), pooled over which
// parameters. It is drawn above the legend (unless NoCaption) and returned as
// Figure.Caption for a paper's own caption.
func (s LineSpec) caption(panels []*panel, ax axes) string {
	lo, hi := -1, -1
	for _, pt := range allPoints(panels) {
		if lo < 0 || pt.n < lo {
			lo = pt.n
		}
		hi = max(hi, pt.n)
	}
	trials := fmt.Sprintf("%d", lo)
	if hi != lo {
		trials = fmt.Sprintf("%d–%d", lo, hi)
	}
	parts := []string{fmt.Sprintf("Mean ± 95%% CI of %s trials per point.", trials)}
	switch hidden, all := hiddenBars(allPoints(panels), ax); {
	case hi == 1:
		parts = []string{"One trial per point (no CI)."}
	case hidden == all:
		parts = append(parts, "The CIs are narrower than the markers.")
	case hidden > 0:
		parts = append(parts, "Where no bar shows, the CI is narrower than the marker.")
	}
	var fixed []string
	for _, c := range keys(s.Keep) {
		if len(s.Keep[c]) == 1 && !s.shows(c) {
			l := s.Label(c, s.Keep[c][0])
			if c == "algorithm" {
				l += " only"
			}
			fixed = append(fixed, l)
		}
	}
	for _, f := range s.Fixed {
		fixed = append(fixed, s.Label(f.Column, f.Value))
	}
	if len(fixed) > 0 {
		parts = append(parts, "Fixed: "+strings.Join(fixed, ", ")+".")
	}
	var pooled []string
	for _, p := range s.Pooled {
		vals := p.Values
		if len(vals) > maxPooledValues {
			vals = append(slices.Clip(vals[:maxPooledValues-1]), "…")
		}
		pooled = append(pooled, fmt.Sprintf("%s (%s)", p.Column, strings.Join(vals, ", ")))
	}
	if len(pooled) > 0 {
		parts = append(parts, "Pooled over "+strings.Join(pooled, "; ")+".")
	}
	return strings.Join(parts, " ")
}

// hiddenBars counts the points (of all) whose error bar is too short to show beside the
// marker: shorter than 3% of the axis, about a marker's diameter.
func hiddenBars(pts []point, ax axes) (hidden, all int) {
	for _, pt := range pts {
		frac := 2 * pt.ci / (ax.ymax - ax.ymin)
		if ax.logY {
			frac = math.Log((pt.y+pt.ci)/math.Max(pt.y-pt.ci, ax.ymin)) / math.Log(ax.ymax/ax.ymin)
		}
		if frac < 0.03 {
			hidden++
		}
	}
	return hidden, len(pts)
}

// shows reports whether the figure draws column as its x, a series or its facet.
func (s LineSpec) shows(column string) bool {
	return column == s.X || column == s.Facet || slices.Contains(s.Series, column)
}

// PooledParams finds the parameters that the points of the figure average over: those
// among params (columns of d) that take more than one value within one point — the rows
// Keep admits that share x, series and facet values. Two kinds of column that vary within
// a point are not pooled parameters:
//   - one that only changes from one point to another (k, which rl rows lack and hk rows
//     have);
//   - a measured outcome: one that varies between the trials of one sweep grid point
//     (the "point" column, when d has it and it is a grid index: every algorithm runs at
//     every point, and the other x, series and facet values never vary within one), such as the initial links of a random-waypoint
//     network.
//
// A column whose values follow from an earlier pooled one (links and degree from
// connectivity at a fixed n) is not listed again; connectivity goes first. Values are in
// ascending order.
func PooledParams(d *analysis.Dataset, s LineSpec, params []string) ([]Pooled, error) {
	shown, cols, err := figureColumns(d, s, params)
	if err != nil {
		return nil, err
	}
	pointOf := figurePoints(d, s, shown, cols)
	sweepPoint := d.Column("point")
	gridColumn := func(c string) bool { return c != "algorithm" && variesWithin(cols[c], sweepPoint.Text, pointOf) }
	if sweepPoint != nil && slices.ContainsFunc(shown, gridColumn) {
		sweepPoint = nil // not a grid index (a file not written by a sweep)
	}
	params = slices.Clone(params)
	slices.SortStableFunc(params, func(a, b string) int { return boolOrder(a == "links" || a == "degree", b == "links" || b == "degree") })
	var out []Pooled
	var kept []*analysis.Column
	for _, c := range params {
		if s.shows(c) || len(s.Keep[c]) == 1 || (sweepPoint != nil && gridColumn(c)) {
			continue
		}
		p, ok := pooledColumn(c, cols[c], pointOf)
		if !ok || slices.ContainsFunc(kept, func(k *analysis.Column) bool { return determines(k, cols[c], pointOf) }) {
			continue
		}
		out = append(out, p)
		kept = append(kept, cols[c])
	}
	return out, nil
}

// PooledText renders pooled parameters as bench report's note and the HTML report say
// them: "load (3 values: 0.01, 0.1, 1)", the first four values of a longer list and "…".
func PooledText(pooled []Pooled) string {
	parts := make([]string, len(pooled))
	for i, p := range pooled {
		vals := p.Values
		if len(vals) > 5 {
			vals = append(slices.Clip(vals[:4]), "…")
		}
		parts[i] = fmt.Sprintf("%s (%d values: %s)", p.Column, len(p.Values), strings.Join(vals, ", "))
	}
	return strings.Join(parts, ", ")
}

// Setting is a parameter that holds one value over all of a figure's points.
type Setting struct {
	Column, Value string
}

// captionParams are the parameters a caption names when they hold one value over a
// figure's points: the network and workload that define the experiment, and the model
// parameters of the algorithm families (hk's k, h and priority classes, gme's m). The
// measurement procedure (warm-up, window, budgets) is the results file's to record, not
// the caption's.
var captionParams = []string{"n", "connectivity", "degree", "load", "mobility", "delay", "k", "h", "priority_levels", "m"}

// FixedParams finds the parameters of captionParams among params (columns of d) that take
// one value over the rows Keep admits and that the figure neither shows nor keeps: the
// caption names them, so a figure says the setting it was drawn at (see oneValue for
// nulls).
func FixedParams(d *analysis.Dataset, s LineSpec, params []string) ([]Setting, error) {
	shown, cols, err := figureColumns(d, s, params)
	if err != nil {
		return nil, err
	}
	pointOf := figurePoints(d, s, shown, cols)
	one := map[string]string{}
	for _, c := range captionParams {
		if slices.Contains(params, c) && !s.shows(c) && s.Keep[c] == nil {
			if v, ok := oneValue(d, c, pointOf); ok {
				one[c] = v
			}
		}
	}
	// connectivity and degree follow from each other at a fixed n: the one the spec set is
	// the one written shorter (0.2, not 0.2608695652); the other was derived from it
	if conn, ok := one["connectivity"]; ok {
		if deg, ok := one["degree"]; ok && len(deg) < len(conn) {
			delete(one, "connectivity")
		} else {
			delete(one, "degree")
		}
	}
	var out []Setting
	for _, c := range captionParams {
		if v, ok := one[c]; ok {
			out = append(out, Setting{Column: c, Value: v})
		}
	}
	return out, nil
}

// oneValue returns the value column c takes on every row kept in pointOf, if it takes
// one. A null where c does not apply (h on rl's rows beside hk's) does not count; a null
// where it applies is another setting (h on hk's rows with h uniform on 1..k), so c is not
// fixed.
func oneValue(d *analysis.Dataset, c string, pointOf []string) (string, bool) {
	col, alg := d.Column(c), d.Column("algorithm")
	info, known := columns.Lookup(c)
	applies := func(r int) bool {
		return !known || info.Algorithms == nil || alg == nil || slices.Contains(info.Algorithms, alg.Text(r))
	}
	seen := map[string]bool{}
	for r, key := range pointOf {
		if key == "" {
			continue
		}
		if v := col.Text(r); v != analysis.Null {
			seen[v] = true
		} else if applies(r) {
			return "", false
		}
	}
	if len(seen) != 1 {
		return "", false
	}
	return slices.Collect(maps.Keys(seen))[0], true
}

// figureColumns loads the columns the figure shows, keeps and checks among params.
func figureColumns(d *analysis.Dataset, s LineSpec, params []string) ([]string, map[string]*analysis.Column, error) {
	shown := slices.DeleteFunc(slices.Concat([]string{s.X, s.Facet}, s.Series), func(c string) bool { return c == "" })
	cols := map[string]*analysis.Column{}
	for _, c := range slices.Concat(shown, keys(s.Keep), params) {
		if cols[c] = d.Column(c); cols[c] == nil {
			return nil, nil, fmt.Errorf("plot: column %q was not loaded", c)
		}
	}
	return shown, cols, nil
}

// figurePoints returns each row's figure point (x, series and facet values), "" for rows
// Keep drops.
func figurePoints(d *analysis.Dataset, s LineSpec, shown []string, cols map[string]*analysis.Column) []string {
	keepCols := keys(s.Keep)
	pointOf := make([]string, d.Rows())
	for r := range pointOf {
		if !keepsRow(s.Keep, keepCols, cols, r) {
			continue
		}
		var k strings.Builder
		for _, c := range shown {
			k.WriteString(cols[c].Text(r) + "\x00")
		}
		pointOf[r] = k.String() + "\x01"
	}
	return pointOf
}

// variesWithin reports whether col takes two values among the kept rows of one group.
func variesWithin(col *analysis.Column, group func(r int) string, pointOf []string) bool {
	first := map[string]string{}
	for r, key := range pointOf {
		if key == "" {
			continue
		}
		g, v := group(r), col.Text(r)
		if f, ok := first[g]; !ok {
			first[g] = v
		} else if f != v {
			return true
		}
	}
	return false
}

// determines reports whether a's value fixes b's on every kept row.
func determines(a, b *analysis.Column, pointOf []string) bool {
	return !variesWithin(b, a.Text, pointOf)
}

// pooledColumn reports whether col varies within a figure point, and the values it takes.
func pooledColumn(name string, col *analysis.Column, pointOf []string) (Pooled, bool) {
	if !variesWithin(col, func(r int) string { return pointOf[r] }, pointOf) {
		return Pooled{}, false
	}
	seen := map[string]bool{}
	p := Pooled{Column: name}
	for r, key := range pointOf {
		if v := col.Text(r); key != "" && !seen[v] {
			seen[v] = true
			p.Values = append(p.Values, v)
		}
	}
	slices.SortFunc(p.Values, func(a, b string) int { return LineSpec{}.compareValue(name, a, b) })
	return p, true
}

func keepsRow(keep map[string][]string, keepCols []string, cols map[string]*analysis.Column, r int) bool {
	for _, c := range keepCols {
		v := cols[c].Text(r)
		if !slices.ContainsFunc(keep[c], func(w string) bool { return sameValue(v, w) }) {
			return false
		}
	}
	return true
}
