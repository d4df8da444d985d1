package cli

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/mutexlab/mutexlab/results"
)

func TestBadInputExitsTwoAndWritesNothing(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "r.parquet")
	if err := os.WriteFile(out, []byte("precious"), 0o644); err != nil {
		t.Fatal(err)
	}
	notDir := filepath.Join(dir, "file")
	os.WriteFile(notDir, nil, 0o644)
	cases := [][]string{
		{"run", "--algo", "nope", "--out", out},
		{"run", "--n", "1", "--out", out},
		{"run", "--connectivity", "1.5", "--out", out},
		{"run", "--connectivity", "0.05", "--out", out},
		{"run", "--load", "-1", "--out", out},
		{"run", "--mobility", "x", "--out", out},
		{"run", "--delay", "normal:1", "--out", out},
		{"run", "--trials", "0", "--out", out},
		{"run", "--out", filepath.Join(notDir, "x.parquet"), "--measure", "10", "--warmup", "0"},
		{"run", "--bogus"},
		{"sweep", "no-such-preset"},
		{"sweep", filepath.Join(dir, "missing.toml")},
		{"frobnicate"},
	}
	for _, args := range cases {
		if code := run(context.Background(), args); code != exitUsage {
			t.Errorf("%v: exit %d, want %d", args, code, exitUsage)
		}
	}
	if data, _ := os.ReadFile(out); string(data) != "precious" {
		t.Fatal("a failed command changed the existing output file")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Fatalf("failed commands left files behind: %v", entries)
	}
}

func TestRunWritesResults(t *testing.T) {
	out := filepath.Join(t.TempDir(), "r.parquet")
	args := []string{"run", "--algo", "rl,rr", "--n", "10", "--connectivity", "0.5", "--load", "0.1,1", "--trials", "2",
		"--warmup", "10", "--measure", "100", "--out", out, "--quiet"}
	if code := run(context.Background(), args); code != exitOK {
		t.Fatalf("exit %d", code)
	}
	f, err := results.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if f.NumRows() != 2*2*2 {
		t.Fatalf("%d rows, want 8", f.NumRows())
	}
	col := func(name string) []float64 {
		v, err := f.Float64Column(name)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	entries, n, wait, msgs, k := col("cs_entries"), col("n"), col("wait_mean"), col("msgs_per_cs"), col("k")
	for r := range entries {
		if entries[r] != 100 || n[r] != 10 || !(wait[r] > 0) || !(msgs[r] > 0) || !math.IsNaN(k[r]) {
			t.Fatalf("implausible row %d: %g entries, n %g, wait %g, msgs %g, k %g (want null: rl and rr do not read k)", r, entries[r], n[r], wait[r], msgs[r], k[r])
		}
	}
}
