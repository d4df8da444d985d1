package htmlreport

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/mutexlab/mutexlab/analysis"
)

// MaxEvidence bounds the lines of evidence a finding shows (bench report --paper prints
// them all).
const MaxEvidence = 40

// paper is a paper whose findings package analysis checks, and how to check them.
type paper struct {
	name       string // the sweep preset that reproduces it, and bench report --paper NAME
	title      string
	algorithms []string // the data must have every one
	columns    []string
	// verdicts is the computation bench report --paper prints: one home for a verdict.
	verdicts func(files []string) (*analysis.Dataset, *analysis.PaperVerdicts, error)
	cells    func(io.Writer, *analysis.Table) error // the paper's tables, as text
	// usable says whether a table holds a point of the paper's tables, where bench report
	// --paper compares; nil when it does.
	usable func(*analysis.Table) error
}

var papers = []paper{{
	name: "walter2001", title: "Walter, Welch and Vaidya (2001), section 6",
	algorithms: analysis.Walter2001Algorithms, columns: analysis.Walter2001Columns(),
	verdicts: analysis.Walter2001Verdicts, cells: analysis.WriteWalter2001Cells, usable: analysis.Walter2001Usable,
}}

// Findings are a paper's findings checked on the file: one verdict per finding, or one per
// value of the parameter the data varies in but the paper's tables do not separate.
type Findings struct {
	Title    string
	Command  string   // the bench report command that prints the same
	Split    string   // the parameter checked value by value; "" if none
	Values   []string // its values (one column of verdicts each); one "" without a split
	Rows     []FindingRow
	Tally    string   // "10 PASS, 5 FAIL, 4 INCONCLUSIVE, 1 SKIP of 20 findings" (per value when split)
	Tables   []Tables // the paper's tables of cells, per value
	Notes    []string
	Warnings []string // measurement warnings: how many trials are flagged, and what to change
	// Partial: the data hold the paper's columns, and its algorithms at some point of its
	// tables, so Command prints its tables and findings (some SKIP, perhaps all).
	Partial bool
}

// FindingRow is one finding: what the paper says, the exact test, and per value the
// verdict and the numbers behind it.
type FindingRow struct {
	Name, Claim, Test string
	Verdicts          []analysis.Assertion
}

// Tables is the text of the paper's tables for one value of the split ("" without one),
// or why some cells are missing.
type Tables struct {
	Value, Text, Missing string
}

// checkPapers checks the findings of every paper on the file, and says of each paper it
// leaves off the page why, naming the commands that check it.
//
// A paper is on the page when the file holds data its findings are about: trials of its
// algorithms at some point of its tables (the points bench report --paper compares; for
// walter2001, rl or rr at a load, mobility and connectivity of Tables 1 and 2), on which at
// least one finding gets a verdict other than SKIP. That is exactly when bench report
// --paper decides a finding, so the page shows a paper wherever the report gives it a
// verdict, and the same verdicts. A file of the paper's own preset (named NAME or
// NAME-SUFFIX) shows it whenever its verdicts can be computed: there a SKIP is news, the
// data lack the points the paper is about.
func checkPapers(d *analysis.Dataset, path, spec string) (shown []Findings, omitted []string) {
	for _, p := range papers {
		preset := spec == p.name || strings.HasPrefix(spec, p.name+"-")
		f, why := p.findings(d, path)
		if why == "" || preset && len(f.Rows) > 0 {
			if why != "" {
				f.Notes = append(f.Notes, "No finding is decided: "+why+".")
			}
			shown = append(shown, f)
			continue
		}
		omitted = append(omitted, p.omission(f, why))
	}
	return shown, omitted
}

// omission is the note of a paper left off the page: why, and the commands that check it.
// Where the data hold one of the paper's algorithms at a point of its tables, bench report
// --paper shows its tables and findings for the points the data hold (SKIP where they lack
// them).
func (p paper) omission(f Findings, why string) string {
	run := fmt.Sprintf("bench sweep %s runs every point of its tables", p.name)
	if f.Partial {
		run = fmt.Sprintf("%s shows its tables and findings for the points the data hold, and %s", f.Command, run)
	}
	return fmt.Sprintf("%s: not checked here: %s. %s.", p.title, why, run)
}

