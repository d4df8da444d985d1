package cli

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/results"
	"github.com/mutexlab/mutexlab/results/columns"
	"github.com/parquet-go/parquet-go"
)

// captureStdout runs f with os.Stdout redirected and returns what it printed.
func captureStdout(t *testing.T, f func()) string {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	old := os.Stdout
	os.Stdout = w
	done := make(chan string)
	go func() {
		b, _ := io.ReadAll(r)
		done <- string(b)
	}()
	f()
	os.Stdout = old
	w.Close()
	return <-done
}

// writeSmallResults writes RL and RR trials on shared seeds: RL waits 2 less than RR.
func writeSmallResults(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "small.parquet")
	var trials []columns.Trial
	for _, alg := range []string{"rl", "rr"} {
		for li, load := range []float64{1e-3, 1} {
			for mi, mob := range []float64{0, 0.1} {
				for seed := range uint64(3) {
					wait := 10*load + float64(seed) + 1
					if alg == "rr" {
						wait += 2
					}
					tr := columns.Fake(alg, 10, 0.2, load, mob, 100*seed+7, 10, wait, 5)
					tr.Point, tr.Replicate = int64(2*li+mi), int64(seed) // as a sweep numbers them
					trials = append(trials, tr)
				}
			}
		}
	}
	if err := columns.WriteFile(path, trials, nil); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestReportAndPlot(t *testing.T) {
	path := writeSmallResults(t)
	var code int
	out := captureStdout(t, func() {
		code = run(context.Background(), []string{"report", path, "--by", "algorithm,load", "--metrics", "wait_mean", "--format", "csv"})
	})
	// rl at load 1: waits 11, 12, 13 twice (two mobilities): mean 12.
	if code != exitOK || !strings.Contains(out, "rl,1,6,12,") {
		t.Fatalf("exit %d, output:\n%s", code, out)
	}
	out = captureStdout(t, func() {
		code = run(context.Background(), []string{"report", path, "--by", "load", "--metrics", "wait_mean", "--pair", "rl,rr"})
	})
	// Every pair differs by exactly −2: the paired CI is zero.
	if code != exitOK || !strings.Contains(out, "-2 ± 0") {
		t.Fatalf("pair: exit %d, output:\n%s", code, out)
	}
	// A true/false column groups rows (it is not a number to average).
	out = captureStdout(t, func() {
		code = run(context.Background(), []string{"report", path, "--by", "liveness_checked", "--metrics", "wait_mean"})
	})
	if code != exitOK || !regexp.MustCompile(`(?m)^(true|false) +\d`).MatchString(out) {
		t.Fatalf("--by liveness_checked: exit %d, output:\n%s", code, out)
	}
	dir := t.TempDir()
	outs := []string{filepath.Join(dir, "f.png"), filepath.Join(dir, "f.svg"), filepath.Join(dir, "f.pdf")}
	captureStdout(t, func() {
		code = run(context.Background(), []string{"plot", path, "--metric", "wait_mean", "--x", "load", "--facet", "mobility", "--out", strings.Join(outs, ",")})
	})
	if code != exitOK {
		t.Fatalf("plot: exit %d", code)
	}
	for _, o := range outs {
		if st, err := os.Stat(o); err != nil || st.Size() < 1000 {
			t.Fatalf("%s: %v (size %v)", o, err, st)
		}
	}
}

