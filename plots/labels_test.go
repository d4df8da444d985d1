package plots

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/analysis"
)

// TestEveryColumnHasALabel: every parameter and metric column of the fixtures (all eight
// algorithms, every network model the presets use) has a label of its own, so no axis
// shows a raw column name; quantities with a unit show it in parentheses.
func TestEveryColumnHasALabel(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.parquet")
	if len(files) == 0 {
		t.Fatal("no fixtures")
	}
	bookkeeping := []string{"algorithm", "delay", "seed", "trial", "point", "akw_coloring", "crashes", "network"}
	for _, f := range files {
		d, err := analysis.Load([]string{f}, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range d.Available {
			if slices.Contains(bookkeeping, c) {
				continue
			}
			if l := AxisLabel(c); l == c {
				t.Errorf("%s: column %s has no axis label", f, c)
			}
		}
	}
	for col, want := range map[string]string{
		"wait_mean":        "mean wait per CS entry (time units)",
		"load":             "load λ_req (requests per node per time unit)",
		"failure_locality": "failure locality (hops)",
		"msgs_token":       "token messages per trial (messages)",
		"wait_mean_c2":     "mean wait per CS entry, priority class 2 (time units)",
		"n":                "nodes n",
		"no_such_column":   "no_such_column",
	} {
		if got := AxisLabel(col); got != want {
			t.Errorf("AxisLabel(%s) = %q, want %q", col, got, want)
		}
	}
	if l := AxisLabel("throughput"); !strings.Contains(l, "(CS entries per time unit)") {
		t.Errorf("throughput: %q", l)
	}
}
