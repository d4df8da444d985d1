package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSweepBadInputExitsTwoAndKeepsFiles(t *testing.T) {
	dir := t.TempDir()
	spec := filepath.Join(dir, "s.toml")
	os.WriteFile(spec, []byte(strings.Replace(resumeSpec, "measure = 1500", "measure = 50", 1)), 0o644)
	other := filepath.Join(dir, "other.toml")
	os.WriteFile(other, []byte(strings.Replace(resumeSpec, "measure = 1500", "measure = 60", 1)), 0o644)
	out := filepath.Join(dir, "o.parquet")
	if code := run(context.Background(), []string{"sweep", other, "--out", out, "--quiet"}); code != exitOK {
		t.Fatalf("setup: exit %d", code)
	}
	before, _ := os.ReadFile(out)
	bad := map[string]string{
		"malformed.toml":   "algorithms = [\"rl\"\n",
		"unknown-key.toml": "algorithms = [\"rl\"]\ntrials = 1\nworkers = 3\n",
		"empty-grid.toml":  "algorithms = [\"rl\"]\ntrials = 1\n[grid]\nload = []\n",
	}
	for name, text := range bad {
		os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644)
	}
	cases := [][]string{
		{"sweep", filepath.Join(dir, "malformed.toml"), "--out", out},
		{"sweep", filepath.Join(dir, "unknown-key.toml"), "--out", out},
		{"sweep", filepath.Join(dir, "empty-grid.toml"), "--out", out},
		{"sweep", spec, "--shard", "3/2", "--out", out},
		{"sweep", spec, "--shard", "x", "--out", out},
		{"sweep", spec, "--out", out}, // out holds another sweep's results
		{"merge", "--out", filepath.Join(dir, "m.parquet")},
		{"merge", "--out", filepath.Join(dir, "m.parquet"), filepath.Join(dir, "missing.parquet")},
	}
	for _, args := range cases {
		if code := run(context.Background(), args); code != exitUsage {
			t.Errorf("%v: exit %d, want %d", args, code, exitUsage)
		}
	}
	if after, _ := os.ReadFile(out); !bytes.Equal(before, after) {
		t.Fatal("a failed command changed the existing output file")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 6 { // 2 specs, 3 bad specs, the output
		t.Fatalf("failed commands left files behind: %v", entries)
	}
}

func TestDryRunRunsNothing(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "o.parquet")
	if code := run(context.Background(), []string{"sweep", "walter2001", "--dry-run", "--shard", "1/4", "--out", out}); code != exitOK {
		t.Fatalf("exit %d", code)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Fatalf("--dry-run wrote %v", entries)
	}
}

// TestShardOutputIsAsHelpSays: a shard writes --out as given, and the spec's output with
// .shard-i-of-N before the extension when --out is not given, as bench sweep -h says.
func TestShardOutputIsAsHelpSays(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, c := range []struct{ args, want string }{
		{"default --dry-run --shard 1/4 --out mine.parquet", "output: mine.parquet\n"},
		{"default --dry-run --shard 1/4", "output: results/default.shard-1-of-4.parquet\n"},
	} {
		var code int
		stdout := captureStdout(t, func() { code = run(context.Background(), append([]string{"sweep"}, strings.Fields(c.args)...)) })
		if code != exitOK || !strings.HasSuffix(stdout, c.want) {
			t.Errorf("bench sweep %s: exit %d, output ends %q; want %q", c.args, code, stdout[max(0, len(stdout)-60):], c.want)
		}
	}
	help := captureStdout(t, func() { run(context.Background(), []string{"sweep", "-h"}) })
	if text := strings.Join(strings.Fields(help), " "); !strings.Contains(text, "OUT is --out as given, else the spec's output, with .shard-i-of-N before the extension for a shard") {
		t.Errorf("bench sweep -h does not say how a shard's output is named:\n%s", help)
	}
}
