package htmlreport

import (
	"bytes"
	"math"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/analysis"
	"github.com/mutexlab/mutexlab/results/columns"
	"github.com/mutexlab/mutexlab/sweeps"
)

// fixture is a small checked-in results file of package plots (made by
// plots/testdata/make-fixtures.sh from plots/testdata/specs).
func fixture(name string) string { return filepath.Join("..", "testdata", name+".parquet") }

func build(t *testing.T, path string) (*Page, string) {
	t.Helper()
	p, err := Build(path)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := p.Write(&b); err != nil {
		t.Fatal(err)
	}
	return p, b.String()
}

func fact(p *Page, label string) Fact {
	for _, f := range p.Provenance.Facts {
		if f.Label == label {
			return f
		}
	}
	return Fact{}
}

// TestWalter2001Page: the page of the walter2001 fixture has its provenance, exactly the
// four figures of the walter2001 preset, the paper's findings with the verdicts analysis
// gives on the same data, and the summary table of every algorithm × grid point.
func TestWalter2001Page(t *testing.T) {
	path := fixture("walter2001")
	p, html := build(t, path)
	if p.Title != "walter2001-small" {
		t.Errorf("title %q", p.Title)
	}
	for label, want := range map[string]string{
		"root seed": "2001",
		"trials":    "162 in this file; the sweep has 162 (27 points × 3 replicates × 2 algorithms: rl, rr)",
		"program":   "mutexlab 0.1.0",
		"sweep":     "walter2001-small (spec hash bbefcece8aba2f8e)",
	} {
		if got := fact(p, label); got.Value != want || got.Absent {
			t.Errorf("%s: %+v, want %q", label, got, want)
		}
	}
	for _, label := range []string{"when", "how long"} {
		if f := fact(p, label); !f.Absent || !strings.HasPrefix(f.Value, "not recorded") {
			t.Errorf("%s: %+v, want it said not recorded", label, f)
		}
	}
	// The fixture predates the revisions key: the page says it is not recorded, and names it.
	if f := fact(p, "source revisions"); !f.Absent || f.Value != "not recorded in this file" {
		t.Errorf("source revisions: %+v, want it said not recorded", f)
	}
	if !strings.Contains(p.Provenance.Spec, "mobility = [0.0, 0.01, 0.1]") || !slices.Equal(p.Provenance.Missing, []string{sweeps.KeyRevisions}) || len(p.Provenance.Warnings) != 0 {
		t.Errorf("provenance: %+v", p.Provenance)
	}
	if _, err := sweeps.Parse([]byte(p.Provenance.Spec), "the page's spec"); err != nil { // a spec file, whatever form the file records
		t.Errorf("the page shows a spec that does not parse: %v\n%s", err, p.Provenance.Spec)
	}
	var names []string
	for _, f := range p.Figures {
		names = append(names, f.Name)
		if !strings.HasPrefix(string(f.SVG), "<svg") || !strings.Contains(f.Caption, "3 trials per point") {
			t.Errorf("%s: svg %.20q, caption %q", f.Name, f.SVG, f.Caption)
		}
	}
	if want := []string{"walter2001-fig5", "walter2001-fig6", "walter2001-fig7", "walter2001-fig8"}; !slices.Equal(names, want) || len(p.Skipped) != 0 {
		t.Errorf("figures %v (skipped %v), want %v", names, p.Skipped, want)
	}
	if got := strings.Count(html, "<svg"); got != 4 {
		t.Errorf("%d inline SVGs, want 4", got)
	}
	checkWalterFindings(t, p, path)
	s := p.Summary
	if len(s.Rows) != 2*27 || s.Omitted != 0 || s.Keys != 4 || s.Columns[s.Keys+1].Name != "wait_mean" || s.Columns[s.Keys+2].Name != "msgs_per_cs" {
		t.Errorf("summary: %d rows, columns %+v", len(s.Rows), s.Columns)
	}
	if len(s.Notes) != 0 {
		t.Errorf("summary notes %q: nothing is pooled or null in this file", s.Notes)
	}
}

