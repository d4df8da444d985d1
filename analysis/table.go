package analysis

import (
	"fmt"
	"io"
	"math"
	"strings"
)

// Table aggregates metrics by group as rows stream in: one Acc per (group, metric), groups
// kept in the order first seen. Memory grows with the number of groups, not of trials.
type Table struct {
	By      []string
	Metrics []string
	groups  map[string]*group
	order   []*group
}

type group struct {
	key  []string
	accs []Acc
}

// NewTable makes a table grouped by the named columns over the named metrics.
func NewTable(by, metrics []string) *Table {
	return &Table{By: by, Metrics: metrics, groups: map[string]*group{}}
}

// Add adds one trial: its values of the By columns (as text) and of the metrics.
func (t *Table) Add(key []string, values []float64) {
	k := strings.Join(key, "\x00")
	g, ok := t.groups[k]
	if !ok {
		g = &group{key: append([]string(nil), key...), accs: make([]Acc, len(t.Metrics))}
		t.groups[k] = g
		t.order = append(t.order, g)
	}
	for m, v := range values {
		g.accs[m].Add(v)
	}
}

// Rows returns each group's key and the Stat of every metric, in first-seen order.
func (t *Table) Rows() (keys [][]string, stats [][]Stat) {
	for _, g := range t.order {
		keys = append(keys, g.key)
		row := make([]Stat, len(g.accs))
		for m := range g.accs {
			row[m] = g.accs[m].Stat()
		}
		stats = append(stats, row)
	}
	return keys, stats
}

// WriteText prints the table with aligned columns; each metric is shown as mean ± CI95 half-width.
func (t *Table) WriteText(w io.Writer) error {
	header := append(append([]string{}, t.By...), "trials")
	for _, m := range t.Metrics {
		header = append(header, m+" (±95% CI)")
	}
	lines := [][]string{header}
	keys, stats := t.Rows()
	for r, key := range keys {
		line := append([]string{}, key...)
		n := 0
		if len(stats[r]) > 0 {
			n = stats[r][0].N
		}
		line = append(line, fmt.Sprint(n))
		for _, s := range stats[r] {
			line = append(line, FormatStat(s))
		}
		lines = append(lines, line)
	}
	width := make([]int, len(header))
	for _, l := range lines {
		for c, cell := range l {
			width[c] = max(width[c], len(cell))
		}
	}
	for _, l := range lines {
		var b strings.Builder
		for c, cell := range l {
			if c > 0 {
				b.WriteString("  ")
			}
			fmt.Fprintf(&b, "%-*s", width[c], cell)
		}
		if _, err := fmt.Fprintln(w, strings.TrimRight(b.String(), " ")); err != nil {
			return err
		}
	}
	return nil
}

// FormatStat renders "mean ± half-width" with 4 significant digits ("mean" alone for one trial).
func FormatStat(s Stat) string {
	if math.IsNaN(s.CI95) {
		return fmt.Sprintf("%.4g", s.Mean)
	}
	return fmt.Sprintf("%.4g ± %.2g", s.Mean, s.CI95)
}
