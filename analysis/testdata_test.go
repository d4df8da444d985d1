package analysis

import (
	"path/filepath"
	"testing"

	"github.com/mutexlab/mutexlab/results/columns"
)

// writeTrials writes trials to a results file in a temporary directory.
func writeTrials(tb testing.TB, trials []columns.Trial) string {
	tb.Helper()
	path := filepath.Join(tb.TempDir(), "t.parquet")
	if err := columns.WriteFile(path, trials, nil); err != nil {
		tb.Fatal(err)
	}
	return path
}

func trial(alg string, conn, load, mob float64, seed uint64, wait, msgs float64) columns.Trial {
	return columns.Fake(alg, 30, conn, load, mob, seed, 100, wait, msgs)
}