// checkWalterFindings compares the page's verdicts with analysis's on the same file.
func checkWalterFindings(t *testing.T, p *Page, path string) {
	t.Helper()
	_, v, err := analysis.Walter2001Verdicts([]string{path})
	if err != nil {
		t.Fatal(err)
	}
	want := v.Checks[0]
	if len(p.Findings) != 1 || len(p.Findings[0].Rows) != len(want) || p.Findings[0].Split != "" {
		t.Fatalf("findings: %+v", p.Findings)
	}
	f := p.Findings[0]
	for i, a := range want {
		got := f.Rows[i].Verdicts[0]
		if f.Rows[i].Name != a.Name || got.Verdict != a.Verdict || got.Held != a.Held {
			t.Errorf("finding %s: %s %d/%d, analysis says %s %s %d/%d", f.Rows[i].Name, got.Verdict, got.Held, got.Compared, a.Name, a.Verdict, a.Held, a.Compared)
		}
	}
	if f.Tally != analysis.Tally(want) || len(f.Tables) != 1 || !strings.Contains(f.Tables[0].Text, "Table 1") {
		t.Errorf("tally %q (want %q), tables %+v", f.Tally, analysis.Tally(want), f.Tables)
	}
}

// TestFiguresOfTheirOwnSweep: each fixture's page draws its own sweep preset's figures and
// no other preset's, although a schema-2 file has every column.
func TestFiguresOfTheirOwnSweep(t *testing.T) {
	for fix, want := range map[string][]string{
		"jiang-hk":     {"jiang-hk-wait", "jiang-hk-inversions"},
		"jiang-gme":    {"jiang-gme-concurrency", "jiang-gme-wait"},
		"lme-geometry": {"lme-geometry"},
		"lme-tvg":      {"lme-tvg"},
		"akw-static":   {"akw-static"},
		"akw-mobile":   {"akw-mobile"},
		"akw-failures": {"akw-failures"},
	} {
		p, err := Build(fixture(fix))
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, f := range p.Figures {
			got = append(got, f.Name)
		}
		if !slices.Equal(got, want) || len(p.Skipped) != 0 || len(p.Findings) != 0 {
			t.Errorf("%s: figures %v (skipped %q, %d papers), want %v and no paper", fix, got, p.Skipped, len(p.Findings), want)
		}
	}
}

// TestSelfContained: nothing in a page can reach outside it: no script, no external
// style sheet, image or font, and a Content-Security-Policy that forbids any.
func TestSelfContained(t *testing.T) {
	_, html := build(t, fixture("walter2001"))
	if !strings.Contains(html, `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">`) {
		t.Error("no Content-Security-Policy")
	}
	for _, bad := range []*regexp.Regexp{
		regexp.MustCompile(`(?i)<script`), regexp.MustCompile(`(?i)<link`), regexp.MustCompile(`(?i)@import`),
		regexp.MustCompile(`(?i)url\(`), regexp.MustCompile(`(?i)\ssrc=`), regexp.MustCompile(`(?i)href="(?:[a-z]+:|//)`),
	} {
		if m := bad.FindString(html); m != "" {
			t.Errorf("page contains %q", m)
		}
	}
}

// TestPageIsDeterministic: the same file gives the same page, byte for byte.
func TestPageIsDeterministic(t *testing.T) {
	_, a := build(t, fixture("jiang-hk"))
	_, b := build(t, fixture("jiang-hk"))
	if a != b {
		t.Error("two pages of the same file differ")
	}
}

