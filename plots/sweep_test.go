package plots

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/analysis"
	"github.com/mutexlab/mutexlab/kernel"
	"github.com/mutexlab/mutexlab/results/columns"
)

// loadSweep reads what the sweep figures need from file, as bench plot --figure auto does.
func loadSweep(t *testing.T, file string) *analysis.Dataset {
	t.Helper()
	first, err := analysis.Load([]string{file}, nil)
	if err != nil {
		t.Fatal(err)
	}
	d, err := analysis.Load([]string{file}, SweepNeed(first.Available, nil))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestGoldenSweepFigures: a custom sweep of rl and rr over load and mobility (no preset's
// grid) gets mean wait and messages per CS entry against each axis, one line per
// algorithm and mobility (or load), load on a log axis, with 95% CIs.
func TestGoldenSweepFigures(t *testing.T) {
	d := loadSweep(t, "testdata/rl-rr-grid.parquet")
	figs, notes, err := SweepFigures(d, Sweep{Axes: []string{"load", "mobility"}})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range figs {
		names = append(names, f.Name)
	}
	want := []string{"wait_mean-vs-load", "msgs_per_cs-vs-load", "wait_mean-vs-mobility", "msgs_per_cs-vs-mobility"}
	if !slices.Equal(names, want) || len(notes) != 0 {
		t.Fatalf("figures %v (notes %q), want %v", names, notes, want)
	}
	for _, f := range figs {
		other := map[string]string{"load": "mobility", "mobility": "load"}[f.Spec.X]
		if !slices.Equal(f.Spec.Series, []string{"algorithm", other}) || f.Spec.Facet != "" || len(f.LeftOut) != 0 {
			t.Errorf("%s: series %v, facet %q, left out %q", f.Name, f.Spec.Series, f.Spec.Facet, f.LeftOut)
		}
		fig, err := f.FromDataset(d)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(fig.Caption, "Mean ± 95% CI of 3 trials per point") || len(fig.Notes) != 0 {
			t.Errorf("%s: caption %q, notes %q", f.Name, fig.Caption, fig.Notes)
		}
		checkGolden(t, "sweep-"+f.Name, fig)
	}
}

// TestGoldenSweepFamilies: on all eight algorithms over load and mobility, eight
// algorithms fill the lines, so mobility becomes the panels; the local mutual exclusion
// family's maximum wait is drawn for drs, cm, akw1 and akw2 only.
func TestGoldenSweepFamilies(t *testing.T) {
	d := loadSweep(t, "testdata/eight.parquet")
	figs, _, err := SweepFigures(d, Sweep{Axes: []string{"load", "mobility"}})
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]SweepFigure{}
	for _, f := range figs {
		byName[f.Name] = f
	}
	wait, ok := byName["wait_mean-vs-load"]
	if !ok || !slices.Equal(wait.Spec.Series, []string{"algorithm"}) || wait.Spec.Facet != "mobility" {
		t.Fatalf("wait_mean-vs-load: %+v (figures %v)", wait.Spec, keysOf(byName))
	}
	maxWait, ok := byName["wait_max-vs-load"]
	if !ok || !slices.Equal(maxWait.Spec.Keep["algorithm"], []string{"akw1", "akw2", "cm", "drs"}) || !slices.Equal(maxWait.Spec.Series, []string{"algorithm", "mobility"}) {
		t.Fatalf("wait_max-vs-load: %+v", maxWait.Spec)
	}
	for _, f := range []SweepFigure{wait, maxWait} {
		fig, err := f.FromDataset(d)
		if err != nil {
			t.Fatal(err)
		}
		checkGolden(t, "sweep-eight-"+f.Name, fig)
	}
}

func keysOf(m map[string]SweepFigure) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// TestSweepFigureLimits: with five varying axes, the lines take what fits in
// MaxSweepSeries, one axis becomes the panels, and the rest are held at their smallest
// value, named in the figure's notes with the values left out; a text axis is never x.
func TestSweepFigureLimits(t *testing.T) {
	path := filepath.Join(t.TempDir(), "four-axes.parquet")
	var trials []columns.Trial
	for _, alg := range []string{"rl", "rr"} {
		for _, n := range []int{20, 40} {
			for _, conn := range []float64{0.2, 0.5, 0.8} {
				for _, load := range []float64{0.01, 0.1, 1} {
					for _, mob := range []float64{0, 0.1} {
						for _, rate := range []kernel.MobilityRate{kernel.RateNetwork, kernel.RatePerNode} {
							tr := columns.Fake(alg, n, conn, load, mob, 1, 100, 10*load, 5+mob)
							tr.Params.MobilityRate = rate
							trials = append(trials, tr)
						}
					}
				}
			}
		}
	}
	if err := columns.WriteFile(path, trials, nil); err != nil {
		t.Fatal(err)
	}
	d := loadSweep(t, path)
	figs, notes, err := SweepFigures(d, Sweep{Axes: []string{"n", "connectivity", "load", "mobility", "mobility_rate"}, Metrics: []string{"wait_mean"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(figs) != 4 || len(notes) != 1 || !strings.Contains(notes[0], "mobility_rate is not numeric") {
		t.Fatalf("%d figures, notes %q; want one per numeric axis and a note on mobility_rate", len(figs), notes)
	}
	// wait_mean against load: n (2 × 2 lines), connectivity (12 > 8: panels), mobility
	// (4 × 2 lines), mobility_rate held
	f := figs[2]
	if f.Name != "wait_mean-vs-load" || !slices.Equal(f.Spec.Series, []string{"algorithm", "n", "mobility"}) || f.Spec.Facet != "connectivity" ||
		!slices.Equal(f.Spec.Keep["mobility_rate"], []string{"network"}) {
		t.Fatalf("%s: series %v, facet %q, keep %v", f.Name, f.Spec.Series, f.Spec.Facet, f.Spec.Keep)
	}
	fig, err := f.FromDataset(d)
	if err != nil {
		t.Fatal(err)
	}
	if len(fig.Notes) != 1 || !strings.Contains(fig.Notes[0], "mobility_rate is held at network") || !strings.Contains(fig.Notes[0], "(per-node) are left out") ||
		!strings.Contains(fig.Caption, "Fixed: mobility_rate = network, delay = 1.") {
		t.Errorf("notes %q, caption %q", fig.Notes, fig.Caption)
	}
	// Keep fixes an axis at the value it names (no note: nothing beyond the limits is left
	// out) and restricts the lines to the algorithms it names.
	kept, _, err := SweepFigures(d, Sweep{Axes: []string{"n", "connectivity", "load", "mobility", "mobility_rate"}, Metrics: []string{"wait_mean"}, Against: []string{"load"},
		Keep: map[string][]string{"mobility_rate": {"per-node"}, "algorithm": {"rr"}}})
	if err != nil || len(kept) != 1 || len(kept[0].LeftOut) != 0 || !slices.Equal(kept[0].Spec.Keep["mobility_rate"], []string{"per-node"}) ||
		!slices.Equal(kept[0].Spec.Keep["algorithm"], []string{"rr"}) || !slices.Equal(kept[0].Spec.Series, []string{"algorithm", "n", "connectivity"}) || kept[0].Spec.Facet != "mobility" {
		t.Fatalf("with keep: %v, %+v", err, kept)
	}
	if _, _, err := SweepFigures(d, Sweep{Axes: []string{"load"}, Against: []string{"mobility_rate"}}); err == nil || !strings.Contains(err.Error(), "mobility_rate is not numeric") {
		t.Errorf("a text axis in Against: %v", err)
	}
	if _, _, err := SweepFigures(d, Sweep{Axes: []string{"delay"}}); err == nil || !strings.Contains(err.Error(), "no grid axis takes two values") {
		t.Errorf("a sweep with no varying axis: %v", err)
	}
}
