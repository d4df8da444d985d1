package analysis

import (
	"bytes"
	"math"
	"strings"
	"testing"
)

// TestTableTrialsCountNulls: a group's trials count every trial added, a metric's Stat only
// its values; the formats print "-" (CSV: empty) where a metric has none and (n=K) where it
// has fewer, never NaN.
func TestTableTrialsCountNulls(t *testing.T) {
	tab := NewTable([]string{"algorithm"}, []string{"gme_concurrency_mean", "link_changes"})
	nan := math.NaN()
	for _, v := range []float64{20, 24, 28} {
		tab.Add([]string{"rl"}, []float64{nan, v})
	}
	tab.Add([]string{"gme"}, []float64{2, 0})
	tab.Add([]string{"gme"}, []float64{nan, 0})
	tab.Sort()
	if tab.Trials(1) != 3 || tab.Trials(0) != 2 {
		t.Fatalf("trials gme %d, rl %d; want 2, 3", tab.Trials(0), tab.Trials(1))
	}
	for _, f := range Formats {
		var b bytes.Buffer
		if err := tab.Write(&b, f); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		if strings.Contains(out, "NaN") {
			t.Errorf("%s prints NaN:\n%s", f, out)
		}
		want := map[Format][]string{
			Text:     {"rl         3       -", "gme        2       2 (n=1)"},
			CSV:      {"rl,3,,,,0,24,4,9.936", "gme,2,2,,,1,0,0,0,2"},
			Markdown: {"| rl | 3 | - | 24 ± 9.9 |", "| gme | 2 | 2 (n=1) | 0 ± 0 |"},
			LaTeX:    {"rl & 3 & - & 24 $\\pm$ 9.9", "gme & 2 & 2 (n=1) & 0 $\\pm$ 0"},
		}[f]
		for _, w := range want {
			if !strings.Contains(out, w) {
				t.Errorf("%s lacks %q:\n%s", f, w, out)
			}
		}
	}
}

// TestPairZeroMeanRatio: a ratio over B's mean 0 is NaN (printed "-"), and Notes says why.
func TestPairZeroMeanRatio(t *testing.T) {
	var p PairAcc
	for range 3 {
		p.Add(0, 0)
	}
	s := p.Stat()
	if !math.IsNaN(s.Ratio) || !math.IsNaN(s.RatioCI95) || s.Diff.Mean != 0 || s.N != 3 {
		t.Fatalf("0/0: %+v", s)
	}
	if got := FormatCell(Stat{N: s.N, Mean: s.Ratio, CI95: s.RatioCI95}, 3); got != Missing {
		t.Errorf("0/0 ratio cell %q, want %q", got, Missing)
	}
	pt := &PairTable{A: "rl", B: "rr", By: []string{"mobility"}, Metrics: []string{"link_changes"},
		keys: [][]string{{"0"}}, pairs: []int{3}, stats: [][]PairStat{{s}}}
	notes := pt.Notes()
	if len(notes) != 1 || !strings.Contains(notes[0], "undefined") || !strings.Contains(notes[0], "mobility=0") {
		t.Errorf("notes %q", notes)
	}
}

// TestWalter2001NullGroupSkips: a group present but without a value of the metric (every
// trial null) makes the finding SKIP, not FAIL on NaN.
func TestWalter2001NullGroupSkips(t *testing.T) {
	tab := NewSampledTable(walter2001By, walter2001Metrics)
	tab.Add([]string{"rl", "1", "0", "0.2"}, []float64{math.NaN(), 6})
	tab.Add([]string{"rr", "1", "0", "0.2"}, []float64{7, 8})
	if a := verdicts(tab)["rl-waits-less-than-rr"]; a.Verdict != Skip {
		t.Errorf("rl-waits-less-than-rr with RL's wait null: %s, want SKIP\n%s", a.Verdict, strings.Join(a.Evidence, "\n"))
	}
	var b bytes.Buffer
	err := WriteWalter2001Cells(&b, tab)
	if m, ok := err.(*Walter2001MissingCells); !ok || m.Total != 24 || !strings.Contains(err.Error(), "rl load=1 mobility=0 connectivity=0.2") {
		t.Errorf("missing cells: %v", err)
	}
	if strings.Contains(b.String(), "NaN") {
		t.Errorf("cells print NaN:\n%s", b.String())
	}
	if Walter2001Usable(tab) != nil || Walter2001Usable(NewSampledTable(walter2001By, walter2001Metrics)) == nil {
		t.Errorf("Walter2001Usable: want nil with one cell, an error with none")
	}
}

// TestNullGroupKey: a numeric column that is null in some rows (k, which rl does not read)
// groups those rows into one group whose key reads "null", never NaN, in every format.
func TestNullGroupKey(t *testing.T) {
	nan := math.NaN()
	d := &Dataset{rows: 4, cols: map[string]*Column{
		"algorithm": {Name: "algorithm", Str: []string{"rl", "hk", "rl", "hk"}},
		"k":         {Name: "k", Num: []float64{nan, 2, nan, 2}, Nulls: 2},
		"wait_mean": {Name: "wait_mean", Num: []float64{1, 2, 3, 4}},
	}}
	d.Available = []string{"algorithm", "k", "wait_mean"}
	tab, err := Aggregate(d, []string{"algorithm", "k"}, []string{"wait_mean"})
	if err != nil {
		t.Fatal(err)
	}
	if tab.Len() != 2 {
		t.Fatalf("%d groups, want 2 (the null rows of rl are one group)", tab.Len())
	}
	for _, f := range Formats {
		var b bytes.Buffer
		if err := tab.Write(&b, f); err != nil {
			t.Fatal(err)
		}
		if out := b.String(); strings.Contains(out, "NaN") || !strings.Contains(out, Null) {
			t.Errorf("%s: the null group key is not %q:\n%s", f, Null, out)
		}
	}
}