// TestWhatAFileLacks: a file with no sweep metadata says which keys it lacks; its table is
// grouped by algorithm only and says so, names the parameters each row pools, and counts
// the nulls as bench report does.
func TestWhatAFileLacks(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bare.parquet")
	var trials []columns.Trial
	for _, alg := range []string{"rl", "rr"} {
		for point, load := range []float64{0.01, 1} {
			entries := int64(100)
			if alg == "rr" && load == 1 {
				entries = 0 // no CS entry measured: the waits are null
			}
			tr := columns.Fake(alg, 30, 0.2, load, 0, 7, entries, 10*load, 3)
			tr.Point = int64(point)
			trials = append(trials, tr)
		}
	}
	if err := columns.WriteFile(path, trials, nil); err != nil {
		t.Fatal(err)
	}
	p, html := build(t, path)
	for _, key := range []string{"mutexlab.spec", "mutexlab.root_seed", "mutexlab.program_version"} {
		if !slices.Contains(p.Provenance.Missing, key) || !strings.Contains(html, "<code>"+key+"</code>") {
			t.Errorf("missing %q not named: %v", key, p.Provenance.Missing)
		}
	}
	if f := fact(p, "root seed"); !f.Absent {
		t.Errorf("root seed %+v", f)
	}
	notes := strings.Join(p.Summary.Notes, "\n")
	for _, want := range []string{
		"records no sweep spec, so the table is grouped by algorithm only",
		"Each row pools trials over load (2 values: 0.01, 1)",
		"wait_mean has no value (null: it does not apply, or nothing was measured) in 1 of 4 rows",
	} {
		if !strings.Contains(notes, want) {
			t.Errorf("notes lack %q:\n%s", want, notes)
		}
	}
	if len(p.Summary.Rows) != 2 || p.Summary.Rows[1][0] != "rr" || p.Summary.Rows[1][1] != "2" || p.Summary.Rows[1][2] != "0.1 (n=1)" {
		t.Errorf("summary rows %q", p.Summary.Rows)
	}
	if len(p.Figures) != 0 || len(p.Findings) != 0 {
		t.Errorf("%d figures and %d papers from a file of no preset", len(p.Figures), len(p.Findings))
	}
}

// TestFindingsPerValue: when the data vary in a parameter the paper's tables do not
// separate (here n), each finding is checked per value, not on the pooled data: RL waits
// less than RR at n = 30 and more at n = 60, and the page shows PASS and FAIL, where pooling
// would have hidden one of them.
func TestFindingsPerValue(t *testing.T) {
	path := filepath.Join(t.TempDir(), "two-n.parquet")
	var trials []columns.Trial
	for ni, n := range []int{30, 60} {
		for _, alg := range []string{"rl", "rr"} {
			for li, load := range []float64{1e-3, 1} {
				for mi, mob := range []float64{0, 0.01, 0.1} {
					for ci, conn := range []float64{0.2, 0.8} {
						wait := 10.0
						if (alg == "rl") == (n == 30) {
							wait = 5
						}
						for seed := range uint64(2) {
							tr := columns.Fake(alg, n, conn, load, mob, seed, 100, wait+float64(seed), 4)
							tr.Point = int64(((ni*2+li)*3+mi)*2 + ci) // the sweep's grid point
							trials = append(trials, tr)
						}
					}
				}
			}
		}
	}
	if err := columns.WriteFile(path, trials, nil); err != nil {
		t.Fatal(err)
	}
	p, _ := build(t, path)
	if len(p.Findings) != 1 {
		t.Fatalf("%d papers", len(p.Findings))
	}
	f := p.Findings[0]
	if f.Split != "n" || !slices.Equal(f.Values, []string{"30", "60"}) || len(f.Tables) != 2 {
		t.Fatalf("split %q values %v, %d tables", f.Split, f.Values, len(f.Tables))
	}
	row := f.Rows[slices.IndexFunc(f.Rows, func(r FindingRow) bool { return r.Name == "rl-waits-less-than-rr" })]
	if v := row.Verdicts; v[0].Verdict != analysis.Pass || v[1].Verdict != analysis.Fail {
		t.Errorf("rl-waits-less-than-rr: %s at n=30, %s at n=60; want PASS, FAIL", v[0].Verdict, v[1].Verdict)
	}
	if !strings.Contains(f.Tally, "n = 30: ") || !strings.Contains(f.Tally, "; n = 60: ") {
		t.Errorf("tally %q", f.Tally)
	}
}

