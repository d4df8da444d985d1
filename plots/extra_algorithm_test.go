package plots

import (
	"slices"
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/internal/extraalgo"
)

// The figures of a sweep with an algorithm this program does not know are drawn against its
// parameter as against any axis, with a line for that algorithm.
func TestSweepFiguresOfUnknownAlgorithm(t *testing.T) {
	d := loadSweep(t, extraalgo.File())
	figs, _, err := SweepFigures(d, Sweep{Axes: []string{"load", extraalgo.ParamWeight}, Metrics: []string{"wait_mean"}})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range figs {
		names = append(names, f.Name)
		fig, err := f.FromDataset(d)
		if err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		var labels []string
		for _, e := range fig.legend.entries {
			labels = append(labels, strings.Join(e.lines, " "))
		}
		if !slices.ContainsFunc(labels, func(l string) bool { return strings.Contains(strings.ToLower(l), extraalgo.Name) }) {
			t.Errorf("%s: series %q, none of %s", f.Name, labels, extraalgo.Name)
		}
	}
	if !slices.Contains(names, "wait_mean-vs-"+extraalgo.ParamWeight) {
		t.Errorf("figures %v: none against %s", names, extraalgo.ParamWeight)
	}
}
