package analysis

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/results/columns"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol*math.Max(1, math.Abs(b)) }

func TestTQuantileAgainstTables(t *testing.T) {
	// Two-sided 95% critical values from standard t tables.
	for _, c := range []struct {
		df   int
		want float64
	}{{1, 12.7062047}, {2, 4.3026527}, {5, 2.5705818}, {7, 2.3646243}, {30, 2.0422725}, {1000, 1.9623391}} {
		if got := TQuantile(0.975, c.df); !near(got, c.want, 1e-6) {
			t.Errorf("t(0.975, %d) = %.7f, want %.7f", c.df, got, c.want)
		}
	}
}

func TestAccHandComputed(t *testing.T) {
	var a Acc
	for _, x := range []float64{2, 4, 4, 4, 5, 5, 7, 9} {
		a.Add(x)
	}
	s := a.Stat()
	sd := math.Sqrt(32.0 / 7) // Σ(x−5)² = 32
	if s.N != 8 || s.Mean != 5 || !near(s.SD, sd, 1e-12) || !near(s.CI95, 2.3646243*sd/math.Sqrt(8), 1e-6) {
		t.Fatalf("got %+v, want mean 5, sd %.6f, ci %.6f", s, sd, 2.3646243*sd/math.Sqrt(8))
	}
	var one Acc
	one.Add(3)
	if s := one.Stat(); s.Mean != 3 || !math.IsNaN(s.CI95) {
		t.Fatalf("one value: %+v, want mean 3 and NaN CI", s)
	}
}

func TestAggregateFromParquet(t *testing.T) {
	// Connectivity 0.1+0.2 and 0.3 differ in the last bit but are one group.
	path := writeTrials(t, []columns.Trial{
		trial("rr", 0.1+0.2, 1, 0, 1, 10, 4),
		trial("rl", 0.3, 1, 0, 1, 2, 9),
		trial("rl", 0.3, 1, 0, 2, 4, 11),
		trial("rl", 0.3, 1, 0, 3, 9, 13),
		trial("rr", 0.3, 1, 0, 2, 20, 6),
		trial("rl", 0.8, 1, 0, 1, 1, 30),
	})
	d, err := Load([]string{path, path}, []string{"algorithm", "connectivity", "wait_mean", "msgs_per_cs"})
	if err != nil {
		t.Fatal(err)
	}
	if d.Rows() != 12 {
		t.Fatalf("rows %d, want 12 (two copies of 6)", d.Rows())
	}
	tab, err := Aggregate(d, []string{"algorithm", "connectivity"}, []string{"wait_mean", "msgs_per_cs"})
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for i := range tab.Len() {
		k, _, _ := tab.Group(i)
		keys = append(keys, strings.Join(k, "/"))
	}
	if got := strings.Join(keys, " "); got != "rl/0.3 rl/0.8 rr/0.3" {
		t.Fatalf("groups %q, want sorted rl/0.3 rl/0.8 rr/0.3", got)
	}
	// rl at 0.3: waits 2, 4, 9 twice: mean 5, Σ(x−5)² = 2·(9+1+16) = 52, sd = √(52/5).
	s, ok := tab.Lookup("wait_mean", "rl", 0.3)
	sd := math.Sqrt(52.0 / 5)
	if !ok || s.N != 6 || !near(s.Mean, 5, 1e-12) || !near(s.SD, sd, 1e-12) || !near(s.CI95, 2.5705818*sd/math.Sqrt(6), 1e-6) {
		t.Fatalf("rl 0.3 wait: %+v, want n 6 mean 5 sd %.5f", s, sd)
	}
	if s, _ := tab.Lookup("msgs_per_cs", "rr", 0.3); s.N != 4 || s.Mean != 5 {
		t.Fatalf("rr 0.3 msgs: %+v, want n 4 mean 5", s)
	}
	var buf bytes.Buffer
	if err := tab.Write(&buf, LaTeX); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), `wait\_mean`) || !strings.Contains(buf.String(), `$\pm$`) {
		t.Fatalf("LaTeX not escaped:\n%s", buf.String())
	}
	buf.Reset()
	tab.Write(&buf, Markdown)
	if lines := strings.Split(strings.TrimSpace(buf.String()), "\n"); len(lines) != 5 || !strings.HasPrefix(lines[1], "|---|") {
		t.Fatalf("markdown:\n%s", buf.String())
	}
}

func TestLoadBadInput(t *testing.T) {
	dir := t.TempDir()
	notParquet := filepath.Join(dir, "x.parquet")
	os.WriteFile(notParquet, []byte("hello, this is not parquet"), 0o644)
	good := writeTrials(t, []columns.Trial{trial("rl", 0.3, 1, 0, 1, 2, 9)})
	for _, c := range []struct {
		files []string
		cols  []string
		want  string
	}{
		{[]string{filepath.Join(dir, "missing.parquet")}, nil, "missing.parquet"},
		{[]string{notParquet}, nil, "not a Parquet file"},
		{[]string{good}, []string{"wait_meen"}, `no column "wait_meen"; available: algorithm, seed,`},
	} {
		_, err := Load(c.files, c.cols)
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("Load(%v, %v) = %v, want one line containing %q", c.files, c.cols, err, c.want)
		}
	}
}