// TestBadFile: a file that is not a results file is a one-line error naming it.
func TestBadFile(t *testing.T) {
	_, err := Build(filepath.Join(t.TempDir(), "missing.parquet"))
	if err == nil || strings.Contains(err.Error(), "\n") || !strings.Contains(err.Error(), "missing.parquet") {
		t.Errorf("error %v", err)
	}
}

func TestStatCell(t *testing.T) {
	for _, c := range []struct {
		st     analysis.Stat
		trials int
		want   string
	}{
		{analysis.Stat{N: 0, Mean: math.NaN(), CI95: math.NaN()}, 3, analysis.Missing},
		{analysis.Stat{N: 1, Mean: 2, CI95: math.NaN()}, 1, "2"},
		{analysis.Stat{N: 2, Mean: 2, CI95: 0.5}, 3, "2 ± 0.5 (n=2)"},
	} {
		if got := statCell(c.st, c.trials); got != c.want {
			t.Errorf("statCell(%+v, %d) = %q, want %q", c.st, c.trials, got, c.want)
		}
	}
}

// TestCustomSweepPage: a sweep of no preset (rl and rr over load and mobility) gets the
// main metrics against each grid axis, drawn inline with their captions and the command
// that writes each, and the page says how lines and panels were chosen; a file with no
// spec says why it has no such figure.
func TestCustomSweepPage(t *testing.T) {
	p, html := build(t, fixture("rl-rr-grid"))
	var names []string
	for _, f := range p.Figures {
		names = append(names, f.Name)
		if !strings.HasPrefix(string(f.SVG), "<svg") || !strings.Contains(f.Caption, "3 trials per point") ||
			!strings.HasPrefix(f.Command, "bench plot ../testdata/rl-rr-grid.parquet --against ") {
			t.Errorf("%s: svg %.20q, caption %q, command %q", f.Name, f.SVG, f.Caption, f.Command)
		}
	}
	if want := []string{"wait_mean-vs-load", "msgs_per_cs-vs-load", "wait_mean-vs-mobility", "msgs_per_cs-vs-mobility"}; !slices.Equal(names, want) {
		t.Errorf("figures %v, want %v", names, want)
	}
	if got := strings.Count(html, "<svg"); got != 4 || !strings.Contains(html, `id="figure-wait_mean-vs-load"`) {
		t.Errorf("%d inline SVGs, want 4", got)
	}
	if len(p.FigureNotes) != 1 || !strings.Contains(html, "one line per algorithm. The other varying axes become more lines while at most 8 result") {
		t.Errorf("figure notes %q", p.FigureNotes)
	}
	if s := p.Summary; s.Columns[s.Keys+1].Name != "wait_mean" || s.Columns[s.Keys+2].Name != "msgs_per_cs" {
		t.Errorf("summary columns %+v", s.Columns)
	}

	bare := filepath.Join(t.TempDir(), "bare.parquet")
	var trials []columns.Trial
	for _, load := range []float64{0.01, 1} {
		trials = append(trials, columns.Fake("rl", 30, 0.2, load, 0, 7, 100, 10*load, 3))
	}
	if err := columns.WriteFile(bare, trials, nil); err != nil {
		t.Fatal(err)
	}
	p, _ = build(t, bare)
	if len(p.Figures) != 0 || len(p.FigureNotes) != 1 || !strings.Contains(p.FigureNotes[0], "--against AXES draws them") {
		t.Errorf("bare file: %d figures, notes %q", len(p.Figures), p.FigureNotes)
	}
}
