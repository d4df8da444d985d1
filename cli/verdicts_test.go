package cli

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/plots/htmlreport"
)

// verdictLine is a finding's first line in bench report --paper's text.
var verdictLine = regexp.MustCompile(`(?m)^(PASS|FAIL|INCONCLUSIVE|SKIP)  (\S+)$`)

// tallyLine is the count of verdicts under a list of findings.
var tallyLine = regexp.MustCompile(`(?m)^\d+ PASS, .* of \d+ findings$`)

// TestPaperVerdictsAgree: bench html and bench report --paper give the same verdict of every
// finding, and the same tallies, on the fixture of every preset (plots/testdata), on a
// walter2001-readings sweep in miniature (findings split by reading), on a run of the paper's
// algorithms lacking one of its mobility levels (some findings SKIP, the others decided) and
// on one at loads off the paper's tables (every finding SKIPs). Wherever bench report
// --paper decides a finding the page shows the paper; where the page leaves it off, it says
// why and names the commands.
func TestPaperVerdictsAgree(t *testing.T) {
	fixtures, err := filepath.Glob("../plots/testdata/*.parquet")
	if err != nil || len(fixtures) < 9 {
		t.Fatalf("fixtures %v (%v)", fixtures, err)
	}
	readings := readingsFile(t)
	partial := runFile(t, "partial.parquet", "--algo", "rl,rr", "--connectivity", "0.2,0.8", "--load", "1e-3,1", "--mobility", "0,0.1", "--trials", "3")
	offTable := runFile(t, "offtable.parquet", "--algo", "rl,rr", "--connectivity", "0.5", "--load", "0.1", "--trials", "2")
	mustShow := map[string]bool{"walter2001.parquet": true, readings: true, partial: true}
	for _, path := range append(fixtures, readings, partial, offTable) {
		page, err := htmlreport.Build(path)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		var b bytes.Buffer
		reportErr := reportWalter2001(&b, []string{path})
		decided := reportErr == nil && regexp.MustCompile(`(?m)^(PASS|FAIL|INCONCLUSIVE)  `).MatchString(b.String())
		if len(page.Findings) == 0 {
			if decided || mustShow[path] || mustShow[filepath.Base(path)] {
				t.Errorf("%s: the page has no findings; bench report --paper decides some (error %v)", path, reportErr)
			}
			if len(page.PapersOmitted) != 1 || !strings.Contains(page.PapersOmitted[0], "not checked here: ") || !strings.Contains(page.PapersOmitted[0], "bench sweep walter2001") {
				t.Errorf("%s: the page leaves the paper off without saying why and how to check it: %q", path, page.PapersOmitted)
			}
			if path == offTable && reportErr != nil && b.Len() > 0 {
				t.Errorf("%s: bench report --paper refuses the file but printed %q first", path, b.String())
			}
			if path == offTable && (!strings.Contains(strings.Join(page.PapersOmitted, ""), "no trial at a point of Tables 1 and 2") || strings.Contains(strings.Join(page.PapersOmitted, ""), "--paper walter2001 shows")) {
				t.Errorf("%s: the note does not say the report refuses this file: %q", path, page.PapersOmitted)
			}
			continue
		}
		if path == offTable {
			t.Errorf("%s: every finding SKIPs, yet the page shows the paper", path)
		}
		if reportErr != nil {
			t.Errorf("%s: the page has findings, bench report --paper says: %v", path, reportErr)
			continue
		}
		var fromPage, tallies []string
		f := page.Findings[0]
		if path == readings && (f.Split != "reading" || len(f.Values) < 2) {
			t.Errorf("readings: split %q values %v, want one column per reading", f.Split, f.Values)
		}
		for v := range f.Values {
			for _, row := range f.Rows {
				fromPage = append(fromPage, fmt.Sprintf("%s %s", row.Verdicts[v].Verdict, row.Name))
			}
		}
		for _, tl := range strings.Split(f.Tally, "; ") {
			tallies = append(tallies, tl[strings.Index(tl, ": ")+2:]) // drop "reading = A: "
		}
		if f.Split == "" {
			tallies = []string{f.Tally}
		}
		var fromReport []string
		for _, m := range verdictLine.FindAllStringSubmatch(b.String(), -1) {
			fromReport = append(fromReport, m[1]+" "+m[2])
		}
		if strings.Join(fromPage, "\n") != strings.Join(fromReport, "\n") {
			t.Errorf("%s: the page and bench report --paper disagree\npage:\n%s\nreport:\n%s", path, strings.Join(fromPage, "\n"), strings.Join(fromReport, "\n"))
		}
		if got := tallyLine.FindAllString(b.String(), -1); strings.Join(got, "\n") != strings.Join(tallies, "\n") {
			t.Errorf("%s: tallies: page %q, report %q", path, tallies, got)
		}
	}
}

