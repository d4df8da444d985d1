package analysis_test

import (
	"slices"
	"testing"

	"github.com/mutexlab/mutexlab/algorithms"
	"github.com/mutexlab/mutexlab/analysis"
	"github.com/mutexlab/mutexlab/internal/extraalgo"
)

// A file written by a program that registered an algorithm this one does not know reads
// whole: its rows, and its columns, the unknown parameter among the parameters (so that
// groups and pairs do not pool over it), its metric and message columns among the others.
func TestFileOfUnknownAlgorithm(t *testing.T) {
	if _, known := algorithms.Lookup(extraalgo.Name); known {
		t.Fatalf("%s is registered in this test binary: the test needs a program that does not know it", extraalgo.Name)
	}
	first, err := analysis.Load([]string{extraalgo.File()}, nil)
	if err != nil {
		t.Fatal(err)
	}
	params := analysis.ParametersIn(first.Available)
	if !slices.Contains(params, extraalgo.ParamWeight) || !slices.Contains(params, "load") {
		t.Errorf("parameters %v: want load and %s", params, extraalgo.ParamWeight)
	}
	for _, m := range []string{extraalgo.MetricTally, "msgs_toy_token", "wait_mean"} {
		if slices.Contains(params, m) {
			t.Errorf("metric %s taken for a parameter", m)
		}
	}
	d, err := analysis.Load([]string{extraalgo.File()}, []string{"algorithm", extraalgo.ParamWeight, extraalgo.MetricTally})
	if err != nil {
		t.Fatal(err)
	}
	algo, tally := d.Column("algorithm"), d.Column(extraalgo.MetricTally)
	if tally.Nulls == 0 || tally.Nulls == d.Rows() {
		t.Fatalf("%s: %d nulls in %d rows: want values in %s's rows only", extraalgo.MetricTally, tally.Nulls, d.Rows(), extraalgo.Name)
	}
	for r := range d.Rows() {
		if (algo.Text(r) == extraalgo.Name) != (tally.Text(r) != analysis.Null) {
			t.Errorf("row %d (%s): %s = %s", r, algo.Text(r), extraalgo.MetricTally, tally.Text(r))
		}
	}
}
