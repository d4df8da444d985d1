package main

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
// finding, and the same tallies, on the fixture of every preset (plots/testdata) and on a
// walter2001-readings sweep in miniature (findings split by reading); the walter2001 fixture
// must have findings on both.
func TestPaperVerdictsAgree(t *testing.T) {
	fixtures, err := filepath.Glob("../../plots/testdata/*.parquet")
	if err != nil || len(fixtures) < 9 {
		t.Fatalf("fixtures %v (%v)", fixtures, err)
	}
	readings := readingsFile(t)
	for _, path := range append(fixtures, readings) {
		page, err := htmlreport.Build(path)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		var b bytes.Buffer
		reportErr := reportWalter2001(&b, []string{path})
		if len(page.Findings) == 0 {
			if filepath.Base(path) == "walter2001.parquet" || path == readings {
				t.Errorf("%s: the page has no findings", path)
			}
			continue
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

// TestMeasurementWarningsSurface: the walter2001 fixture has trials with warmup_too_short =
// true and wait_stable = false (50 warm-up entries); bench report marks the rows and says
// what to change, naming the real flags; --paper marks the cells and findings; the page
// shows the same warnings.
func TestMeasurementWarningsSurface(t *testing.T) {
	path := "../../plots/testdata/walter2001.parquet"
	var stderr string
	out := captureStdout(t, func() {
		stderr = captureStderr(t, func() {
			if code := run(context.Background(), []string{"report", path, "--by", "algorithm,mobility"}); code != exitOK {
				t.Errorf("exit %d", code)
			}
		})
	})
	if !strings.Contains(out, "flagged trials") || !regexp.MustCompile(`\d+ warm-up, \d+ unstable`).MatchString(out) {
		t.Errorf("table without the flagged trials:\n%s", out)
	}
	for _, want := range []string{"have warmup_too_short = true", "bench run --warmup N", "warmup_rule=mser5", "have wait_stable = false", "bench run --measure N"} {
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
	if len(page.Findings) != 1 || len(page.Findings[0].Warnings) != 2 || !strings.Contains(page.Findings[0].Warnings[0], "--warmup N") {
		t.Errorf("page warnings: %+v", page.Findings)
	}
	s := page.Summary
	if len(s.Warnings) != 2 || s.Columns[len(s.Columns)-1].Name != "flagged trials" || !strings.Contains(strings.Join(s.Rows[0], " "), "warm-up") {
		t.Errorf("page summary: warnings %q, columns %+v, first row %q", s.Warnings, s.Columns, s.Rows[0])
	}
}
