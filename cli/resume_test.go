package cli

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mutexlab/mutexlab/results"
	"github.com/mutexlab/mutexlab/sweeps"
)

// TestMain lets a test start this test binary as a real bench process: with BENCH_CHILD
// set, it runs bench with the tab-separated arguments in it, as main does (BENCH_CPUPROFILE too).
func TestMain(m *testing.M) {
	if args := os.Getenv("BENCH_CHILD"); args != "" {
		os.Exit(runProfiled(signalContext(), strings.Split(args, "\t")))
	}
	os.Exit(m.Run())
}

// resumeSpec is a sweep of 240 trials of about 10 ms each: a few seconds on one worker.
const resumeSpec = `
name = "resume"
algorithms = ["rl", "rr"]
trials = 10
seed = 77
[params]
n = 20
warmup = 0
measure = 1500
[grid]
connectivity = [0.2, 0.6]
load = {log = [1e-2, 1], points = 3}
mobility = [0, 0.05]
`

func child(t *testing.T, args ...string) (*exec.Cmd, *bytes.Buffer) {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "BENCH_CHILD="+strings.Join(args, "\t"))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd, &stderr
}

// waitJournal waits until the child has journalled at least minBytes of finished trials.
func waitJournal(t *testing.T, parts string, minBytes int64) {
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		if st, err := os.Stat(filepath.Join(parts, "journal")); err == nil && st.Size() >= minBytes {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatal("the child journalled no trial within 30 s")
}

// readRows returns every row of a results file, each as text.
func readRows(t *testing.T, path string) []string {
	t.Helper()
	f, err := results.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := f.ReadRows()
	if err != nil {
		t.Fatal(err)
	}
	out := make([]string, len(rows))
	for k, r := range rows {
		for j, c := range f.Columns() {
			out[k] += c.Name + "=" + r[j].Format(c.Kind) + " "
		}
	}
	return out
}

// reference runs the sweep in one go, in process.
func reference(t *testing.T, dir, specPath string) []string {
	ref := filepath.Join(dir, "ref.parquet")
	if code := run(context.Background(), []string{"sweep", specPath, "--out", ref, "--quiet", "--workers", "2"}); code != exitOK {
		t.Fatalf("reference run: exit %d", code)
	}
	return readRows(t, ref)
}

func sameRows(t *testing.T, got, want []string) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d rows, want %d", len(got), len(want))
	}
	slices.Sort(got)
	slices.Sort(want)
	for k := range want {
		if got[k] != want[k] {
			t.Fatalf("row %d differs:\n got %s\nwant %s", k, got[k], want[k])
		}
	}
}

// sameFile fails unless the two files are identical byte for byte: a resumed or merged
// sweep writes the file of a run that was never interrupted, same rows, same order, same
// row groups and metadata.
func sameFile(t *testing.T, got, want string) {
	t.Helper()
	a, errA := os.ReadFile(got)
	b, errB := os.ReadFile(want)
	if errA != nil || errB != nil {
		t.Fatal(errA, errB)
	}
	if !bytes.Equal(a, b) {
		t.Fatalf("%s (%d bytes) differs from %s (%d bytes)", got, len(a), want, len(b))
	}
}

func TestKillNineThenResume(t *testing.T) {
	dir := t.TempDir()
	specPath := filepath.Join(dir, "resume.toml")
	os.WriteFile(specPath, []byte(resumeSpec), 0o644)
	out := filepath.Join(dir, "out.parquet")
	args := []string{"sweep", specPath, "--out", out, "--workers", "1"}

	cmd, _ := child(t, args...)
	waitJournal(t, out+".parts", 2000) // a dozen or so trials
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
	if _, err := os.Stat(out); err == nil {
		t.Fatal("a killed sweep left an output file")
	}

	cmd, stderr := child(t, args...)
	if err := cmd.Wait(); err != nil {
		t.Fatalf("resumed run: %v: %s", err, stderr)
	}
	var done, total int
	if _, err := fmt.Sscanf(stderr.String()[strings.Index(stderr.String(), "resuming"):], "resuming: %d of %d", &done, &total); err != nil || done == 0 || done >= total {
		t.Fatalf("the resumed run did not pick up the killed run's trials: %q", stderr)
	}
	if _, err := os.Stat(out + ".parts"); err == nil {
		t.Fatal("the finished sweep left its parts directory")
	}
	// Same rows as a run that was never interrupted: none missing, none duplicated, each
	// value for value the same; and the same file, byte for byte.
	sameRows(t, readRows(t, out), reference(t, dir, specPath))
	sameFile(t, out, filepath.Join(dir, "ref.parquet"))
}

// longSpec has one long trial (about a second or more of CPU) and fifteen short ones. With two
// workers the long one runs first (slowest first) on one worker while the other finishes
// the short ones, which wait behind it to keep the file in schedule order.
const longSpec = `
name = "long"
algorithms = ["rl"]
trials = 1
seed = 5
[params]
n = 20
warmup = 0
[grid]
measure = [1200000, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114]
`

