package kernel_test

import (
	"bufio"
	"flag"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/analysis"
	"github.com/mutexlab/mutexlab/plots"
	"gonum.org/v1/plot/cmpimg"
)

var updateScaling = flag.Bool("update-scaling", false, "redraw docs/figures/scaling-*.png from docs/scaling.tsv")

// scalingFigures are the figures of docs/scaling.md, drawn from the table scripts/scaling.sh
// printed (docs/scaling.tsv): one line per algorithm against n, both axes logarithmic.
var scalingFigures = []struct {
	file, metric, label string
}{
	{"scaling-events.png", "events_per_cpu_s", "events per CPU second (whole trial)"},
	{"scaling-memory.png", "rss_bytes_per_node", "peak RSS per node (bytes)"},
}

// TestScalingFigures redraws the scaling figures from docs/scaling.tsv and compares them,
// pixel by pixel within anti-aliasing noise, with the ones in docs/figures (amd64 only, as
// the plots package's goldens: other architectures may fuse floating-point operations).
// After a new run of scripts/scaling.sh: go test ./kernel -run ScalingFigures -update-scaling
func TestScalingFigures(t *testing.T) {
	table := readScaling(t, "../docs/scaling.tsv")
	for _, f := range scalingFigures {
		fig, err := plots.Lines(table, plots.LineSpec{Metric: f.metric, X: "n", Series: []string{"algorithm"},
			XScale: plots.Log, YScale: plots.Log, XLabel: "nodes n", YLabel: f.label, NoCaption: true})
		if err != nil {
			t.Fatal(err)
		}
		want := filepath.Join("..", "docs", "figures", f.file)
		if *updateScaling {
			if err := fig.Save(want); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if runtime.GOARCH != "amd64" {
			t.Skipf("the scaling figures are drawn on amd64; %s may differ in anti-aliasing", runtime.GOARCH)
		}
		got := filepath.Join(t.TempDir(), f.file)
		if err := fig.Save(got); err != nil {
			t.Fatal(err)
		}
		a, errA := os.ReadFile(got)
		b, errB := os.ReadFile(want)
		if errA != nil || errB != nil {
			t.Fatal(errA, errB)
		}
		if ok, err := cmpimg.EqualApprox("png", a, b, 0.05); err != nil || !ok {
			t.Errorf("%s differs from what docs/scaling.tsv draws (%v): go test ./kernel -run ScalingFigures -update-scaling", want, err)
		}
	}
}

// readScaling reads the table of scripts/scaling.sh; rows of cells that did not finish
// (timeouts) are left out.
func readScaling(t *testing.T, path string) *analysis.Table {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	table := analysis.NewTable([]string{"algorithm", "n"}, []string{"events_per_cpu_s", "rss_bytes_per_node"})
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		c := strings.Split(sc.Text(), "\t")
		if line == 1 || len(c) < 7 { // 7 columns, or 9 with the setup split
			continue
		}
		rate, err1 := strconv.ParseFloat(c[5], 64)
		rss, err2 := strconv.ParseFloat(c[6], 64)
		if err1 != nil || err2 != nil {
			t.Fatalf("%s:%d: %q", path, line, sc.Text())
		}
		table.Add(c[:2], []float64{rate, rss})
	}
	return table
}
