package plots

import (
	"bytes"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/analysis"
	"github.com/mutexlab/mutexlab/results"
	"github.com/mutexlab/mutexlab/results/columns"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
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

// TestSubscriptRuns: a Greek letter's underscore starts a subscript, which the figure draws
// smaller and lower without the underscore; a column name's underscore is part of the name.
func TestSubscriptRuns(t *testing.T) {
	for in, want := range map[string][]run{
		"λ_req = 0.1":              {{"λ", false}, {"req", true}, {" = 0.1", false}},
		"mobility λ_mob":           {{"mobility λ", false}, {"mob", true}},
		"mobility_rate = per-node": {{"mobility_rate = per-node", false}},
		"λ_ = 1":                   {{"λ_ = 1", false}},
		"λ_":                       {{"λ_", false}},
		"":                         {{"", false}},
		"δ_1, λ_mob":               {{"δ", false}, {"1", true}, {", λ", false}, {"mob", true}},
	} {
		if got := runs(in); !slices.Equal(got, want) {
			t.Errorf("runs(%q) = %v, want %v", in, got, want)
		}
	}
	fnt := font.From(plot.DefaultFont, labelSize)
	plain := text.Plain{Fonts: font.DefaultCache}
	sub, _, subDepth := textHandler.Box("λ_req", fnt)
	flat, _, flatDepth := plain.Box("λ_req", fnt)
	if !(sub < flat) || !(subDepth > flatDepth) {
		t.Errorf("λ_req drawn %v wide and %v deep, plain %v and %v: want narrower (no underscore, small req) and deeper", sub, subDepth, flat, flatDepth)
	}
}

// TestSubscriptsInEveryFormat: the x label "load λ_req" is drawn with req as a separate,
// smaller piece of text and no underscore, in SVG and PDF as in PNG (the golden images).
func TestSubscriptsInEveryFormat(t *testing.T) {
	p := Preset{Name: "eight", Spec: LineSpec{Metric: "wait_mean", X: "load", Series: []string{"algorithm"}}}
	fig, err := p.FromDataset(loadFor(t, "testdata/eight.parquet", p))
	if err != nil {
		t.Fatal(err)
	}
	var svg bytes.Buffer
	if err := fig.Encode(&svg, "svg"); err != nil {
		t.Fatal(err)
	}
	if s := svg.String(); strings.Contains(s, "λ_req") || !strings.Contains(s, ">req</text>") {
		t.Errorf("SVG draws λ_req with its underscore, or req not as its own text")
	}
	var pdf bytes.Buffer
	if err := fig.Encode(&pdf, "pdf"); err != nil || pdf.Len() == 0 {
		t.Errorf("PDF: %v", err)
	}
}
