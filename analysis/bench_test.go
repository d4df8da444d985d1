package analysis

import (
	"runtime"
	"testing"

	"github.com/mutexlab/mutexlab/results/columns"
)

// BenchmarkLoadAggregate reads 1,000,000 trial rows (the walter2001 grid, 540 groups) from
// Parquet and aggregates two metrics by algorithm, connectivity, load and mobility: the
// work of 'bench report'. It reports rows/s and MiB-alloc, the bytes allocated per
// operation (an upper bound on the heap it needs). Run with:
//
//	go test -run '^$' -bench LoadAggregate -benchmem ./analysis
func BenchmarkLoadAggregate(b *testing.B) {
	const rows = 1_000_000
	trials := make([]columns.Trial, 0, rows)
	algs := []string{"rl", "rr"}
	for i := range rows {
		g := i % 540
		trials = append(trials, trial(algs[g%2], 0.1*float64(1+g/2%10), []float64{1e-4, 3e-4, 1e-3, 3e-3, 1e-2, 3e-2, 0.1, 0.3, 1}[g/20%9], []float64{0, 0.01, 0.1}[g/180], uint64(i), float64(i%97), float64(i%89)))
	}
	path := writeTrials(b, trials)
	trials = nil
	by := []string{"algorithm", "connectivity", "load", "mobility"}
	metrics := []string{"wait_mean", "msgs_per_cs"}
	runtime.GC()
	b.ReportAllocs()
	var ms0, ms1 runtime.MemStats
	runtime.ReadMemStats(&ms0)
	for b.Loop() {
		d, err := Load([]string{path}, append(by, metrics...))
		if err != nil {
			b.Fatal(err)
		}
		t, err := Aggregate(d, by, metrics)
		if err != nil {
			b.Fatal(err)
		}
		if t.Len() != 540 {
			b.Fatalf("%d groups, want 540", t.Len())
		}
	}
	runtime.ReadMemStats(&ms1)
	b.ReportMetric(float64(rows)*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
	b.ReportMetric(float64(ms1.TotalAlloc-ms0.TotalAlloc)/float64(b.N)/(1<<20), "MiB-alloc")
}
