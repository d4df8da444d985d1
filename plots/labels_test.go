package plots

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/analysis"
	"github.com/mutexlab/mutexlab/results"
	"github.com/mutexlab/mutexlab/results/columns"
)

// TestEveryColumnHasALabel: every numeric parameter and metric column (of the schema, and
// of the fixtures: all eight algorithms, every network model the presets use) has a label
// of its own, so no axis shows a raw column name, and the label shows the column's unit as
// package results/columns records it: in parentheses, or already in the words.
func TestEveryColumnHasALabel(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.parquet")
	if len(files) == 0 {
		t.Fatal("no fixtures")
	}
	bookkeeping := []string{"algorithm", "delay", "seed", "trial", "point", "akw_coloring", "crashes", "network"}
	var names []string
	for _, f := range files {
		d, err := analysis.Load([]string{f}, nil)
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, d.Available...)
	}
	for _, c := range columns.All() {
		if c.Kind != results.String && c.Kind != results.Bool {
			names = append(names, c.Name)
		}
	}
	for _, name := range names {
		if c, ok := columns.Lookup(name); slices.Contains(bookkeeping, name) || ok && (c.Kind == results.String || c.Kind == results.Bool) {
			continue // not a quantity: never an axis
		}
		l := AxisLabel(name)
		if l == name {
			t.Errorf("column %s has no axis label", name)
		}
		if c, ok := columns.Lookup(name); ok && !strings.Contains(l, c.Unit) {
			t.Errorf("AxisLabel(%s) = %q lacks the column's unit %q", name, l, c.Unit)
		}
	}
	for col, want := range map[string]string{
		"wait_mean":          "mean wait per CS entry (time units)",
		"load":               "load λ_req (requests per node per time unit)",
		"failure_locality":   "failure locality (hops)",
		"msgs_token":         "token messages per trial",
		"msgs_per_cs":        "messages per CS entry",
		"wait_mean_c2":       "mean wait per CS entry, priority class 2 (time units)",
		"hk_wait_entries_c3": "mean wait in CS entries, priority class 3",
		"delta":              "port cap Δ (ports)",
		"n":                  "nodes n",
		"no_such_column":     "no_such_column",
	} {
		if got := AxisLabel(col); got != want {
			t.Errorf("AxisLabel(%s) = %q, want %q", col, got, want)
		}
	}
}
