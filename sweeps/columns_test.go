package sweeps

import (
	"bytes"
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mutexlab/mutexlab/kernel"
	"github.com/mutexlab/mutexlab/results"
	"github.com/mutexlab/mutexlab/results/columns"
)

// TestOneDescription: the results file's schema, the rows written and read back, the
// journal and the spec keys all follow package columns, and a new column is one entry
// there: here a dummy parameter (a "reading", kept out of the seed) registered in one place
// reaches the spec parser, the trial's parameters, the file, the reader and the journal,
// with its unit and description in the file's metadata.
func TestOneDescription(t *testing.T) {
	unregister := columns.Register(columns.Column{
		Column: results.Column{Name: "dummy_reading", Kind: results.String, Optional: true, Unit: "", Description: "a model reading for this test"},
		Role:   columns.Parameter, Key: true, NoSeed: true, Default: "a",
		Set: func(p *kernel.Params, v columns.Value) error {
			p.Algo = map[string]float64{"dummy": float64(len(v.Str))}
			return nil
		},
		Get: func(t *columns.Trial) results.Value {
			return results.StringValue(strings.Repeat("x", int(t.Params.AlgoParam("dummy", 0))))
		},
	})
	defer unregister()
	spec := mustParse(t, strings.Replace(smallSpec, "[grid]", "[grid]\ndummy_reading = [\"a\", \"bbb\"]", 1))
	plain := mustParse(t, smallSpec)
	// Trials that differ only in a reading share their seeds (common random numbers).
	if spec.NumTrials() != 2*plain.NumTrials() {
		t.Fatalf("%d trials", spec.NumTrials())
	}
	for i := range spec.NumTrials() {
		tr := spec.Trial(i)
		v, _ := tr.Point.Get("dummy_reading")
		if pt := tr.Point; pt.Key() != plainPoint(plain, pt).Key() {
			t.Fatalf("%s: seed key differs from the same point without the reading", pt)
		}
		if tr.Params.AlgoParam("dummy", 0) != float64(len(v.Str)) {
			t.Fatalf("the reading did not reach the trial's parameters")
		}
	}
	out := filepath.Join(t.TempDir(), "o.parquet")
	if _, err := Execute(context.Background(), spec, Options{Out: out, Workers: 2}); err != nil {
		t.Fatal(err)
	}
	f, err := results.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if got, want := f.Columns(), columns.Schema(); !slices.Equal(got, want) {
		t.Fatalf("file columns differ from the description:\n got %v\nwant %v", got, want)
	}
	if f.Metadata()[results.KeyDocPrefix+"dummy_reading"] != "a model reading for this test" {
		t.Fatal("no description in the metadata")
	}
	vals, err := f.StringColumn("dummy_reading")
	if err != nil || !slices.Contains(vals, "x") || !slices.Contains(vals, "xxx") {
		t.Fatalf("dummy column %v, %v", vals, err)
	}
	// The journal codec round-trips every row exactly, nulls included.
	rows, err := f.ReadRows()
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		enc := encodeRow(nil, r, f.Columns())
		back, err := decodeRow(enc, f.Columns())
		if err != nil || !bytes.Equal(encodeRow(nil, back, f.Columns()), enc) {
			t.Fatalf("journal round trip: %v", err)
		}
	}
}

// plainPoint is pt without the keys the plain spec lacks.
func plainPoint(plain *Spec, pt Point) Point {
	var out Point
	for k, n := range pt.Names {
		if slices.Contains(plain.names, n) {
			out.Names = append(out.Names, n)
			out.Values = append(out.Values, pt.Values[k])
		}
	}
	return out
}

// TestKeysWhereTheyApply: a key no algorithm or network model of the sweep reads is an
// error naming where it applies; one that some of them read is a warning.
func TestKeysWhereTheyApply(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"algorithms = [\"rl\"]\ntrials = 1\n[params]\nk = 2\n", "k applies to algorithm hk only, and this sweep runs algorithms rl"},
		{"algorithms = [\"rl\"]\ntrials = 1\n[params]\nm = 2\n", "m applies to algorithm gme only"},
		{"algorithms = [\"drs\"]\ntrials = 1\n[params]\nnetwork = \"tvg\"\nmobility = 0.1\n", "mobility applies to network model walter only"},
		{"algorithms = [\"rl\"]\ntrials = 1\n[params]\nradius = 50\n", "radius applies to network models ns2, waypoint only"},
	} {
		_, err := Parse([]byte(c.text), "t.toml")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v, want %q", c.text, err, c.want)
		}
	}
	s := mustParse(t, "algorithms = [\"rl\", \"hk\"]\ntrials = 1\n[params]\nk = 2\n")
	if len(s.Warnings) != 1 || !strings.Contains(s.Warnings[0], "k applies to algorithm hk only") {
		t.Fatalf("warnings %q", s.Warnings)
	}
}

// TestLimits: a huge range or grid is refused at once with a one-line error; a sweep of
// 10^9 trials is accepted, scheduled and dry-run in well under a second.
func TestLimits(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"algorithms = [\"rl\"]\ntrials = 1\n[grid]\nload = {log = [1e-4, 1], points = 1000000000}\n", "at most 100000 points"},
		{"algorithms = [\"rl\", \"rr\"]\ntrials = 100\n[grid]\nload = {log = [1e-4, 1], points = 100000}\nmobility = {linear = [0, 1], points = 100000}\n", "a sweep has at most 10000000000"},
	} {
		start := time.Now()
		_, err := Parse([]byte(c.text), "t.toml")
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("got %v, want %q", err, c.want)
		}
		if el := time.Since(start); el > 5*time.Second {
			t.Errorf("refusing took %s", el)
		}
	}
	start := time.Now()
	s := mustParse(t, "algorithms = [\"rl\"]\ntrials = 1\n[params]\nn = 30\n[grid]\nload = {log = [1e-4, 1], points = 1000}\nmobility = {linear = [0, 1], points = 1000}\ncs_time = {linear = [0.5, 2], points = 1000}\n")
	var b bytes.Buffer
	if err := DryRun(&b, s, Shard{I: 3, N: 1000}, 2); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "trials: 1000000000 = ") || !strings.Contains(b.String(), "shard 3/1000: 1000000 trials") {
		t.Fatalf("dry run:\n%s", b.String())
	}
	sched := s.Schedule(Shard{I: 3, N: 1000})
	last := sched.Len() - 1
	if k, ok := sched.Position(sched.Index(last)); !ok || k != last {
		t.Fatal("the last trial of the schedule does not map back")
	}
	if el := time.Since(start); el > 10*time.Second { // well under a second when the machine is idle
		t.Errorf("parsing and dry-running 10^9 trials took %s", el)
	}
}
