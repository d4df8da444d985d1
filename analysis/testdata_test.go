package analysis

import (
	"path/filepath"
	"testing"

	"github.com/mutexlab/mutexlab/results"
)

// writeTrials writes trials to a results file in a temporary directory.
func writeTrials(tb testing.TB, trials []results.Trial) string {
	tb.Helper()
	path := filepath.Join(tb.TempDir(), "t.parquet")
	w, err := results.Create(path, results.Layout{}, nil)
	if err != nil {
		tb.Fatal(err)
	}
	defer w.Abort()
	for i := range trials {
		if err := w.Write(&trials[i]); err != nil {
			tb.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		tb.Fatal(err)
	}
	return path
}

func trial(alg string, conn, load, mob float64, seed uint64, wait, msgs float64) results.Trial {
	return results.Trial{Algorithm: alg, N: 30, Links: int64(conn * 435), Connectivity: conn, Degree: conn * 29,
		Load: load, Mobility: mob, Delay: "1", Warmup: 10, Measure: 100, Seed: seed,
		CSEntries: 100, WaitMean: wait, MsgsPerCS: msgs}
}
