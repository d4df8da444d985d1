package cli

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestRunRecordsASpecThatReruns: a bench run given every kind of flag (an algorithm list, a
// whole-number flag, a number list, text, a crash schedule holding commas, --set of a number
// list, a number and text, replicates, a root seed above 2^63-1) records a spec from which
// bench sweep --from writes the same rows, and so does the file that rerun writes.
func TestRunRecordsASpecThatReruns(t *testing.T) {
	dir := t.TempDir()
	first := filepath.Join(dir, "run.parquet")
	args := []string{"run", "--algo", "rl,hk", "--n", "12", "--load", "0.1,0.30000000000000004", "--mobility", "0.01",
		"--delay", "exp:1", "--crashes", "3@500,4@600", "--warmup", "5", "--measure", "40",
		"--set", "k=1,2", "--set", "cs_time=0.5", "--set", "link_formation=any-pair",
		"--trials", "2", "--seed", "18446744073709551615", "--quiet", "--out", first}
	var code int
	captureStderr(t, func() { captureStdout(t, func() { code = run(context.Background(), args) }) })
	if code != exitOK {
		t.Fatalf("bench run: exit %d", code)
	}
	again := filepath.Join(dir, "again.parquet")
	twice := filepath.Join(dir, "twice.parquet")
	for _, c := range [][2]string{{first, again}, {again, twice}} {
		stderr := captureStderr(t, func() {
			captureStdout(t, func() { code = run(context.Background(), []string{"sweep", "--from", c[0], "--out", c[1], "--quiet"}) })
		})
		if code != exitOK {
			t.Fatalf("bench sweep --from %s: exit %d: %s", c[0], code, stderr)
		}
		a, b := readRows(t, c[0]), readRows(t, c[1])
		if len(a) != 2*2*2*2 || !slices.Equal(a, b) {
			t.Fatalf("bench sweep --from %s wrote other rows:\n%s\nwant\n%s", c[0], strings.Join(b, "\n"), strings.Join(a, "\n"))
		}
	}
}
