package cli

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/kernel"
	"github.com/mutexlab/mutexlab/results/columns"
)

// writeNullsResults writes rl and rr trials (gme_concurrency_mean null: it applies to gme
// only) with link_changes 0 at mobility 0 and 24 changes at mobility 0.1, and two gme trials
// whose gme_concurrency_mean is 2 and 4.
func writeNullsResults(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "nulls.parquet")
	var trials []columns.Trial
	for _, alg := range []string{"rl", "rr"} {
		for _, mob := range []float64{0, 0.1} {
			for seed := range uint64(3) {
				tr := columns.Fake(alg, 10, 0.2, 1, mob, 100*seed+7, 10, 5+float64(seed), 5)
				if mob > 0 {
					tr.Result.LinkChanges = 24
				}
				trials = append(trials, tr)
			}
		}
	}
	for seed := range uint64(2) {
		tr := columns.Fake("gme", 10, 0.2, 1, 0, 100*seed+7, 10, 5, 5)
		tr.Result.Extra = []kernel.Metric{{Name: "gme_concurrency_mean", Value: float64(2 + 2*seed)}}
		trials = append(trials, tr)
	}
	if err := columns.WriteFile(path, trials, nil); err != nil {
		t.Fatal(err)
	}
	return path
}

// reportOut runs bench report and returns its exit code, stdout and stderr.
func reportOut(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	stderr = captureStderr(t, func() {
		stdout = captureStdout(t, func() { code = run(context.Background(), append([]string{"report"}, args...)) })
	})
	return code, stdout, stderr
}

// TestReportTrialsCountTheGroup: the trials column counts every trial of the group, not the
// values of the first metric; a metric with fewer values says how many (n=K), and one with
// none prints "-" (empty in CSV), never NaN, in every format.
func TestReportTrialsCountTheGroup(t *testing.T) {
	path := writeNullsResults(t)
	code, out, stderr := reportOut(t, path, "--by", "algorithm", "--metrics", "gme_concurrency_mean,link_changes")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	rows := map[string][]string{}
	for _, l := range strings.Split(strings.TrimSpace(out), "\n")[1:] {
		f := strings.Fields(l)
		rows[f[0]] = f
	}
	// algorithm, trials, then the cells.
	if r := rows["rl"]; len(r) < 4 || r[1] != "6" || r[2] != "-" || r[3] != "12" {
		t.Errorf("rl row %q: want 6 trials, gme_concurrency_mean -, link_changes 12 ± …\n%s", r, out)
	}
	if r := rows["gme"]; len(r) < 3 || r[1] != "2" || r[2] != "3" {
		t.Errorf("gme row %q: want 2 trials, gme_concurrency_mean 3 ± …\n%s", r, out)
	}
	if strings.Contains(out, "NaN") {
		t.Errorf("text table prints NaN:\n%s", out)
	}

	// Fewer values than trials: the cell says how many.
	_, out, _ = reportOut(t, path, "--by", "mobility", "--metrics", "gme_concurrency_mean")
	if !strings.Contains(out, "(n=2)") || !strings.Contains(out, "8 ") {
		t.Errorf("mobility 0 has 8 trials, 2 with gme_concurrency_mean: want trials 8 and (n=2):\n%s", out)
	}

	for _, f := range []string{"csv", "markdown", "latex"} {
		_, out, _ := reportOut(t, path, "--by", "algorithm", "--metrics", "gme_concurrency_mean,link_changes", "--format", f)
		if strings.Contains(out, "NaN") {
			t.Errorf("%s prints NaN:\n%s", f, out)
		}
		switch f {
		case "csv":
			if !strings.Contains(out, "gme_concurrency_mean_n") || !strings.Contains(out, "\nrl,6,,,,0,12,") {
				t.Errorf("csv: want the trials, empty cells and each metric's n:\n%s", out)
			}
		case "markdown":
			if !strings.Contains(out, "| rl | 6 | - | 12 ") {
				t.Errorf("markdown: want 6 trials and -:\n%s", out)
			}
		case "latex":
			if !strings.Contains(out, "rl & 6 & - & 12 ") {
				t.Errorf("latex: want 6 trials and -:\n%s", out)
			}
		}
	}
}

// TestReportPairZeroOverZero: a paired ratio of 0/0 is undefined: "-", and a note says why.
func TestReportPairZeroOverZero(t *testing.T) {
	path := writeNullsResults(t)
	code, out, stderr := reportOut(t, path, "--by", "mobility", "--metrics", "link_changes", "--pair", "rl,rr")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if strings.Contains(out, "NaN") {
		t.Errorf("paired table prints NaN:\n%s", out)
	}
	var zero []string
	for _, l := range strings.Split(out, "\n") {
		if f := strings.Fields(l); len(f) > 0 && f[0] == "0" {
			zero = f
		}
	}
	if len(zero) == 0 || zero[1] != "3" || zero[len(zero)-1] != "-" {
		t.Errorf("mobility 0: want 3 pairs and ratio -, got %q:\n%s", zero, out)
	}
	if !strings.Contains(stderr, "link_changes rl/rr is undefined (-) where both means are 0 (0/0): mobility=0") {
		t.Errorf("stderr %q: want a note on the undefined ratio", stderr)
	}
	_, out, _ = reportOut(t, path, "--by", "mobility", "--metrics", "link_changes", "--pair", "rl,rr", "--format", "csv")
	if strings.Contains(out, "NaN") || !strings.Contains(out, "link_changes_n") {
		t.Errorf("paired csv:\n%s", out)
	}
}

// TestReportWalter2001Incomplete: a file lacking some of the paper's points prints the
// tables ("-" where a cell is absent), a note naming what is missing, every finding with
// PASS, FAIL or SKIP, and exits 0 (docs/reproducing-walter2001.md, docs/claims.md).
func TestReportWalter2001Incomplete(t *testing.T) {
	path := writeSmallResults(t) // no mobility 0.01, no connectivity 0.8
	code, out, stderr := reportOut(t, path, "--paper", "walter2001")
	if code != exitOK {
		t.Fatalf("exit %d, stderr %q; want 0\n%s", code, stderr, out)
	}
	for _, want := range []string{"Table 1:", "Table 2:", "note: the data lack ", "mobility=0.01", "Findings of section 6:", "SKIP", " findings\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "NaN") {
		t.Errorf("report prints NaN:\n%s", out)
	}
	if n := strings.Count(out, "note: the data lack "); n != 1 {
		t.Errorf("%d notes of missing cells, want one line", n)
	}

	// Nothing the paper can use (no rl or rr trials): exit 2, one line naming what is needed.
	other := filepath.Join(t.TempDir(), "other.parquet")
	var trials []columns.Trial
	for seed := range uint64(2) {
		trials = append(trials, columns.Fake("gme", 10, 0.2, 1, 0, seed, 10, 5, 5))
	}
	if err := columns.WriteFile(other, trials, nil); err != nil {
		t.Fatal(err)
	}
	code, _, stderr = reportOut(t, other, "--paper", "walter2001")
	line := strings.TrimSpace(stderr)
	if code != exitUsage || !strings.Contains(line, "rl and rr") || strings.Count(line, "\n") != 0 {
		t.Errorf("no rl/rr trials: exit %d, stderr %q; want exit 2 and one line naming rl and rr", code, line)
	}
}
