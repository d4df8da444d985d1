package plots

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/results/columns"
	"gonum.org/v1/plot/vg"
)

// writeGrid writes a results file of fake trials of each algorithm over connectivity, load
// and mobility (two values each), three trials a point.
func writeGrid(t *testing.T, algos []string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "grid.parquet")
	var trials []columns.Trial
	for _, alg := range algos {
		for _, conn := range []float64{0.2, 0.8} {
			for _, load := range []float64{1e-3, 1} {
				for _, mob := range []float64{0, 0.1} {
					for seed := range uint64(3) {
						trials = append(trials, columns.Fake(alg, 30, conn, load, mob, seed, 100, 10*load+float64(seed), 5+mob))
					}
				}
			}
		}
	}
	if err := columns.WriteFile(path, trials, nil); err != nil {
		t.Fatal(err)
	}
	return path
}

// checkLegendFits asserts that every row of the legend's text lies inside the figure,
// with the figure's margin, and overlaps no other entry's text or line sample.
func checkLegendFits(t *testing.T, name string, l legendLayout, width vg.Length) {
	t.Helper()
	type box struct{ x0, x1, y vg.Length }
	var texts, samples []box
	for _, it := range l.items(0, width, 0) {
		texts = append(texts, box{it.at.X, it.at.X + textWidth(legendTextStyle(), it.text), it.at.Y})
		if it.sample {
			samples = append(samples, box{it.at.X - vg.Points(legendThumb+legendGap), it.at.X - vg.Points(legendGap), it.at.Y})
		}
		if texts[len(texts)-1].x0 < 0 || texts[len(texts)-1].x1 > width {
			t.Errorf("%s: legend text %q spans %.1f–%.1f pt, outside the figure's 0–%.1f pt", name, it.text, texts[len(texts)-1].x0.Points(), texts[len(texts)-1].x1.Points(), width.Points())
		}
	}
	overlaps := func(a, b box) bool { return a.y == b.y && a.x0 < b.x1 && b.x0 < a.x1 }
	for i, a := range texts {
		for j, b := range texts {
			if i < j && overlaps(a, b) {
				t.Errorf("%s: legend texts %d and %d overlap", name, i, j)
			}
		}
		for _, s := range samples {
			if overlaps(a, s) {
				t.Errorf("%s: legend text %d runs into a line sample", name, i)
			}
		}
	}
}

