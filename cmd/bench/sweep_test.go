package main

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
