package cli

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// profiledChild runs bench (this test binary, as TestMain runs it) with args and
// BENCH_CPUPROFILE=profile, and returns its exit code and standard error.
func profiledChild(t *testing.T, profile string, args ...string) (int, string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "BENCH_CHILD="+strings.Join(args, "\t"), profileEnv+"="+profile)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	cmd.Run()
	return cmd.ProcessState.ExitCode(), stderr.String()
}

// TestCPUProfileEnv: BENCH_CPUPROFILE makes a command write a gzipped pprof profile that
// names the kernel's event loop (what scripts/pgo.sh merges into default.pgo).
func TestCPUProfileEnv(t *testing.T) {
	dir := t.TempDir()
	prof := filepath.Join(dir, "cpu.prof")
	code, stderr := profiledChild(t, prof, "run", "--algo", "rl", "--n", "30", "--trials", "20", "--quiet",
		"--out", filepath.Join(dir, "r.parquet"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	f, err := os.Open(prof)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatalf("the profile is not gzipped pprof: %v", err)
	}
	body, err := io.ReadAll(z)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(body, []byte("mutexlab/kernel.(*Sim)")) {
		t.Fatalf("the profile (%d bytes) names no kernel.Sim function", len(body))
	}
}

// TestCPUProfileEnvUnwritable: a profile path that cannot be written is bad input, named in
// one line, before any work (no results file).
func TestCPUProfileEnvUnwritable(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "r.parquet")
	code, stderr := profiledChild(t, filepath.Join(dir, "missing", "cpu.prof"), "run", "--algo", "rl", "--n", "30", "--out", out)
	if code != exitUsage || !strings.Contains(stderr, profileEnv+"=") || strings.Count(stderr, "\n") != 1 {
		t.Fatalf("exit %d, stderr %q; want exit 2 and one line naming %s", code, stderr, profileEnv)
	}
	if _, err := os.Stat(out); err == nil {
		t.Fatalf("%s was written", out)
	}
}