func TestPairedCIHandComputed(t *testing.T) {
	var p PairAcc
	for i, b := range []float64{10, 20, 30, 40} {
		p.Add([]float64{12, 21, 33, 42}[i], b)
	}
	s := p.Stat()
	// d = 2, 1, 3, 2: mean 2, sd √(2/3). R = 27/25; a − R·b = 1.2, −0.6, 0.6, −1.2: sd √1.2.
	t3 := 3.1824463
	if s.N != 4 || !near(s.Diff.Mean, 2, 1e-12) || !near(s.Diff.CI95, t3*math.Sqrt(2.0/3)/2, 1e-6) {
		t.Fatalf("diff %+v, want mean 2, ci %.6f", s.Diff, t3*math.Sqrt(2.0/3)/2)
	}
	if !near(s.Ratio, 1.08, 1e-12) || !near(s.RatioCI95, t3*math.Sqrt(1.2)/(2*25), 1e-6) {
		t.Fatalf("ratio %.6f ± %.6f, want 1.08 ± %.6f", s.Ratio, s.RatioCI95, t3*math.Sqrt(1.2)/(2*25))
	}
	// Unpaired, the same data give a CI of the difference about 20 times wider.
	var a, b Acc
	for i, x := range []float64{10, 20, 30, 40} {
		b.Add(x)
		a.Add([]float64{12, 21, 33, 42}[i])
	}
	indep := TQuantile(0.975, 6) * math.Sqrt(a.Stat().SD*a.Stat().SD/4+b.Stat().SD*b.Stat().SD/4)
	if s.Diff.CI95*10 > indep {
		t.Fatalf("paired CI %.3f not much tighter than independent %.3f", s.Diff.CI95, indep)
	}
}

func TestPairMatchesBySeedAndParameters(t *testing.T) {
	// Rows out of order; rr has one row without a partner; same seed at another load must
	// not pair across loads.
	rows := []columns.Trial{
		trial("rr", 0.3, 1, 0, 7, 30, 5),
		trial("rl", 0.3, 1, 0, 5, 12, 9),
		trial("rl", 0.3, 1, 0, 7, 21, 9),
		trial("rr", 0.3, 1, 0, 5, 10, 5),
		trial("rr", 0.3, 1, 0, 9, 99, 5),
		trial("rl", 0.3, 0.1, 0, 5, 1, 9),
		trial("rr", 0.3, 0.1, 0, 5, 3, 5),
	}
	path := writeTrials(t, rows)
	d, err := Load([]string{path}, append(append([]string{}, coreParameters...), "seed", "wait_mean"))
	if err != nil {
		t.Fatal(err)
	}
	pt, err := Pair(d, "rl", "rr", coreParameters, []string{"algorithm", "load"}, []string{"wait_mean"})
	if err != nil {
		t.Fatal(err)
	}
	keys, stats := pt.Rows()
	if len(keys) != 2 || keys[0][0] != "0.1" || keys[1][0] != "1" {
		t.Fatalf("groups %v, want load 0.1 and 1", keys)
	}
	// load 1: pairs (12,10) and (21,30): differences 2 and −9.
	if s := stats[1][0]; s.N != 2 || s.Diff.Mean != -3.5 || !near(s.Ratio, 33.0/40, 1e-12) {
		t.Fatalf("load 1: %+v, want 2 pairs, mean diff −3.5, ratio 0.825", s)
	}
	if s := stats[0][0]; s.N != 1 || s.Diff.Mean != -2 {
		t.Fatalf("load 0.1: %+v, want 1 pair, diff −2", s)
	}
	if pt.Unpaired != 1 {
		t.Fatalf("unpaired %d, want 1", pt.Unpaired)
	}
	if _, err := Pair(d, "rl", "raymond", coreParameters, nil, []string{"wait_mean"}); err == nil || !strings.Contains(err.Error(), "available: rl, rr") {
		t.Fatalf("unknown algorithm: %v", err)
	}
	dup := writeTrials(t, append(rows, rows[1]))
	d2, _ := Load([]string{dup}, append(append([]string{}, coreParameters...), "seed", "wait_mean"))
	if _, err := Pair(d2, "rl", "rr", coreParameters, nil, []string{"wait_mean"}); err == nil || !strings.Contains(err.Error(), "ambiguous") {
		t.Fatalf("duplicate rows: %v, want an ambiguity error", err)
	}
}

// coreParameters are the kernel's parameter columns: the synthetic files of these tests have
// no algorithm-specific columns.
var coreParameters = columns.Parameters()[:10]
