package cli

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// customSweep is the path of a results file of a user's own grid, no figure preset's: rl
// and rr over load (0.01, 0.1, 1) and mobility (0, 0.1), 3 trials
// (plots/testdata/specs/rl-rr-grid.toml). Absolute, since the tests change directory.
func customSweep(t *testing.T) string {
	p, err := filepath.Abs("../plots/testdata/rl-rr-grid.parquet")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestPlotSweepFigures: --figure auto on a custom sweep writes mean wait and messages per
// CS entry against each axis of its recorded grid, each in every --out format, and prints
// each caption; --against draws one axis, with the other still as lines, not pooled.
func TestPlotSweepFigures(t *testing.T) {
	dir, sweep := t.TempDir(), customSweep(t)
	code, stdout, stderr := runPlot(t, sweep, "--figure", "auto", "--out", filepath.Join(dir, "figs", "grid.png")+","+filepath.Join(dir, "figs", "grid.svg"))
	if code != exitOK {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	var want []string
	for _, name := range []string{"wait_mean-vs-load", "msgs_per_cs-vs-load", "wait_mean-vs-mobility", "msgs_per_cs-vs-mobility"} {
		for _, ext := range []string{".png", ".svg"} {
			want = append(want, filepath.Join(dir, "figs", "grid-"+name+ext))
		}
		if !strings.Contains(stderr, "bench plot: "+name+": the caption reads: Mean ± 95% CI of 3 trials per point.") {
			t.Errorf("no caption of %s on stderr: %q", name, stderr)
		}
	}
	if got := strings.Fields(stdout); !slices.Equal(got, want) {
		t.Errorf("wrote %q, want %q", got, want)
	}
	for _, w := range want {
		if st, err := os.Stat(w); err != nil || st.Size() < 1000 {
			t.Errorf("%s: %v", w, err)
		}
	}

	t.Chdir(t.TempDir())
	code, stdout, stderr = runPlot(t, sweep, "--against", "load", "--metric", "wait_p99")
	if code != exitOK || strings.TrimSpace(stdout) != "wait_p99-vs-load.png" || strings.Contains(stderr, "Pooled") {
		t.Errorf("--against load: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}

// TestPlotSweepBadInput: each mistake is one line naming the flag or file (the --against
// and --metric ones both), exit 2, and no figure written.
func TestPlotSweepBadInput(t *testing.T) {
	bare, sweep := writeSmallResults(t), customSweep(t) // bare records no sweep spec
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{sweep, "--figure", "auto", "--against", "lod"}, `rl-rr-grid.parquet: unknown parameter "lod"`},
		{[]string{sweep, "--figure", "auto", "--against", "load,load"}, "--against load,load: load is listed twice"},
		{[]string{sweep, "--figure", "auto", "--against", "n"}, "n takes 1 value(s) in the data (20)"},
		{[]string{sweep, "--figure", "auto", "--metric", "nope"}, `rl-rr-grid.parquet: unknown metric "nope"`},
		{[]string{sweep, "--figure", "auto", "--x", "load"}, "--x does not apply with --figure auto"},
		{[]string{sweep, "--metric", "wait_mean", "--x", "load", "--against", "mobility"}, "--against applies only with --figure auto"},
		{[]string{bare, "--figure", "auto"}, "records no sweep spec, so its grid axes are unknown: name them with --against"},
	} {
		dir := t.TempDir()
		t.Chdir(dir)
		code, _, stderr := runPlot(t, c.args...)
		if code != exitUsage || !strings.Contains(stderr, c.want) || strings.Count(strings.TrimSpace(stderr), "\n") > 0 {
			t.Errorf("%q: exit %d, stderr %q; want exit 2 and %q", c.args, code, stderr, c.want)
		}
		if entries, _ := os.ReadDir(dir); len(entries) != 0 {
			t.Errorf("%q wrote %d files", c.args, len(entries))
		}
	}
	// A file without a spec is drawn against the axes named.
	t.Chdir(t.TempDir())
	if code, stdout, stderr := runPlot(t, bare, "--against", "load,mobility"); code != exitOK || len(strings.Fields(stdout)) != 4 {
		t.Errorf("--against on a file without a spec: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}

// TestPlotSweepAxisSomeAlgorithmsLack: against an axis only some algorithms have (k: hk,
// not rl), the figure draws the algorithms that have it and the run succeeds.
func TestPlotSweepAxisSomeAlgorithmsLack(t *testing.T) {
	t.Chdir(t.TempDir())
	if code, out := runBench(t, "run", "--algo", "rl,hk", "--set", "k=1,2", "--load", "1e-3,1", "--measure", "100", "--warmup", "10", "--out", "k.parquet", "--quiet"); code != exitOK {
		t.Fatalf("run: exit %d: %s", code, out)
	}
	code, stdout, stderr := runPlot(t, "k.parquet", "--figure", "auto")
	if code != exitOK || !strings.Contains(stdout, "wait_mean-vs-k.png") || !strings.Contains(stdout, "wait_mean-vs-load.png") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}
