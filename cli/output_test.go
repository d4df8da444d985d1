package cli

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// tinySpec is a sweep of 8 short trials; seed is filled in.
const tinySpec = `name = "tiny"
algorithms = ["rl", "rr"]
trials = 2
seed = %d
[params]
n = 8
connectivity = 0.5
warmup = 10
measure = 40
[grid]
load = [0.1, 1]
`

// runBench runs bench with args and returns the exit code and standard error.
func runBench(t *testing.T, args ...string) (int, string) {
	t.Helper()
	var code int
	stderr := captureStderr(t, func() {
		captureStdout(t, func() { code = run(context.Background(), args) })
	})
	return code, stderr
}

// refused checks that a command refused to write path: exit 2, one line naming the file and
// --replace, and the file as it was.
func refused(t *testing.T, path string, before []byte, args ...string) {
	t.Helper()
	code, stderr := runBench(t, args...)
	line := strings.TrimSpace(stderr)
	if code != exitUsage || strings.Count(line, "\n") != 0 || !strings.Contains(line, path) || !strings.Contains(line, "--replace") {
		t.Errorf("bench %s: exit %d, stderr %q; want exit 2 and one line naming %s and --replace", strings.Join(args, " "), code, stderr, path)
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
		t.Errorf("bench %s changed %s", strings.Join(args, " "), path)
	}
}

func mustRun(t *testing.T, args ...string) {
	t.Helper()
	if code, stderr := runBench(t, args...); code != exitOK {
		t.Fatalf("bench %s: exit %d, %s", strings.Join(args, " "), code, stderr)
	}
}

// TestMergeReplacesOnlyItsOwnSweep: bench merge --out over a file of another sweep (the
// data-loss case: a 3,240-trial file replaced by 2 rows) refuses; over the same whole
// sweep it writes again (the same bytes); --replace replaces; a directory is refused.
func TestMergeReplacesOnlyItsOwnSweep(t *testing.T) {
	dir := t.TempDir()
	specA, specB := filepath.Join(dir, "a.toml"), filepath.Join(dir, "b.toml")
	os.WriteFile(specA, fmt.Appendf(nil, tinySpec, 1), 0o644)
	os.WriteFile(specB, fmt.Appendf(nil, tinySpec, 2), 0o644)
	var shards []string
	for i := range 2 {
		out := filepath.Join(dir, fmt.Sprintf("a%d.parquet", i))
		mustRun(t, "sweep", specA, "--shard", fmt.Sprintf("%d/2", i), "--out", out, "--quiet")
		shards = append(shards, out)
	}
	good := filepath.Join(dir, "good.parquet")
	mustRun(t, "sweep", specB, "--out", good, "--quiet")
	before, _ := os.ReadFile(good)
	refused(t, good, before, append([]string{"merge", "--out", good}, shards...)...)

	merged := filepath.Join(dir, "merged.parquet")
	mustRun(t, append([]string{"merge", "--out", merged}, shards...)...)
	first, _ := os.ReadFile(merged)
	mustRun(t, append([]string{"merge", "--out", merged}, shards...)...) // its own output: written again
	if again, _ := os.ReadFile(merged); !bytes.Equal(first, again) {
		t.Error("merging the same shards twice gave different files")
	}
	mustRun(t, append([]string{"merge", "--replace", "--out", good}, shards...)...)
	if now, _ := os.ReadFile(good); !bytes.Equal(now, first) {
		t.Error("merge --replace did not write the merged sweep")
	}
	code, stderr := runBench(t, append([]string{"merge", "--out", dir + "/"}, shards...)...)
	if code != exitUsage || !strings.Contains(stderr, "is a directory") {
		t.Errorf("merge --out DIR/: exit %d, %q", code, stderr)
	}
	// run and sweep name the same flag when they refuse a file of another sweep.
	refused(t, merged, first, "sweep", specB, "--out", merged, "--quiet")
}

// TestPagesFiguresAndTracesReplaceOnlyTheirOwn: bench html, plot, check --plot, replay and
// run --html refuse to replace a file they did not write for the same inputs, before any
// work, and replace their own output, or any file with --replace.
func TestPagesFiguresAndTracesReplaceOnlyTheirOwn(t *testing.T) {
	data := writeSmallResults(t)
	dir := t.TempDir()
	precious := []byte("precious")
	file := func(name string) string {
		path := filepath.Join(dir, name)
		os.WriteFile(path, precious, 0o644)
		return path
	}

	page := file("page.html")
	refused(t, page, precious, "html", data, "--out", page)
	mustRun(t, "html", data, "--out", page, "--replace")
	mustRun(t, "html", data, "--out", page) // its own page of the same file
	other := writeSmallResults(t)           // another results file, same name
	stamped, _ := os.ReadFile(page)
	refused(t, page, stamped, "html", other, "--out", page)

	fig := file("fig.svg")
	plot := []string{"plot", data, "--metric", "wait_mean", "--x", "load", "--out"}
	refused(t, fig, precious, append(plot, fig)...)
	mustRun(t, append(plot, fig, "--replace")...)
	mustRun(t, append(plot, fig, "--title", "again")...) // the same figure of the same file
	drawn, _ := os.ReadFile(fig)
	refused(t, fig, drawn, "plot", data, "--metric", "msgs_per_cs", "--x", "load", "--out", fig)
	code, stderr := runBench(t, append(plot, dir+"/")...)
	if code != exitUsage || !strings.Contains(stderr, "is a directory; name the figure's file") || strings.Contains(stderr, "unknown figure format") {
		t.Errorf("plot --out DIR/: exit %d, %q", code, stderr)
	}

	bounds := file("bounds.png") // refused before any trial runs
	refused(t, bounds, precious, "check", "bounds", "--quick", "--plot", bounds)

	trace := file("trace.txt")
	refused(t, trace, precious, "replay", "--algo", "rl", "--seed", "3", "--out", trace)
	viewer := file("viewer.html")
	refused(t, viewer, precious, "replay", "--algo", "rl", "--seed", "3", "--html", viewer)
	refused(t, viewer, precious, "run", "--algo", "rl", "--n", "5", "--connectivity", "0.6", "--measure", "20", "--warmup", "5", "--html", viewer)
	mustRun(t, "run", "--algo", "rl", "--n", "5", "--connectivity", "0.6", "--measure", "20", "--warmup", "5", "--html", viewer, "--replace")
	mustRun(t, "run", "--algo", "rl", "--n", "5", "--connectivity", "0.6", "--measure", "20", "--warmup", "5", "--html", viewer)
}
