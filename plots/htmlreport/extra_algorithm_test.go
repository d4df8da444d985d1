package htmlreport

import (
	"slices"
	"testing"

	"github.com/mutexlab/mutexlab/internal/extraalgo"
)

// The page of a file with an algorithm this program does not know is built from the file's
// own description: its summary is grouped by that algorithm's grid axis (read from the
// recorded spec, which names a parameter this program lacks), with a row for the algorithm,
// and the sweep's figures are drawn.
func TestPageOfUnknownAlgorithm(t *testing.T) {
	p, err := Build(extraalgo.File())
	if err != nil {
		t.Fatal(err)
	}
	var groups []string
	for _, h := range p.Summary.Columns[:p.Summary.Keys] {
		groups = append(groups, h.Name)
	}
	if !slices.Contains(groups, extraalgo.ParamWeight) {
		t.Errorf("summary grouped by %v, not by %s", groups, extraalgo.ParamWeight)
	}
	if !slices.ContainsFunc(p.Summary.Rows, func(r []string) bool { return slices.Contains(r, extraalgo.Name) }) {
		t.Errorf("no summary row of %s", extraalgo.Name)
	}
	if len(p.Figures) == 0 {
		t.Errorf("no figure; notes %q", p.FigureNotes)
	}
}