// TestLegendFits: a sweep of rl and rr over connectivity, load and mobility draws eight
// series labelled by all three of algorithm, connectivity and mobility; every entry is
// complete (its whole label is drawn) and fits inside the figure without touching another
// entry's sample, in every figure of the sweep.
func TestLegendFits(t *testing.T) {
	algos := []string{"rl", "rr"}
	d := loadSweep(t, writeGrid(t, algos))
	figs, _, err := SweepFigures(d, Sweep{Axes: []string{"connectivity", "load", "mobility"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range figs {
		fig, err := f.FromDataset(d)
		if err != nil {
			t.Fatal(err)
		}
		if len(fig.legend.entries) != MaxSweepSeries {
			t.Errorf("%s: %d legend entries, want %d", f.Name, len(fig.legend.entries), MaxSweepSeries)
		}
		for _, e := range fig.legend.entries { // "RR, connectivity = 0.8, λ_mob = 0.1"
			parts := strings.Split(strings.Join(e.lines, " "), ", ")
			if len(parts) != 3 || !slices.ContainsFunc(algos, func(a string) bool { return parts[0] == strings.ToUpper(a) }) ||
				strings.HasSuffix(parts[1], "=") || strings.HasSuffix(parts[2], "=") {
				t.Errorf("%s: legend entry %q is not algorithm and two settings", f.Name, e.lines)
			}
		}
		checkLegendFits(t, f.Name, fig.legend, fig.Width)
	}
}

// TestLegendWrapsLongLabels: a label too wide for the figure's width breaks after a comma
// onto further rows, each inside the figure, with its sample on the first.
func TestLegendWrapsLongLabels(t *testing.T) {
	long := "AKW1, initial colours = 2, connectivity = 0.25, λ_mob = 0.001, maximum speed 10"
	labels := []string{"RL", long, "RR"}
	l := layoutLegend(labels, styles[:3], 2*vg.Inch)
	if n := len(l.entries[1].lines); n < 2 || strings.Join(l.entries[1].lines, " ") != long {
		t.Fatalf("long label broken into %q; want two rows or more that read it whole", l.entries[1].lines)
	}
	checkLegendFits(t, "long label", l, 2*vg.Inch)
	if len(l.columns) != 1 || l.rows != 2+len(l.entries[1].lines) {
		t.Errorf("columns %v, rows %d", l.columns, l.rows)
	}
	// one setting wider than the figure: broken at its spaces (never inside "name = value")
	huge := "RR, " + strings.Repeat("very ", 30) + "long name = 1"
	l = layoutLegend([]string{huge}, styles[:1], 2*vg.Inch)
	if strings.Join(l.entries[0].lines, " ") != huge || len(l.entries[0].lines) < 3 {
		t.Errorf("a setting wider than the figure broken into %q", l.entries[0].lines)
	}
	checkLegendFits(t, "one long setting", l, 2*vg.Inch)
}

// writeHK writes a results file of fake hk trials over k and load (two trials a point),
// with rl's beside them if withRL.
func writeHK(t *testing.T, withRL bool) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "hk.parquet")
	var trials []columns.Trial
	for _, k := range []float64{1, 2} {
		for _, load := range []float64{1e-3, 1} {
			for seed := range uint64(2) {
				tr := columns.Fake("hk", 30, 0.2, load, 0, seed, 100, 10*load+float64(seed), 5)
				tr.Params.Algo = map[string]float64{"k": k}
				trials = append(trials, tr)
				if withRL && k == 1 {
					trials = append(trials, columns.Fake("rl", 30, 0.2, load, 0, seed, 100, 10*load+float64(seed), 5))
				}
			}
		}
	}
	if err := columns.WriteFile(path, trials, nil); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestCaptionNamesFixedParameters: a sweep of hk over k and load names in its caption the
// parameters that hold one value throughout (n, connectivity, mobility, h and the priority
// classes), and none that a figure shows. Beside rl, whose rows have none of hk's
// parameters, h and the priority classes are still fixed; but hk's h is not where some of
// hk's rows draw h uniform on 1..k (h null).
func TestCaptionNamesFixedParameters(t *testing.T) {
	const want = "Fixed: n = 30, connectivity = 0.2, λ_mob = 0, delay = 1, h = 1, priority_levels = 1."
	d := loadSweep(t, writeHK(t, false))
	figs, _, err := SweepFigures(d, Sweep{Axes: []string{"k", "load"}})
	if err != nil || len(figs) == 0 {
		t.Fatalf("%d figures, %v", len(figs), err)
	}
	for _, f := range figs {
		fig, err := f.FromDataset(d)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(fig.Caption, want) {
			t.Errorf("%s: caption %q lacks %q", f.Name, fig.Caption, want)
		}
		for _, shown := range []string{"k = ", "λ_req = "} { // x or series in every figure
			if strings.Contains(fig.Caption, shown) {
				t.Errorf("%s: caption %q names %q, which the figure shows", f.Name, fig.Caption, shown)
			}
		}
	}
	mixed := Preset{Name: "rl-hk", Spec: LineSpec{Metric: "wait_mean", X: "load", Series: []string{"algorithm"}}}
	fig, err := mixed.FromDataset(loadFor(t, writeHK(t, true), mixed))
	if err != nil || !strings.Contains(fig.Caption, want) {
		t.Errorf("rl beside hk: caption %q lacks %q (%v)", fig.Caption, want, err)
	}
	p, err := PresetByName("jiang-hk-wait")
	if err != nil {
		t.Fatal(err)
	}
	fig, err = p.FromDataset(loadFor(t, fixtureOf(p.Name), p))
	if err != nil || strings.Contains(fig.Caption, "h = ") || !strings.Contains(fig.Caption, "n = 30") {
		t.Errorf("jiang-hk-wait, h fixed in one panel and uniform in the other: caption %q (%v)", fig.Caption, err)
	}
}