func TestReportPlotBadInput(t *testing.T) {
	path := writeSmallResults(t)
	dir := t.TempDir()
	notParquet := filepath.Join(dir, "notes.parquet")
	os.WriteFile(notParquet, []byte("not a parquet file at all"), 0o644)
	future := filepath.Join(dir, "future.parquet")
	{
		f, _ := os.Create(future)
		w := parquet.NewGenericWriter[struct{ X int64 }](f)
		w.SetKeyValueMetadata(results.KeySchemaVersion, "99")
		w.Write([]struct{ X int64 }{{1}})
		w.Close()
		f.Close()
	}
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"report", filepath.Join(dir, "missing.parquet")}, "missing.parquet"},
		{[]string{"report", notParquet}, "not a Parquet file"},
		{[]string{"report", future}, "schema version 99 is newer"},
		{[]string{"report", path, "--metrics", "wait_meen"}, `unknown metric "wait_meen"; available: sim_time, window_time, events`},
		{[]string{"report", path, "--by", "colour"}, `unknown parameter "colour"; available: algorithm, seed, trial, point, network, movement_file, n, links`},
		{[]string{"report", path, "--metrics", "liveness_checked"}, `"liveness_checked" holds true/false values, which have no mean: group by it instead (--by liveness_checked)`},
		{[]string{"report", path, "--format", "html"}, "available: text, csv, markdown, latex"},
		{[]string{"report", path, "--pair", "rl"}, "--pair"},
		{[]string{"report", path, "--pair", "rl,raymond"}, `no trials of algorithm "raymond"; available: rl, rr`},
		{[]string{"report", "--paper", "lamport1978"}, "available: walter2001"},
		{[]string{"plot", path, "--figure", "walter2001-fig9"}, "available: walter2001-fig5"},
		{[]string{"plot", path, "--figure", "walter2001-fig6"}, "figure walter2001-fig6 needs mobility=0.01, absent from the data (present: 0, 0.1)"},
		{[]string{"plot", path, "--figure", "walter2001-fig5"}, "needs connectivity=0.8"},
		{[]string{"plot", path, "--metric", "wait_mean", "--x", "speed"}, `unknown parameter "speed"`},
		{[]string{"plot", path, "--metric", "wait_mean", "--x", "load", "--out", filepath.Join(dir, "f.gif")}, "png, svg, pdf"},
		{[]string{"plot", path}, "--metric and --x are required"},
	}
	for _, c := range cases {
		r, w, _ := os.Pipe()
		old := os.Stderr
		os.Stderr = w
		var code int
		captureStdout(t, func() { code = run(context.Background(), c.args) })
		os.Stderr = old
		w.Close()
		msg, _ := io.ReadAll(r)
		line := strings.TrimSpace(string(msg))
		if code != exitUsage || !strings.Contains(line, c.want) || strings.Count(line, "\n") != 0 {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and one line containing %q", c.args, code, line, c.want)
		}
	}
}

// TestReportSaysWhatItPooledAndLeftOut: a table that averages over varying parameters names
// them, and a metric with nulls says in how many rows it had no value.
func TestReportSaysWhatItPooledAndLeftOut(t *testing.T) {
	path := writeSmallResults(t)
	var code int
	stderr := captureStderr(t, func() {
		captureStdout(t, func() {
			code = run(context.Background(), []string{"report", path, "--by", "algorithm", "--metrics", "wait_mean,hk_inversions_per_cs"})
		})
	})
	if code != exitOK || !strings.Contains(stderr, "pools trials over load (2 values: 0.001, 1), mobility (2 values: 0, 0.1);") {
		t.Errorf("exit %d, stderr %q: want the pooled parameters", code, stderr)
	}
	if !strings.Contains(stderr, "hk_inversions_per_cs has no value (null: it does not apply, or nothing was measured) in 24 of 24 rows") ||
		strings.Contains(stderr, "wait_mean has no value") {
		t.Errorf("stderr %q: want the nulls of hk_inversions_per_cs only", stderr)
	}
}

// TestReportPooledNotes: a row that averages over algorithms says so; a parameter that one
// algorithm does not read (k, null in rl's rows) is not pooled in rows that separate the
// algorithms; a null group key reads "null".
func TestReportPooledNotes(t *testing.T) {
	path := filepath.Join(t.TempDir(), "rlhk.parquet")
	var code int
	captureStderr(t, func() {
		captureStdout(t, func() {
			code = run(context.Background(), []string{"run", "--algo", "rl,hk", "--n", "6", "--connectivity", "0.5", "--trials", "2",
				"--load", "0.1", "--measure", "100", "--out", path})
		})
	})
	if code != exitOK {
		t.Fatalf("bench run: exit %d", code)
	}
	report := func(by string) (stdout, stderr string) {
		stderr = captureStderr(t, func() {
			stdout = captureStdout(t, func() { run(context.Background(), []string{"report", path, "--by", by, "--metrics", "wait_mean"}) })
		})
		return stdout, stderr
	}
	if _, stderr := report("load"); !strings.Contains(stderr, "pools trials over algorithm (2 values: hk, rl);") {
		t.Errorf("--by load: stderr %q, want the algorithms pooled", stderr)
	}
	stdout, stderr := report("algorithm,k")
	if strings.Contains(stderr, "pools trials") {
		t.Errorf("--by algorithm,k: stderr %q, want no pooling: each row is one algorithm at one k", stderr)
	}
	if !regexp.MustCompile(`(?m)^rl +null +2 `).MatchString(stdout) || strings.Contains(stdout, "NaN") {
		t.Errorf("--by algorithm,k: rl's k is not shown as null:\n%s", stdout)
	}
}