// findings checks p on the file; why is "" when some finding is decided (not SKIP), else
// the reason none is: a file the paper's computation refuses is a reason, the one bench
// report --paper would give, not a page that cannot be built.
func (p paper) findings(d *analysis.Dataset, path string) (f Findings, why string) {
	f = Findings{Title: p.title, Command: fmt.Sprintf("bench report %s --paper %s", path, p.name)}
	if absent := slices.DeleteFunc(slices.Clone(p.columns), func(c string) bool { return d.Column(c) != nil }); len(absent) > 0 {
		return f, "the file has no column " + strings.Join(absent, ", ")
	}
	missing := absentValues(d.Column("algorithm"), p.algorithms)
	if len(missing) == len(p.algorithms) {
		return f, "the data hold none of its algorithms (" + strings.Join(p.algorithms, ", ") + "), which every finding is about"
	}
	if len(missing) > 0 {
		f.Notes = append(f.Notes, "The data lack the paper's algorithms "+strings.Join(missing, ", ")+": the findings about them SKIP.")
	}
	_, v, err := p.verdicts([]string{path})
	if err != nil {
		return f, err.Error()
	}
	f.Split, f.Values, f.Warnings = v.Split, v.Values, v.Flags.Advice()
	if v.Split != "" {
		f.Notes = append(f.Notes, fmt.Sprintf("The data vary in %s, which the paper's tables do not separate: the findings are checked for each value of it.", v.Split))
	}
	if len(v.Pooled) > 0 {
		f.Notes = append(f.Notes, fmt.Sprintf("Each verdict pools trials over %s.", strings.Join(v.Pooled, ", ")))
	}
	p.fill(&f, v.Checks)
	for i, sub := range v.Tables {
		var b strings.Builder
		tab := Tables{Value: f.Values[i]}
		if err := p.cells(&b, sub); err != nil {
			tab.Missing = err.Error()
		}
		tab.Text = b.String()
		f.Tables = append(f.Tables, tab)
	}
	why, f.Partial = p.undecided(v)
	return f, why
}

// undecided is "" when, for some value of the split, the table holds a point of the
// paper's tables and some finding has a verdict other than SKIP; else why not. usable is
// whether some value's table holds such a point (bench report --paper refuses a file whose
// tables hold none).
func (p paper) undecided(v *analysis.PaperVerdicts) (why string, usable bool) {
	var refused error
	for i, as := range v.Checks {
		if err := p.usable(v.Tables[i]); err != nil {
			refused = err
			continue
		}
		usable = true
		if slices.ContainsFunc(as, func(a analysis.Assertion) bool { return a.Verdict != analysis.Skip }) {
			return "", true
		}
	}
	if !usable && refused != nil {
		return refused.Error(), false
	}
	return "no finding can be decided on this data (every one SKIPs)", usable
}

// fill sets the rows and tallies from the assertions of each value (perValue[v][finding]).
func (p paper) fill(f *Findings, perValue [][]analysis.Assertion) {
	var tallies []string
	for v, as := range perValue {
		for i, a := range as {
			if v == 0 {
				f.Rows = append(f.Rows, FindingRow{Name: a.Name, Claim: a.Claim, Test: a.Threshold})
			}
			if len(a.Evidence) > MaxEvidence {
				a.Evidence = append(slices.Clip(a.Evidence[:MaxEvidence]), fmt.Sprintf("… %d more lines (%s)", len(a.Evidence)-MaxEvidence, f.Command))
			}
			f.Rows[i].Verdicts = append(f.Rows[i].Verdicts, a)
		}
		t := analysis.Tally(as)
		if f.Values[v] != "" {
			t = f.Split + " = " + f.Values[v] + ": " + t
		}
		tallies = append(tallies, t)
	}
	f.Tally = strings.Join(tallies, "; ")
}

// absentValues returns the wanted values that no row of the text column c has.
func absentValues(c *analysis.Column, want []string) []string {
	var out []string
	for _, w := range want {
		if !slices.Contains(c.Str, w) {
			out = append(out, w)
		}
	}
	return out
}
