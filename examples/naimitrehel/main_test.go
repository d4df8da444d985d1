package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/cli"
)

func TestMain(m *testing.M) {
	if err := register(); err != nil {
		panic(err)
	}
	os.Exit(m.Run())
}

// TestRegisterTwice: registering nt again is an error naming it, which main reports on one
// line with exit status 2.
func TestRegisterTwice(t *testing.T) {
	err := register()
	if err == nil || !strings.Contains(err.Error(), `"nt"`) {
		t.Fatalf("a second registration: %v; want an error naming nt", err)
	}
}

// TestPresetLoads: the whole preset expands (every key checked, nothing run).
func TestPresetLoads(t *testing.T) {
	if out, code := runMain(t, "sweep", PresetName, "--dry-run"); code != 0 || !strings.Contains(out, "4860") {
		t.Fatalf("sweep %s --dry-run: exit %d, output:\n%s\nwant exit 0 and 4860 trials", PresetName, code, out)
	}
}

// TestSmallPresetOpensEverywhere runs a small version of the preset (its own text with
// fewer points, replicates and entries) through the command line, then opens the results
// file with report, plot and html of this program (nt registered) and of mutexlab's own
// bench, built from the repository, which does not know nt: a results file describes its
// columns, so every tool reads an algorithm it has never heard of.
func TestSmallPresetOpensEverywhere(t *testing.T) {
	dir := t.TempDir()
	spec, file := filepath.Join(dir, "small.toml"), filepath.Join(dir, "small.parquet")
	if err := os.WriteFile(spec, []byte(smallSpec(t)), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, code := runMain(t, "sweep", spec, "--out", file, "--quiet"); code != 0 {
		t.Fatalf("sweep: exit %d\n%s", code, out)
	}
	bench := filepath.Join(dir, "bench")
	if out, err := exec.Command("go", "build", "-o", bench, "github.com/mutexlab/mutexlab/cmd/bench").CombinedOutput(); err != nil {
		t.Fatalf("go build cmd/bench: %v\n%s", err, out)
	}
	for _, tool := range []string{"naimitrehel", "bench"} {
		run := func(args ...string) string {
			if tool == "bench" {
				out, err := exec.Command(bench, args...).CombinedOutput()
				if err != nil {
					t.Fatalf("bench %s: %v\n%s", strings.Join(args, " "), err, out)
				}
				return string(out)
			}
			out, code := runMain(t, args...)
			if code != 0 {
				t.Fatalf("%s: exit %d\n%s", strings.Join(args, " "), code, out)
			}
			return out
		}
		out := run("report", file, "--by", "algorithm", "--metrics", "wait_mean,nt_request_path_mean")
		for _, algo := range []string{"nt", "rl", "rr"} {
			if !strings.Contains(out, "\n"+algo+" ") {
				t.Errorf("%s report: no row for %s:\n%s", tool, algo, out)
			}
		}
		stem := filepath.Join(dir, tool)
		run("plot", file, "--figure", "auto", "--against", "load", "--metric", "wait_mean", "--out", stem+".png")
		run("html", file, "--out", stem+".html")
		for _, f := range []string{stem + "-wait_mean-vs-load.png", stem + ".html"} {
			if data, err := os.ReadFile(f); err != nil || len(data) == 0 {
				t.Errorf("%s: %s not written: %v", tool, f, err)
			}
		}
	}
}

// smallSpec is the preset with 2 connectivities, 3 loads, 2 mobilities, 2 replicates and
// short trials: 72 trials instead of 4,860.
func smallSpec(t *testing.T) string {
	head, _, ok := strings.Cut(presetSpec, "[grid]")
	for _, r := range [][2]string{{"trials = 6", "trials = 2"}, {"warmup = 200", "warmup = 20"}, {"measure = 2000", "measure = 200"}} {
		if !ok || !strings.Contains(head, r[0]) {
			t.Fatalf("the preset has no %q or no [grid]: update smallSpec", r[0])
		}
		head = strings.Replace(head, r[0], r[1], 1)
	}
	return head + "[grid]\nconnectivity = [0.2, 0.8]\nload = {log = [1e-3, 1], points = 3}\nmobility = [0, 0.1]\n"
}

// runMain runs the command line in this process, with its standard output and error
// captured together.
func runMain(t *testing.T, args ...string) (string, int) {
	t.Helper()
	f, err := os.CreateTemp(t.TempDir(), "out")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	stdout, stderr := os.Stdout, os.Stderr
	os.Stdout, os.Stderr = f, f
	code := cli.Main(args)
	os.Stdout, os.Stderr = stdout, stderr
	out, err := os.ReadFile(f.Name())
	if err != nil {
		t.Fatal(err)
	}
	return string(bytes.TrimSpace(out)), code
}
