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
}

var papers = []paper{{
	name: "walter2001", title: "Walter, Welch and Vaidya (2001), section 6",
	algorithms: analysis.Walter2001Algorithms, columns: analysis.Walter2001Columns(),
	verdicts: analysis.Walter2001Verdicts, cells: analysis.WriteWalter2001Cells,
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

// checkPapers checks the findings of every paper whose columns and algorithms the file has.
// A paper applies when the data hold every cell of its tables, or when the file is of its
// preset (named NAME or NAME-SUFFIX; then a SKIP is news: the data lack the points the
// paper is about).
func checkPapers(d *analysis.Dataset, path, spec string) ([]Findings, error) {
	var out []Findings
	for _, p := range papers {
		if slices.ContainsFunc(p.columns, func(c string) bool { return d.Column(c) == nil }) {
			continue
		}
		f, covered, err := p.findings(d, path)
		if err != nil {
			return nil, err
		}
		if covered || spec == p.name || strings.HasPrefix(spec, p.name+"-") {
			out = append(out, f)
		}
	}
	return out, nil
}

// findings checks p on the file; covered is whether the data hold every cell of the
// paper's tables (for every value of a split).
func (p paper) findings(d *analysis.Dataset, path string) (f Findings, covered bool, err error) {
	f = Findings{Title: p.title, Command: fmt.Sprintf("bench report %s --paper %s", path, p.name)}
	if missing := absentValues(d.Column("algorithm"), p.algorithms); len(missing) > 0 {
		f.Notes = append(f.Notes, "The data lack the paper's algorithms "+strings.Join(missing, ", ")+".")
		return f, false, nil
	}
	_, v, err := p.verdicts([]string{path})
	if err != nil {
		return f, false, err
	}
	f.Split, f.Values, f.Warnings = v.Split, v.Values, v.Flags.Advice()
	if v.Split != "" {
		f.Notes = append(f.Notes, fmt.Sprintf("The data vary in %s, which the paper's tables do not separate: the findings are checked for each value of it.", v.Split))
	}
	if len(v.Pooled) > 0 {
		f.Notes = append(f.Notes, fmt.Sprintf("Each verdict pools trials over %s.", strings.Join(v.Pooled, ", ")))
	}
	p.fill(&f, v.Checks)
	covered = true
	for i, sub := range v.Tables {
		var b strings.Builder
		tab := Tables{Value: f.Values[i]}
		if err := p.cells(&b, sub); err != nil {
			tab.Missing, covered = err.Error(), false
		}
		tab.Text = b.String()
		f.Tables = append(f.Tables, tab)
	}
	return f, covered, nil
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
