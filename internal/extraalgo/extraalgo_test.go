package extraalgo_test

import (
	"context"
	"flag"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/internal/extraalgo"
	"github.com/mutexlab/mutexlab/results"
	"github.com/mutexlab/mutexlab/results/columns"
	"github.com/mutexlab/mutexlab/sweeps"
)

var update = flag.Bool("update", false, "rewrite testdata/extra-algorithm.parquet from the current program")

// An algorithm registered after the columns were first asked for (as by a package that
// computes something from them at its initialization) still gets its columns: its
// parameter, its metric and its message types, null in the other algorithm's rows. The
// sweep that shows it is the fixture the readers' tests open without the algorithm.
func TestRegisteredAlgorithmGetsColumns(t *testing.T) {
	before := len(columns.All())
	if err := extraalgo.Register(); err != nil {
		t.Fatal(err)
	}
	if err := extraalgo.Register(); err == nil || !strings.Contains(err.Error(), "registered twice") {
		t.Fatalf("second registration: %v, want an error", err)
	}
	if err := columns.Check(); err != nil {
		t.Fatal(err)
	}
	if got := len(columns.All()); got != before+5 {
		t.Fatalf("%d columns after registering, %d before: want 5 more (a parameter, a metric, 3 message types)", got, before)
	}
	spec, err := sweeps.Parse([]byte(extraalgo.Fixture), "extraalgo.Fixture")
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "extra.parquet")
	if _, err := sweeps.Execute(context.Background(), spec, sweeps.Options{Workers: 1, Out: out}); err != nil {
		t.Fatal(err)
	}
	checkFixture(t, out)
	if *update {
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(extraalgo.File(), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// The committed fixture is what the test describes, whatever program wrote it.
func TestFixture(t *testing.T) { checkFixture(t, extraalgo.File()) }

// checkFixture: the file has toyrl's columns, holding values in its rows and null in rl's.
func checkFixture(t *testing.T, path string) {
	t.Helper()
	f, err := results.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	algo, err := f.StringColumn("algorithm")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(algo, "rl") || !slices.Contains(algo, extraalgo.Name) {
		t.Fatalf("algorithms %v, want rl and %s", algo, extraalgo.Name)
	}
	for _, name := range []string{extraalgo.ParamWeight, extraalgo.MetricTally, "msgs_toy_request", "msgs_toy_token", "msgs_toy_linkinfo"} {
		v, err := f.Float64Column(name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for r := range v {
			if (algo[r] == extraalgo.Name) == math.IsNaN(v[r]) {
				t.Errorf("%s, row %d (%s): %v", name, r, algo[r], v[r])
			}
		}
	}
}