// runFile runs bench run with args into a temporary file named name and returns its path.
func runFile(t *testing.T, name string, args ...string) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), name)
	var code int
	captureStderr(t, func() {
		captureStdout(t, func() { code = run(context.Background(), append([]string{"run", "--out", out}, args...)) })
	})
	if code != exitOK {
		t.Fatalf("bench run %v: exit %d", args, code)
	}
	return out
}

// TestMeasurementWarningsSurface: the walter2001 fixture has trials with warmup_too_short =
// true (some with a cut MSER-5 trusts, some with the cut in the second half of the series:
// no steady state) and wait_stable = false (50 warm-up entries); bench report marks the rows
// and says what to change for each kind, naming the real flags; --paper marks the cells and
// findings; the page shows the same warnings.
func TestMeasurementWarningsSurface(t *testing.T) {
	path := "../plots/testdata/walter2001.parquet"
	var stderr string
	out := captureStdout(t, func() {
		stderr = captureStderr(t, func() {
			if code := run(context.Background(), []string{"report", path, "--by", "algorithm,mobility"}); code != exitOK {
				t.Errorf("exit %d", code)
			}
		})
	})
	if !strings.Contains(out, "flagged trials") || !regexp.MustCompile(`\d+ warm-up, \d+ no steady state`).MatchString(out) {
		t.Errorf("table without the flagged trials:\n%s", out)
	}
	for _, want := range []string{"have a warm-up too short (warmup_too_short = true, with a cut MSER-5 trusts)", "bench run --warmup N", "warmup_rule=mser5",
		"have no steady state detected by MSER-5 (cut in the second half of the series", "have wait_stable = false", "bench run --measure N"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	var b bytes.Buffer
	if err := reportWalter2001(&b, []string{path}); err != nil {
		t.Fatal(err)
	}
	paper := b.String()
	for _, want := range []string{"Measurement warnings", "--warmup N", " flagged)", "[flagged: ", "measurement: of the "} {
		if !strings.Contains(paper, want) {
			t.Errorf("report --paper lacks %q", want)
		}
	}
	page, err := htmlreport.Build(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(page.Findings) != 1 || len(page.Findings[0].Warnings) != 3 || !strings.Contains(page.Findings[0].Warnings[0], "--warmup N") {
		t.Errorf("page warnings: %+v", page.Findings)
	}
	s := page.Summary
	if len(s.Warnings) != 3 || s.Columns[len(s.Columns)-1].Name != "flagged trials" || !strings.Contains(strings.Join(s.Rows[0], " "), "no steady state") {
		t.Errorf("page summary: warnings %q, columns %+v, first row %q", s.Warnings, s.Columns, s.Rows[0])
	}
}

// TestNoSteadyStateAdvice: in a run with saturated high-mobility trials, MSER-5 puts the cut
// of some trials in the second half of their series (up to 2175 of 2200 entries), where it
// does not trust it. bench report --paper and the page count those trials as "no steady
// state detected", advise a longer window, and quote for the warm-up only the cuts MSER-5
// trusts.
func TestNoSteadyStateAdvice(t *testing.T) {
	path := runFile(t, "w.parquet", "--algo", "rl,rr", "--connectivity", "0.2,0.8", "--load", "1e-3,1", "--mobility", "0,0.1", "--trials", "3")
	var b bytes.Buffer
	if err := reportWalter2001(&b, []string{path}); err != nil {
		t.Fatal(err)
	}
	page, err := htmlreport.Build(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(page.Findings) != 1 {
		t.Fatalf("page findings: %d", len(page.Findings))
	}
	want := []string{
		"2 of 48 trials have a warm-up too short (warmup_too_short = true, with a cut MSER-5 trusts): their warm-up ended before the initial transient did (MSER-5 cut up to 255 CS entries)",
		"8 of 48 trials have no steady state detected by MSER-5 (cut in the second half of the series",
	}
	for _, where := range []struct{ name, text string }{
		{"report --paper", b.String()}, {"page findings", strings.Join(page.Findings[0].Warnings, "\n")}, {"page summary", strings.Join(page.Summary.Warnings, "\n")},
	} {
		for _, w := range want {
			if !strings.Contains(where.text, w) {
				t.Errorf("%s lacks %q:\n%s", where.name, w, where.text)
			}
		}
		if strings.Contains(where.text, "2175") {
			t.Errorf("%s advises a warm-up above an untrusted cut:\n%s", where.name, where.text)
		}
	}
	if !strings.Contains(b.String(), "8 no steady state detected") {
		t.Errorf("report --paper findings do not count the trials without a steady state:\n%s", b.String())
	}
}
