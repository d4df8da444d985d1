package htmlreport

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mutexlab/mutexlab/analysis"
	"github.com/mutexlab/mutexlab/plots"
)

// MaxSummaryRows bounds the groups the summary table shows; bench report prints them all.
const MaxSummaryRows = 1000

// summaryMetrics are always in the summary (where the file has them), before the figures'.
var summaryMetrics = []string{"wait_mean", "msgs_per_cs"}

// Summary is the table of means ± 95% CIs by algorithm and grid axis.
type Summary struct {
	Columns []Heading  // the group columns, then the metrics
	Keys    int        // how many of Columns are group columns
	Rows    [][]string // one line per group: its key, the trials, a cell per metric
	Omitted int        // groups beyond MaxSummaryRows, left out
	Notes   []string   // null counts and pooled parameters, as bench report prints them
	// Warnings say how many trials carry a measurement warning and what to change.
	Warnings []string
	Command  string // the bench report command that prints the whole table
}

// Heading is a column of a table: its name in the file and its label with unit.
type Heading struct{ Name, Label string }

// summarize aggregates the file's data d by algorithm and axes over the metrics it has;
// path is the file's, for the bench report command that prints the same.
func summarize(d *analysis.Dataset, path string, axes, metrics []string) (Summary, error) {
	by := []string{"algorithm"}
	for _, a := range axes {
		if d.Column(a) != nil && !slices.Contains(by, a) {
			by = append(by, a)
		}
	}
	metrics = slices.DeleteFunc(slices.Clone(metrics), func(m string) bool { return d.Column(m) == nil })
	params := loadedParameters(d)
	var s Summary
	metrics = s.noteNulls(d, metrics)
	if len(metrics) == 0 {
		s.Notes = append(s.Notes, "No metric has a value in this file: there is no summary table.")
		return s, nil
	}
	pooled, err := pooledOver(d, by, params)
	if err != nil {
		return Summary{}, err
	}
	if len(pooled) > 0 {
		s.Notes = append(s.Notes, fmt.Sprintf("Each row pools trials over %s; add them to --by to separate them.", plots.PooledText(pooled)))
	}
	// The first column aggregated is the seed, which every row has: its count is the
	// group's trials, whatever nulls the metrics have.
	t, err := analysis.Aggregate(d, by, append([]string{"seed"}, metrics...))
	if err != nil {
		return Summary{}, err
	}
	s.fill(t)
	s.Command = fmt.Sprintf("bench report %s --by %s --metrics %s", path, strings.Join(by, ","), strings.Join(metrics, ","))
	return s, nil
}

// noteNulls notes, as bench report does, each metric with nulls, and returns the metrics
// that have a value in some row.
func (s *Summary) noteNulls(d *analysis.Dataset, metrics []string) []string {
	var kept []string
	for _, m := range metrics {
		c := d.Column(m)
		switch {
		case c.Nulls == d.Rows():
			s.Notes = append(s.Notes, fmt.Sprintf("%s has no value (null: it does not apply, or nothing was measured) in any of the %d rows; it is left out.", m, d.Rows()))
			continue
		case c.Nulls > 0:
			s.Notes = append(s.Notes, fmt.Sprintf("%s has no value (null: it does not apply, or nothing was measured) in %d of %d rows; they are left out.", m, c.Nulls, d.Rows()))
		}
		kept = append(kept, m)
	}
	return kept
}

// fill copies the table's groups into the summary, at most MaxSummaryRows of them. The
// table's first metric is the seed, whose count is the group's trials.
func (s *Summary) fill(t *analysis.Table) {
	for _, c := range t.By {
		s.Columns = append(s.Columns, Heading{Name: c, Label: plots.AxisLabel(c)})
	}
	s.Keys = len(t.By)
	s.Columns = append(s.Columns, Heading{Name: "trials"})
	for _, m := range t.Metrics[1:] {
		s.Columns = append(s.Columns, Heading{Name: m, Label: plots.AxisLabel(m) + ", mean ± 95% CI"})
	}
	flagged := t.Flags().Any()
	if flagged { // rows resting on trials with a measurement warning are marked, as in bench report
		s.Columns = append(s.Columns, Heading{Name: "flagged trials", Label: "warmup_too_short, wait_stable = false"})
		s.Warnings = t.Flags().Advice()
	}
	for g := range t.Len() {
		if g == MaxSummaryRows {
			s.Omitted = t.Len() - g
			break
		}
		key, _, stats := t.Group(g)
		trials := stats[0].N
		row := append(slices.Clone(key), fmt.Sprint(trials))
		for _, st := range stats[1:] {
			row = append(row, statCell(st, trials))
		}
		if flagged {
			row = append(row, analysis.FlagCell(t.GroupFlags(g)))
		}
		s.Rows = append(s.Rows, row)
	}
}

// statCell renders a cell as bench report does (analysis.FormatCell): mean ± CI, "(n=K)"
// where nulls left fewer values than the row's trials, and "-" where no trial had a value.
func statCell(st analysis.Stat, trials int) string { return analysis.FormatCell(st, trials) }

// pooledOver returns the parameters (of params) that the groups of by average over, by the
// rule the figures' captions use (plots.PooledParams): a parameter that varies within a
// group, unless it only changes with a grid point (a measured outcome, such as the links of
// a random-waypoint graph) or follows from another pooled one.
func pooledOver(d *analysis.Dataset, by, params []string) ([]plots.Pooled, error) {
	return plots.PooledParams(d, plots.LineSpec{X: by[0], Series: by[1:]}, params)
}

// union returns the names of every list once, in order of first appearance.
func union(lists ...[]string) []string {
	var out []string
	for _, l := range lists {
		for _, c := range l {
			if c != "" && !slices.Contains(out, c) {
				out = append(out, c)
			}
		}
	}
	return out
}

// loadedParameters returns the parameter columns of d, the candidates for pooling.
func loadedParameters(d *analysis.Dataset) []string {
	return slices.DeleteFunc(analysis.ParametersIn(d.Available), func(c string) bool { return d.Column(c) == nil })
}
