package htmlreport

import (
	"io"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/mutexlab/mutexlab/results/columns"
	"github.com/mutexlab/mutexlab/sweeps"
)

// BenchmarkBuild builds and writes the page of a 100,000-trial file on the walter2001 grid
// (rl and rr, 270 points): one read of the columns the page needs, four figures, the paper's
// findings and the 540-row summary. It reports trials/s and MiB-alloc, the bytes allocated
// per page (an upper bound on the heap it needs). Run with:
//
//	go test -run '^$' -bench Build -benchmem ./plots/htmlreport
func BenchmarkBuild(b *testing.B) {
	const rows = 100_000
	loads := []float64{1e-4, 3e-4, 1e-3, 3e-3, 1e-2, 3e-2, 0.1, 0.3, 1}
	trials := make([]columns.Trial, 0, rows)
	for i := range rows {
		g := i % 540
		tr := columns.Fake([]string{"rl", "rr"}[g%2], 30, 0.1*float64(1+g/2%10), loads[g/20%9], []float64{0, 0.01, 0.1}[g/180],
			uint64(i), 100, float64(i%97)+1, float64(i%89)+1)
		tr.Point = int64(g / 2)
		trials = append(trials, tr)
	}
	spec, err := sweeps.Preset("walter2001") // its axes group the summary
	if err != nil {
		b.Fatal(err)
	}
	path := filepath.Join(b.TempDir(), "big.parquet")
	if err := columns.WriteFile(path, trials, map[string]string{keySpec: spec.Describe(), keySpecName: "walter2001"}); err != nil {
		b.Fatal(err)
	}
	trials = nil
	runtime.GC()
	var ms0, ms1 runtime.MemStats
	runtime.ReadMemStats(&ms0)
	for b.Loop() {
		p, err := Build(path)
		if err != nil {
			b.Fatal(err)
		}
		if len(p.Figures) != 4 || len(p.Findings) != 1 || len(p.Summary.Rows) != 540 {
			b.Fatalf("%d figures, %d papers, %d summary rows; want 4, 1, 540", len(p.Figures), len(p.Findings), len(p.Summary.Rows))
		}
		if err := p.Write(io.Discard); err != nil {
			b.Fatal(err)
		}
	}
	runtime.ReadMemStats(&ms1)
	b.ReportMetric(float64(rows)*float64(b.N)/b.Elapsed().Seconds(), "trials/s")
	b.ReportMetric(float64(ms1.TotalAlloc-ms0.TotalAlloc)/float64(b.N)/(1<<20), "MiB-alloc")
}
