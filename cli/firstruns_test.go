package cli

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// firstRuns runs scripts/first-runs.sh with env added to this process's environment and
// returns its exit code, standard output and standard error.
func firstRuns(t *testing.T, env []string, args ...string) (int, string, string) {
	t.Helper()
	if _, err := os.Stat("/usr/bin/time"); err != nil {
		t.Skip("scripts/first-runs.sh needs /usr/bin/time (Debian package time)")
	}
	cmd := exec.Command("../scripts/first-runs.sh", args...)
	cmd.Env = append(os.Environ(), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.Run()
	return cmd.ProcessState.ExitCode(), stdout.String(), stderr.String()
}

// benchWrapper writes an executable that runs bench (this test binary, as TestMain runs it)
// with its arguments, the way a built bench binary would take them.
func benchWrapper(t *testing.T, name string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	script := fmt.Sprintf("#!/bin/sh\nBENCH_CHILD=$(IFS=\"$(printf '\\t')\"; echo \"$*\") exec %q -test.run='^$'\n", os.Args[0])
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestFirstRunsScript: the script behind docs/scaling.md's speed table alternates two builds
// (the first to run swaps every round), runs each first and again, and reports every run's
// events, times and rate, and a summary per algorithm, build and kind.
func TestFirstRunsScript(t *testing.T) {
	a, b := benchWrapper(t, "bench-a"), benchWrapper(t, "bench-b")
	code, out, stderr := firstRuns(t, []string{"N=200", "ROUNDS=2", "QUIET=0", "ALGOS=rl", "TARGET=1"}, a, b)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var runs, summary []string
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if strings.HasPrefix(line, "# ") {
			summary = append(summary, line)
		} else {
			runs = append(runs, line)
		}
	}
	want := []string{"1 a first", "1 b first", "1 a again", "1 b again", "2 b first", "2 a first", "2 b again", "2 a again"}
	if len(runs) != len(want) {
		t.Fatalf("%d run lines, want %d:\n%s", len(runs), len(want), out)
	}
	events := ""
	for k, line := range runs {
		f := strings.Split(line, "\t")
		if len(f) != 10 {
			t.Fatalf("run line %q has %d fields, want 10", line, len(f))
		}
		got := f[0] + " " + strings.TrimPrefix(filepath.Base(f[2]), "bench-") + " " + f[3]
		if got != want[k] || f[1] != "rl" {
			t.Errorf("run %d is %q (%s), want %q (rl)", k, got, f[1], want[k])
		}
		if events == "" {
			events = f[4]
		}
		if f[4] != events || f[4] == "0" {
			t.Errorf("run %d has %s events, want the same positive count in every run (%s)", k, f[4], events)
		}
		ev, _ := strconv.ParseFloat(f[4], 64)
		wall, _ := strconv.ParseFloat(f[5], 64)
		rate, _ := strconv.ParseFloat(f[9], 64)
		if wall <= 0 || rate < ev/(wall+0.005)-1 || rate > ev/(wall-0.005)+1 {
			t.Errorf("run %d: rate %s is not events %s / wall %s", k, f[9], f[4], f[5])
		}
	}
	if len(summary) != 4 {
		t.Fatalf("%d summary lines, want 4 (a and b, first and again):\n%s", len(summary), out)
	}
	for _, line := range summary {
		if !strings.Contains(line, "\t2 runs\t") || !strings.HasSuffix(line, "2 of 2 at 1 events/s") {
			t.Errorf("summary %q: want 2 runs, 2 of 2 at the target", line)
		}
	}
}

// TestFirstRunsScriptBadInput: a bad setting or binary is one line naming it, exit 2, before
// any run; a bench that fails stops the script with its output.
func TestFirstRunsScriptBadInput(t *testing.T) {
	a := benchWrapper(t, "bench-a")
	for _, c := range []struct {
		env  []string
		args []string
		want string
	}{
		{[]string{"ROUNDS=x"}, []string{a}, `ROUNDS must be a whole number, got "x"`},
		{[]string{"N=1"}, []string{a}, "N must be at least 2, got 1"},
		{nil, []string{"/nonexistent/bench"}, "/nonexistent/bench is not an executable bench binary"},
		{nil, nil, "usage: first-runs.sh BENCH [BENCH2]"},
	} {
		code, out, stderr := firstRuns(t, c.env, c.args...)
		if code != 2 || out != "" || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, c.want) {
			t.Errorf("%v %v: exit %d, stdout %q, stderr %q; want exit 2, one line with %q", c.env, c.args, code, out, stderr, c.want)
		}
	}
	code, _, stderr := firstRuns(t, []string{"N=200", "ROUNDS=1", "QUIET=0", "ALGOS=nope"}, a)
	if code != 1 || !strings.Contains(stderr, "run --algo nope failed") {
		t.Errorf("unknown algorithm: exit %d, stderr %q; want exit 1 naming the failed run", code, stderr)
	}
}
