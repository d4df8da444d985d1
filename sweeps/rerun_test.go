package sweeps

import (
	"context"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"

	"github.com/mutexlab/mutexlab/results"
)

// TestDescribeIsASpecFile: the recorded spec is TOML that Parse reads back into the same
// sweep, lists with commas and every float exact (0.1+0.2 is not 0.3), text quoted.
func TestDescribeIsASpecFile(t *testing.T) {
	spec := mustParse(t, `
name = "exact"
algorithms = ["rl", "rr", "hk"]
trials = 2
seed = "18446744073709551615"
[params]
n = 12
delay = "1"
crashes = "3@50,4@60"
cs_time = 0.30000000000000004
warmup = 10
measure = 50
[grid]
load = {log = [1e-4, 1], points = 9}
mobility = [0, 1e-300, 0.1]
k = [1, 2]
`)
	text := spec.Describe()
	var any map[string]any
	if _, err := toml.Decode(text, &any); err != nil {
		t.Fatalf("Describe is not TOML: %v\n%s", err, text)
	}
	for _, want := range []string{`algorithms = ["rl", "rr", "hk"]`, "cs_time = 0.30000000000000004", "0.000316227766017", `crashes = "3@50,4@60"`, "n = 12\n"} {
		if !strings.Contains(text, want) {
			t.Errorf("Describe lacks %q:\n%s", want, text)
		}
	}
	back, err := Described(text, "recorded")
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	sameTrials(t, "exact", spec, back)
	if back.Describe() != text {
		t.Errorf("read back, the spec describes itself otherwise:\n%s\nwant\n%s", back.Describe(), text)
	}
}

// sameTrials checks that two specs describe the same sweep: the same identity and, trial by
// trial, the same algorithm, grid point, replicate and parameters (seed included), which
// determine a trial's row.
func sameTrials(t *testing.T, name string, a, b *Spec) {
	t.Helper()
	if SpecHash(a) != SpecHash(b) || a.Name != b.Name || a.NumTrials() != b.NumTrials() || !slices.Equal(a.Axes(), b.Axes()) {
		t.Fatalf("%s: read back as another sweep: hash %s/%s, %d/%d trials, axes %v/%v", name, SpecHash(a), SpecHash(b), a.NumTrials(), b.NumTrials(), a.Axes(), b.Axes())
	}
	for i := range a.NumTrials() {
		x, y := a.Trial(i), b.Trial(i)
		if x.Algorithm != y.Algorithm || x.Point.Index != y.Point.Index || x.Replicate != y.Replicate || !reflect.DeepEqual(x.Params, y.Params) {
			t.Fatalf("%s: trial %d differs when read back:\n%+v\n%+v", name, i, x, y)
		}
	}
}

// TestEveryPresetRerunsFromItsRecordedSpec: the spec a preset's results file records reads
// back into the same trials, every one of them.
func TestEveryPresetRerunsFromItsRecordedSpec(t *testing.T) {
	for _, name := range PresetNames() {
		spec, err := Preset(name)
		if err != nil {
			t.Fatal(err)
		}
		back, err := Described(spec.Describe(), "recorded")
		if err != nil {
			t.Fatalf("preset %s: %v\n%s", name, err, spec.Describe())
		}
		sameTrials(t, name, spec, back)
	}
}

// fixtureDir holds a small results file of every preset (made by its make-fixtures.sh).
const fixtureDir = "../plots/testdata"

// TestFixturesRerunToTheSameRows: the recorded spec of every preset's checked-in fixture
// reruns into the fixture's rows, and the file that rerun writes records a spec that
// reruns in turn into the same rows.
func TestFixturesRerunToTheSameRows(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(fixtureDir, "*.parquet"))
	if len(files) < len(PresetNames())-1 {
		t.Fatalf("%d fixtures in %s", len(files), fixtureDir)
	}
	dir := t.TempDir()
	for _, fixture := range files {
		name := strings.TrimSuffix(filepath.Base(fixture), ".parquet")
		again := filepath.Join(dir, name+".parquet")
		rerun(t, fixture, again)
		sameRows(t, fixture, again)
		twice := filepath.Join(dir, name+"-twice.parquet")
		rerun(t, again, twice)
		sameRows(t, again, twice)
	}
}

// rerun executes the sweep that the results file from records, writing out.
func rerun(t *testing.T, from, out string) {
	t.Helper()
	f, err := results.Open(from)
	if err != nil {
		t.Fatal(err)
	}
	text := f.Metadata()[KeySpec]
	f.Close()
	spec, err := Described(text, from)
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	if _, err := Execute(context.Background(), spec, Options{Workers: 2, Out: out}); err != nil {
		t.Fatal(err)
	}
}

// sameRows compares two results files row by row (their values, not the bytes of their
// layout).
func sameRows(t *testing.T, a, b string) {
	t.Helper()
	ra, rb := rowsOf(t, a), rowsOf(t, b)
	if len(ra) == 0 || !slices.Equal(ra, rb) {
		t.Fatalf("%s and %s hold other rows (%d and %d)", a, b, len(ra), len(rb))
	}
}

// TestExplicitValuesAreUsedOrRefused: a value listed twice, two keys for one quantity and a
// value the kernel reads as "not set" are refused, naming what the file gives.
func TestExplicitValuesAreUsedOrRefused(t *testing.T) {
	head := "name = \"x\"\nalgorithms = [\"rl\"]\ntrials = 1\n"
	for text, want := range map[string]string{
		"name = \"x\"\nalgorithms = [\"rl\", \"rr\", \"rl\"]\ntrials = 1\n":         "algorithms: rl is listed twice; replicates are set by trials",
		head + "[grid]\nload = [0.1, 1, 0.10]\n":                                    "grid.load: 0.1 is listed twice",
		head + "[grid]\nnetwork = [\"walter\", \"walter\"]\n":                       "grid.network: walter is listed twice",
		head + "[grid]\nload = {linear = [1, 1], points = 2}\n":                     "grid.load: 1 is listed twice",
		head + "[params]\nn = 100\nlinks = 300\nconnectivity = 0.2\n":               "links and connectivity both set the initial number of links",
		head + "[params]\nn = 100\ndegree = 4\n[grid]\nconnectivity = [0.2, 0.5]\n": "degree and connectivity both set",
		head + "[params]\nlinks = 0\n":                                              "params.links: must be a whole number of links >= 1, got 0",
		head + "[grid]\ndegree = [4, -1]\n":                                         "grid.degree: must be a mean degree > 0, got -1",
		head + "[params]\nwarmup_time = 0\n":                                        "params.warmup_time: must be a time > 0",
		head + "[grid]\nmeasure_per_node = [0, 2]\n":                                "grid.measure_per_node: must be > 0 entries per node",
	} {
		_, err := Parse([]byte(text), "x.toml")
		if err == nil || !strings.Contains(err.Error(), want) || !strings.HasPrefix(err.Error(), "x.toml: ") {
			t.Errorf("%q: error %v, want x.toml: ... %q", text, err, want)
		}
	}
}
