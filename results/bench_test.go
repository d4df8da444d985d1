package results

import (
	"fmt"
	"path/filepath"
	"runtime"
	"testing"

	"golang.org/x/exp/mmap"
)

// Benchmarks run only under -bench; each writes its own file of benchRows rows first.
//
//	go test -run '^$' -bench . -benchmem ./results
const benchRows = 1_000_000

func writeBenchFile(b *testing.B) string {
	b.Helper()
	path := filepath.Join(b.TempDir(), "bench.parquet")
	writeFile(b, path, testCols, map[string]string{"bench": "1"}, 0, benchRows)
	return path
}

// BenchmarkReadFloat64Column reads one column of a 1,000,000-row file, for a float64, an
// int64, a uint64 and an optional float64 column with nulls.
//
// Each runs twice: through Open (pread) and through openMapped (a memory mapping,
// golang.org/x/exp/mmap), to decide whether the mapping pays (docs/results.md):
//
//	go test -run '^$' -bench ReadFloat64Column -count 10 ./results | tee read.txt; benchstat -col /open read.txt
func BenchmarkReadFloat64Column(b *testing.B) {
	path := writeBenchFile(b)
	for _, how := range []string{"pread", "mmap"} {
		f := openFile(b, path)
		if how == "mmap" {
			var err error
			if f, err = openMapped(path); err != nil {
				b.Fatal(err)
			}
			defer f.Close()
		}
		benchColumns(b, f, how)
	}
}

func benchColumns(b *testing.B, f *File, how string) {
	for _, col := range []string{"load", "events", "seed", "wait_mean"} {
		b.Run(fmt.Sprintf("open=%s/rows=%d/col=%s", how, benchRows, col), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				vals, err := f.Float64Column(col)
				if err != nil {
					b.Fatal(err)
				}
				if len(vals) != benchRows {
					b.Fatalf("read %d values, want %d", len(vals), benchRows)
				}
			}
			b.ReportMetric(float64(benchRows)*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
		})
	}
}

// BenchmarkReadAll reads every row of a 1,000,000-row file and reports the heap the rows
// take.
func BenchmarkReadAll(b *testing.B) {
	path := writeBenchFile(b)
	f := openFile(b, path)
	b.ReportAllocs()
	var heap uint64
	for b.Loop() {
		var before, after runtime.MemStats
		b.StopTimer()
		runtime.GC()
		runtime.ReadMemStats(&before)
		b.StartTimer()
		trials, err := f.ReadRows()
		if err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		runtime.GC()
		runtime.ReadMemStats(&after)
		b.StartTimer()
		heap = after.HeapAlloc - before.HeapAlloc
		if len(trials) != benchRows {
			b.Fatalf("read %d rows, want %d", len(trials), benchRows)
		}
		runtime.KeepAlive(trials)
	}
	b.ReportMetric(float64(benchRows)*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
	b.ReportMetric(float64(heap)/(1<<20), "MiB-live")
}

// BenchmarkWrite writes a 1,000,000-row file.
func BenchmarkWrite(b *testing.B) {
	dir := b.TempDir()
	b.ReportAllocs()
	for b.Loop() {
		writeFile(b, filepath.Join(dir, "w.parquet"), testCols, nil, 0, benchRows)
	}
	b.ReportMetric(float64(benchRows)*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
}

// openMapped is Open through a read-only memory mapping (golang.org/x/exp/mmap) instead of
// pread calls: measured against Open in BenchmarkReadFloat64Column. It does not pay
// (docs/results.md, Dependencies), so Open does not use it; it stays here to re-measure.
func openMapped(path string) (*File, error) {
	m, err := mmap.Open(path)
	if err != nil {
		return nil, fmt.Errorf("results: %s: %v", path, pathErrorCause(err))
	}
	f, err := open(path, m, int64(m.Len()))
	if err != nil {
		m.Close()
		return nil, err
	}
	f.osf = m
	return f, nil
}
