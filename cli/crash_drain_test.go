package cli

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"
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
		if row["liveness_checked"] != strconv.FormatBool(c.measured) || row["crashed"] == "null" || row["crashed"] == "0" {
			t.Errorf("drain=%s: liveness_checked %s, crashed %s", c.drain, row["liveness_checked"], row["crashed"])
		}
		for _, name := range []string{"blocked", "failure_locality"} {
			if (row[name] == "null") == c.measured || row[name] == "" {
				t.Errorf("drain=%s: %s is %q; want null exactly when liveness is not checked", c.drain, name, row[name])
			}
		}
	}
}

// onlyRow returns the one row of a results file as column name -> formatted value (readRows'
// text, split at its separators: enough for the numeric and boolean columns read here).
func onlyRow(t *testing.T, path string) map[string]string {
	t.Helper()
	rows := readRows(t, path)
	if len(rows) != 1 {
		t.Fatalf("%s: %d rows; want 1", path, len(rows))
	}
	row := map[string]string{}
	for _, field := range strings.Fields(rows[0]) {
		if name, value, ok := strings.Cut(field, "="); ok {
			row[name] = value
		}
	}
	return row
}
