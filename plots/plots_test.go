package plots

import (
	"bytes"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/analysis"
)

// table is a small walter2001-shaped aggregate: RL and RR over loads, connectivities and
// mobilities, three trials per point.
func table() *analysis.Table {
	t := analysis.NewTable([]string{"load", "algorithm", "connectivity", "mobility"}, []string{"wait_mean", "msgs_per_cs"})
	for _, alg := range []string{"rl", "rr"} {
		for _, load := range []float64{1e-4, 1e-3, 1e-2, 1e-1, 1} {
			for _, conn := range []float64{0.2, 0.5, 0.8} {
				for _, mob := range []float64{0, 0.01, 0.1} {
					for rep := range 3 {
						w := 3 + 80*load + float64(rep)
						if alg == "rr" {
							w *= 1.5
						}
						t.Add([]string{fmt.Sprint(load), alg, fmt.Sprint(conn), fmt.Sprint(mob)}, []float64{w, 10 + 1000*mob*(1-load) + float64(rep)})
					}
				}
			}
		}
	}
	return t
}

func TestSaveEveryFormat(t *testing.T) {
	dir := t.TempDir()
	for _, p := range Walter2001Figures {
		fig, err := p.Build(table())
		if err != nil {
			t.Fatalf("%s: %v", p.Name, err)
		}
		for _, ext := range Formats {
			path := filepath.Join(dir, p.Name+"."+ext)
			if err := fig.Save(path); err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			magic := map[string]string{"png": "\x89PNG", "svg": "<?xml", "pdf": "%PDF"}[ext]
			if len(data) < 1000 || !bytes.HasPrefix(data, []byte(magic)) {
				t.Fatalf("%s: %d bytes starting %q, want a %s file", path, len(data), data[:min(8, len(data))], ext)
			}
			if ext == "png" {
				img, err := png.Decode(bytes.NewReader(data))
				if err != nil {
					t.Fatal(err)
				}
				// 3.5 in wide at 300 dpi: a paper's column.
				if w := img.Bounds().Dx(); w != 1050 {
					t.Fatalf("%s: %d px wide, want 1050", path, w)
				}
			}
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != len(Walter2001Figures)*len(Formats) {
		t.Fatalf("%d files in the output directory, want %d (no temporary files left)", len(entries), len(Walter2001Figures)*len(Formats))
	}
}

// TestLogAxisWhenValuesSpanDecades: Auto picks a log axis only over positive values spanning
// two decades (the tick labels are TestLogTicksBounded's).
func TestLogAxisWhenValuesSpanDecades(t *testing.T) {
	for _, c := range []struct {
		vals []float64
		sc   Scale
		want bool
	}{
		{[]float64{1e-4, 1e-2, 1}, Auto, true},
		{[]float64{0.1, 0.5, 1}, Auto, false},
		{[]float64{0, 10, 1000}, Auto, false}, // zero cannot go on a log axis
		{[]float64{0.1, 0.5, 1}, Log, true},
		{[]float64{1e-4, 1}, Linear, false},
	} {
		if got := useLog(c.sc, c.vals); got != c.want {
			t.Errorf("useLog(%v, %v) = %v, want %v", c.sc, c.vals, got, c.want)
		}
	}
}

func TestBadSpecs(t *testing.T) {
	tab := table()
	for _, c := range []struct {
		spec LineSpec
		want string
	}{
		{LineSpec{Metric: "wait_p99", X: "load"}, `metric "wait_p99" not aggregated; available: wait_mean, msgs_per_cs`},
		{LineSpec{Metric: "wait_mean", X: "n"}, `parameter "n" not in the table; available: load, algorithm, connectivity, mobility`},
		{LineSpec{Metric: "wait_mean", X: "algorithm"}, `non-numeric`},
		{LineSpec{Metric: "wait_mean", X: "load", Keep: map[string][]string{"load": {"7"}}}, "no data left"},
	} {
		if _, err := Lines(tab, c.spec); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want %q", c.spec, err, c.want)
		}
	}
	// A figure whose parameters are absent: Figure 6 needs load 1e-3 and 1.
	small := analysis.NewTable([]string{"connectivity", "algorithm", "load", "mobility"}, []string{"wait_mean"})
	small.Add([]string{"0.2", "rl", "0.5", "0"}, []float64{1})
	small.Add([]string{"0.2", "rr", "0.5", "0"}, []float64{1})
	p, _ := PresetByName("walter2001-fig6")
	if _, err := p.Build(small); err == nil || !strings.Contains(err.Error(), "needs load=0.001, absent from the data (present: 0.5)") {
		t.Errorf("absent parameter value: %v", err)
	}
	// The paper's figures are RL's and RR's: another algorithm is left out, and a file
	// without one of them is refused.
	three := analysis.NewTable([]string{"load", "algorithm", "connectivity", "mobility"}, []string{"wait_mean"})
	for _, alg := range []string{"rl", "rr", "nt"} {
		for _, c := range []string{"0.2", "0.8"} {
			for _, m := range []string{"0", "0.01", "0.1"} {
				three.Add([]string{"0.001", alg, c, m}, []float64{1})
				three.Add([]string{"1", alg, c, m}, []float64{2})
			}
		}
	}
	fig5, _ := PresetByName("walter2001-fig5")
	spec := fig5.Spec.withDefaults()
	panels, _, err := spec.collect(three)
	if err != nil || len(panels) != 3 || len(panels[0].lines) != 4 {
		t.Errorf("walter2001-fig5 on rl, rr and nt: %v, %d panels, want 3 of 4 lines (rl and rr at 2 connectivities)", err, len(panels))
	}
	if _, err := PresetByName("walter2001-fig9"); err == nil || !strings.Contains(err.Error(), "walter2001-fig5, walter2001-fig6") {
		t.Errorf("unknown preset: %v", err)
	}
	if _, err := FormatOf("x.jpg"); err == nil || !strings.Contains(err.Error(), "png, svg, pdf") {
		t.Errorf("unknown format: %v", err)
	}
}
