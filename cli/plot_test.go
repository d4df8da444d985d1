package cli

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mutexlab/mutexlab/plots"
)

// runPlot runs bench plot with args, failing the test if it takes longer than a minute
// (a figure draws in well under a second), and returns the exit code, stdout and stderr.
func runPlot(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var code int
	var stdout string
	finished := make(chan struct{})
	stderr := captureStderr(t, func() {
		go func() {
			stdout = captureStdout(t, func() { code = run(context.Background(), append([]string{"plot"}, args...)) })
			close(finished)
		}()
		select {
		case <-finished:
		case <-time.After(time.Minute):
			t.Fatalf("bench plot %s: still running after a minute", strings.Join(args, " "))
		}
	})
	return code, stdout, stderr
}

// TestPlotDefaultOutInCurrentDirectory: without --out the figure goes to NAME.png in the
// current directory, never into the repository's figures/.
func TestPlotDefaultOutInCurrentDirectory(t *testing.T) {
	path := writeSmallResults(t)
	dir := t.TempDir()
	t.Chdir(dir)
	code, stdout, stderr := runPlot(t, path, "--metric", "wait_mean", "--x", "load")
	if code != exitOK || strings.TrimSpace(stdout) != "wait_mean-vs-load.png" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	if st, err := os.Stat(filepath.Join(dir, "wait_mean-vs-load.png")); err != nil || st.Size() < 1000 {
		t.Fatalf("figure not in the current directory: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "figures")); err == nil {
		t.Fatal("bench plot created figures/")
	}
	// Every point pools the two mobilities of the file: the caption says so.
	if !strings.Contains(stderr, "the caption reads: Mean ± 95% CI of 6 trials per point.") || !strings.Contains(stderr, "Pooled over mobility (0, 0.1)") {
		t.Errorf("caption on stderr: %q", stderr)
	}
}

// TestPlotLogAxesDoNotHang: commands that could loop forever on a 0 — a log x
// axis over mobility 0 and a log y axis over a metric that is 0 — finish: the first leaves
// mobility 0 out with a note, the second, where every value is 0, is bad input naming it.
func TestPlotLogAxesDoNotHang(t *testing.T) {
	path := writeSmallResults(t)
	dir := t.TempDir()
	code, _, stderr := runPlot(t, path, "--metric", "wait_mean", "--x", "mobility", "--xscale", "log", "--out", filepath.Join(dir, "a.png"))
	if code != exitOK || !strings.Contains(stderr, "note: log x axis: left out 2 of 4 points where mobility ≤ 0 (mobility = 0)") {
		t.Errorf("--x mobility --xscale log: exit %d, stderr %q", code, stderr)
	}
	code, _, stderr = runPlot(t, path, "--metric", "link_changes", "--x", "load", "--yscale", "log", "--out", filepath.Join(dir, "b.png"))
	if code != exitUsage || !strings.Contains(stderr, "a log y axis cannot show link_changes ≤ 0") || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
		t.Errorf("--yscale log over zeros: exit %d, stderr %q", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "b.png")); err == nil {
		t.Error("a failed plot wrote its output")
	}
}

// TestPlotHelp: -h lists every figure preset with its caption, and --title and
// --no-caption.
func TestPlotHelp(t *testing.T) {
	code, stdout, _ := runPlot(t, "-h")
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	for _, p := range plots.Figures() {
		if !strings.Contains(stdout, p.Name+" ") || !strings.Contains(stdout, p.Caption) {
			t.Errorf("plot -h lacks %s", p.Name)
		}
	}
	for _, flag := range []string{"--title", "--no-caption", "current directory"} {
		if !strings.Contains(stdout, flag) {
			t.Errorf("plot -h lacks %q", flag)
		}
	}
}