// TestSIGTERMStopsALongTrialThenResume: SIGTERM in the middle of a long trial stops it
// within a few seconds; the short trials that finished are on disk, the process says so and
// exits 1; rerunning the command completes the sweep with the rows of an uninterrupted run.
func TestSIGTERMStopsALongTrialThenResume(t *testing.T) {
	dir := t.TempDir()
	specPath := filepath.Join(dir, "long.toml")
	os.WriteFile(specPath, []byte(longSpec), 0o644)
	out := filepath.Join(dir, "out.parquet")
	args := []string{"sweep", specPath, "--out", out, "--workers", "2", "--quiet"}

	cmd, stderr := child(t, args...)
	time.Sleep(700 * time.Millisecond) // the short trials are done, the long one runs
	sent := time.Now()
	cmd.Process.Signal(syscall.SIGTERM)
	err := cmd.Wait()
	latency := time.Since(sent)
	t.Logf("SIGTERM to exit: %s", latency)
	if latency > 5*time.Second {
		t.Errorf("exited %s after SIGTERM", latency)
	}
	var done, total int
	msg := stderr.String()
	i := strings.Index(msg, "interrupted: ")
	if code := cmd.ProcessState.ExitCode(); err == nil || code != exitFailure || i < 0 || !strings.Contains(msg, "rerun the same command to resume") {
		t.Fatalf("after SIGTERM: exit %d, stderr %q", code, msg)
	}
	if _, err := fmt.Sscanf(msg[i:], "interrupted: %d of %d trials on disk", &done, &total); err != nil || total != 16 || done < 1 || done > 15 {
		t.Fatalf("after SIGTERM: %q (done %d of %d)", msg, done, total)
	}
	// The finished rows went to a complete part file; the journal holds only its header.
	f, err := results.Open(filepath.Join(out+".parts", "part-000000.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	n := f.NumRows()
	f.Close()
	if data, err := os.ReadFile(filepath.Join(out+".parts", "journal")); err != nil || strings.Count(string(data), "\n") != 1 || int(n) != done {
		t.Fatalf("after SIGTERM: part has %d rows (%d reported), journal %q %v", n, done, data, err)
	}
	var code int
	stdout := captureStdout(t, func() { code = run(context.Background(), args) })
	if code != exitOK || !strings.Contains(stdout, fmt.Sprintf("ran %d trials", total-done)) || !strings.Contains(stdout, fmt.Sprintf("%d were already on disk", done)) {
		t.Fatalf("resume: exit %d\n%s", code, stdout)
	}
	captureStdout(t, func() { sameRows(t, readRows(t, out), reference(t, dir, specPath)) })
	sameFile(t, out, filepath.Join(dir, "ref.parquet"))
}

func TestShardThenMerge(t *testing.T) {
	dir := t.TempDir()
	specPath := filepath.Join(dir, "s.toml")
	os.WriteFile(specPath, []byte(strings.Replace(resumeSpec, "measure = 1500", "measure = 100", 1)), 0o644)
	var shards []string
	for i := range 3 {
		out := filepath.Join(dir, fmt.Sprintf("s%d.parquet", i))
		if code := run(context.Background(), []string{"sweep", specPath, "--shard", fmt.Sprintf("%d/3", i), "--out", out, "--quiet"}); code != exitOK {
			t.Fatalf("shard %d: exit %d", i, code)
		}
		shards = append(shards, out)
	}
	merged := filepath.Join(dir, "merged.parquet")
	// A missing shard and a duplicated shard are refused, and write nothing.
	for _, in := range [][]string{shards[:2], {shards[0], shards[1], shards[2], shards[1]}} {
		if code := run(context.Background(), append([]string{"merge", "--out", merged}, in...)); code != exitUsage {
			t.Fatalf("merge of %v: exit %d, want %d", in, code, exitUsage)
		}
		if _, err := os.Stat(merged); err == nil {
			t.Fatal("a refused merge wrote its output")
		}
	}
	if code := run(context.Background(), append([]string{"merge", "--out", merged}, shards[2], shards[0], shards[1])); code != exitOK {
		t.Fatalf("merge: exit %d", code)
	}
	ref := filepath.Join(dir, "ref.parquet")
	if code := run(context.Background(), []string{"sweep", specPath, "--out", ref, "--quiet"}); code != exitOK {
		t.Fatal("reference run failed")
	}
	if err := sweeps.CompareFiles(merged, ref); err != nil {
		t.Fatal(err)
	}
	if code := run(context.Background(), []string{"compare", merged, ref}); code != exitOK {
		t.Fatalf("bench compare: exit %d", code)
	}
	sameFile(t, merged, ref)
	// Shards are disjoint and balanced.
	total := 0
	for _, s := range shards {
		n := len(readRows(t, s))
		if n != 80 {
			t.Errorf("%s has %d rows, want 240/3 = 80", s, n)
		}
		total += n
	}
	// Merging shards of a different sweep is refused.
	other := filepath.Join(dir, "other.toml")
	os.WriteFile(other, []byte(strings.Replace(resumeSpec, "seed = 77", "seed = 78", 1)), 0o644)
	o0 := filepath.Join(dir, "o0.parquet")
	if code := run(context.Background(), []string{"sweep", other, "--shard", "0/3", "--out", o0, "--quiet", "--workers", "1"}); code != exitOK {
		t.Fatal("other shard failed")
	}
	if code := run(context.Background(), []string{"merge", "--out", filepath.Join(dir, "mixed.parquet"), o0, shards[1], shards[2]}); code != exitUsage {
		t.Fatalf("merging different sweeps: exit %d, want %d", code, exitUsage)
	}
}
