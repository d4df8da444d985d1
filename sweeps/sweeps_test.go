package sweeps

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/kernel"
)

const smallSpec = `
name = "small"
algorithms = ["rl", "rr"]
trials = 2
seed = 9
[params]
n = 12
warmup = 10
measure = 100
[grid]
connectivity = [0.3, 0.9]
load = {log = [1e-2, 1], points = 3}
mobility = [0, 0.5]
`

func TestWorkerCountDoesNotChangeResults(t *testing.T) {
	spec, err := Parse([]byte(smallSpec), "small.toml")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var files [][]byte
	for _, workers := range []int{1, 2} {
		out := filepath.Join(dir, "w"+string(rune('0'+workers))+".parquet")
		if _, err := Execute(context.Background(), spec, Options{Workers: workers, Out: out}); err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, data)
	}
	if !bytes.Equal(files[0], files[1]) {
		t.Fatal("results with 1 and 2 workers differ")
	}
}

func TestSeedsDependOnPointAndReplicateOnly(t *testing.T) {
	spec, err := Parse([]byte(smallSpec), "small.toml")
	if err != nil {
		t.Fatal(err)
	}
	seeds := map[string]uint64{}
	for i := range spec.NumTrials() {
		tr := spec.Trial(i)
		key := tr.Point.String() + "#" + string(rune('0'+tr.Replicate))
		if s, ok := seeds[key]; ok && s != tr.Params.Seed {
			t.Fatalf("%s: rl and rr got different seeds", key)
		}
		seeds[key] = tr.Params.Seed
	}
	if len(seeds) != 2*3*2*2 {
		t.Fatalf("%d distinct (point, replicate) seeds, want 24", len(seeds))
	}
	// Adding a value to an axis leaves every existing point's seed alone.
	bigger, err := Parse([]byte(strings.Replace(smallSpec, "mobility = [0, 0.5]", "mobility = [0, 0.5, 2]", 1)), "bigger.toml")
	if err != nil {
		t.Fatal(err)
	}
	for i := range bigger.NumTrials() {
		tr := bigger.Trial(i)
		key := tr.Point.String() + "#" + string(rune('0'+tr.Replicate))
		if s, ok := seeds[key]; ok && s != tr.Params.Seed {
			t.Fatalf("%s: seed changed when the grid grew", key)
		}
	}
}

func TestRanges(t *testing.T) {
	got := rangeValues("log", 1e-4, 1, 9)
	want := []float64{1e-4, 3.16227766017e-4, 1e-3, 3.16227766017e-3, 1e-2, 3.16227766017e-2, 0.1, 0.316227766017, 1}
	for k := range want {
		if got[k].Num != want[k] {
			t.Errorf("log point %d = %v, want %v", k, got[k].Num, want[k])
		}
	}
	lin := rangeValues("linear", 0.1, 1, 10)
	if lin[2].Num != 0.3 || lin[9].Num != 1 {
		t.Errorf("linear points %v", lin)
	}
}

func TestBadSpecs(t *testing.T) {
	cases := map[string]string{
		"unknown key":       "algorithms = [\"rl\"]\ntrials = 1\ncolour = 3\n",
		"unknown param":     "algorithms = [\"rl\"]\ntrials = 1\n[params]\nspeed = 3\n",
		"unknown algorithm": "algorithms = [\"xx\"]\ntrials = 1\n",
		"empty grid axis":   "algorithms = [\"rl\"]\ntrials = 1\n[grid]\nload = []\n",
		"bad range":         "algorithms = [\"rl\"]\ntrials = 1\n[grid]\nload = {log = [0, 1], points = 3}\n",
		"malformed":         "algorithms = [\"rl\"\n",
		"bad value":         "algorithms = [\"rl\"]\ntrials = 1\n[params]\nconnectivity = 2\n",
		"no trials":         "algorithms = [\"rl\"]\n",
	}
	for name, text := range cases {
		_, err := Parse([]byte(text), "bad.toml")
		if err == nil {
			t.Errorf("%s: accepted", name)
			continue
		}
		if msg := err.Error(); !strings.HasPrefix(msg, "bad.toml") || strings.Contains(msg, "\n") {
			t.Errorf("%s: error %q does not name the file on one line", name, msg)
		}
	}
}

func TestPresetsParse(t *testing.T) {
	for _, name := range PresetNames() {
		if _, err := Preset(name); err != nil {
			t.Errorf("preset %s: %v", name, err)
		}
	}
	s, err := Preset("walter2001")
	if err != nil {
		t.Fatal(err)
	}
	if n := s.NumTrials(); n != 10*9*3*6*2 {
		t.Fatalf("walter2001 has %d trials, want %d", n, 10*9*3*6*2)
	}
}

// TestReportedFailureIndependentOfWorkers: when trials fail, the one reported is the first
// in schedule order, whatever the number of workers, and the advice fits the failure.
func TestReportedFailureIndependentOfWorkers(t *testing.T) {
	spec, err := Parse([]byte(strings.Replace(smallSpec, "measure = 100", "measure = 100\nstarve_after = 3", 1)), "starve.toml")
	if err != nil {
		t.Fatal(err)
	}
	var msgs []string
	for _, workers := range []int{1, 2, 4} {
		_, err := Execute(context.Background(), spec, Options{Workers: workers, Out: filepath.Join(t.TempDir(), "o.parquet")})
		var te *kernel.TrialError
		if !errors.As(err, &te) || te.Kind != kernel.ErrStarvation || !strings.Contains(err.Error(), "rerunning gives the same starvation") {
			t.Fatalf("workers %d: %v", workers, err)
		}
		msg := err.Error()
		msgs = append(msgs, msg[:strings.Index(msg, "; ")]) // the failure, without the count on disk
	}
	if msgs[0] != msgs[1] || msgs[1] != msgs[2] {
		t.Fatalf("reported failures differ with the worker count:\n%s", strings.Join(msgs, "\n"))
	}
}
