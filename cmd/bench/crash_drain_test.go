package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/results"
)

// TestCrashMeasureNullWithoutDrain: with crashes, blocked and failure_locality rest on "never
// ate again", which only a drain run to its end shows. On a waypoint network whose crash
// cannot reach every component, drain = none leaves nodes waiting that no crash explains:
// the trial is not a starvation (exit 0, not 4), and the two columns are null beside
// liveness_checked false, while crashed is still recorded. The full drain of the same trial
// measures them.
func TestCrashMeasureNullWithoutDrain(t *testing.T) {
	dir := t.TempDir()
	args := []string{"run", "--algo", "akw1", "--set", "network=waypoint", "--set", "crashes=3@50,7@120", "--set", "crash_rate=0.001",
		"--n", "20", "--measure", "100", "--warmup", "10", "--quiet"}
	for _, c := range []struct {
		drain    string
		measured bool
	}{{"none", false}, {"full", true}} {
		out := filepath.Join(dir, c.drain+".parquet")
		code, stderr := runBench(t, append(args, "--set", "drain="+c.drain, "--out", out)...)
		if code != exitOK {
			t.Fatalf("drain=%s: exit %d, %s", c.drain, code, strings.TrimSpace(stderr))
		}
		row := onlyRow(t, out)
		if row["liveness_checked"].Bool() != c.measured || row["crashed"].IsNull() || row["crashed"].Int() < 1 {
			t.Errorf("drain=%s: liveness_checked %v, crashed %v", c.drain, row["liveness_checked"].Format(results.Bool), row["crashed"].Format(results.Int))
		}
		for _, name := range []string{"blocked", "failure_locality"} {
			if row[name].IsNull() == c.measured {
				t.Errorf("drain=%s: %s is %s; want null exactly when liveness is not checked", c.drain, name, row[name].Format(results.Int))
			}
		}
	}
}

// onlyRow reads the one row of a results file by column name.
func onlyRow(t *testing.T, path string) map[string]results.Value {
	t.Helper()
	f, err := results.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := f.ReadRows()
	if err != nil || len(rows) != 1 {
		t.Fatalf("%s: %d rows, %v; want 1", path, len(rows), err)
	}
	row := map[string]results.Value{}
	for j, c := range f.Columns() {
		row[c.Name] = rows[0][j]
	}
	return row
}
