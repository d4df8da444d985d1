package analysis

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

// Verdict is the outcome of a check of one of a paper's findings.
type Verdict string

// The verdicts. Skip means the data lacks the points the finding is about.
const (
	Pass Verdict = "PASS"
	Fail Verdict = "FAIL"
	Skip Verdict = "SKIP"
)

// Assertion is one qualitative finding of a paper checked against our data.
type Assertion struct {
	Name      string   // short identifier, e.g. "rl-waits-less-than-rr"
	Claim     string   // what the paper says, with its section
	Threshold string   // the exact test applied
	Verdict   Verdict  // PASS, FAIL or SKIP
	Evidence  []string // the numbers behind the verdict, one comparison per line
	// Held and Compared count the comparisons that held and that were made.
	Held, Compared int
}

// A Finding is one claim of a paper written as data: a short name, the paper's words, and
// a test. The test sets the exact threshold it applies (Check.Test), looks means up in the
// table (Check.Mean) and records each comparison with its numbers (Check.Expect). V is the
// paper's view of a table (the axis values its findings refer to), built once per table.
type Finding[V any] struct {
	Name  string
	Claim string
	Test  func(c *Check, v V)
}

// A Paper is the findings of one paper over one shape of table: a new paper's findings are
// a new Paper value, with no change to the machinery. View derives V from a table.
type Paper[V any] struct {
	Name     string
	View     func(t *Table) V
	Findings []Finding[V]
}

// Check evaluates every finding on t, in order.
func (p *Paper[V]) Check(t *Table) []Assertion {
	v := p.View(t)
	out := make([]Assertion, 0, len(p.Findings))
	for _, f := range p.Findings {
		c := &Check{a: Assertion{Name: f.Name, Claim: f.Claim}, ok: true, t: t}
		f.Test(c, v)
		out = append(out, c.done())
	}
	return out
}

// Check accumulates the comparisons of one finding on one table.
type Check struct {
	a       Assertion
	ok      bool
	t       *Table
	missing []string
}

// Test states the exact test the finding applies.
func (c *Check) Test(format string, args ...any) { c.a.Threshold = fmt.Sprintf(format, args...) }

// Mean returns the mean of metric over the group whose key is key (Table.Lookup). A group
// the table lacks, or whose trials all have no value of metric (null), is remembered: the
// finding is then SKIP, naming what was missing.
func (c *Check) Mean(metric string, key ...any) (float64, bool) {
	s, ok := c.t.Lookup(metric, key...)
	if ok && s.N == 0 {
		ok = false
	}
	if !ok {
		c.missing = append(c.missing, c.describe(key))
	}
	return s.Mean, ok
}

// describe renders a group key: text as it is, numbers as column=value.
func (c *Check) describe(key []any) string {
	parts := make([]string, len(key))
	for i, k := range key {
		switch k := k.(type) {
		case string:
			parts[i] = k
		default:
			parts[i] = fmt.Sprintf("%s=%g", c.t.By[i], k)
		}
	}
	return strings.Join(parts, " ")
}

// Expect records one comparison: cond is whether it holds, the text shows the numbers.
func (c *Check) Expect(cond bool, format string, args ...any) {
	mark := "ok  "
	c.a.Compared++
	if cond {
		c.a.Held++
	} else {
		mark = "FAIL"
		c.ok = false
	}
	c.a.Evidence = append(c.a.Evidence, mark+" "+fmt.Sprintf(format, args...))
}

// Quiet records one comparison whose text is shown only when it fails (findings over
// hundreds of points list the exceptions, then Note the summary).
func (c *Check) Quiet(cond bool, format string, args ...any) {
	if !cond {
		c.Expect(false, format, args...)
		return
	}
	c.a.Compared++
	c.a.Held++
}

// Note adds a line of evidence that is not a comparison (a summary of quiet ones).
func (c *Check) Note(format string, args ...any) {
	c.a.Evidence = append(c.a.Evidence, "ok   "+fmt.Sprintf(format, args...))
}

// Compared returns how many comparisons were made so far.
func (c *Check) Compared() int { return c.a.Compared }

// OK reports whether every comparison so far held.
func (c *Check) OK() bool { return c.ok }

func (c *Check) done() Assertion {
	switch {
	case len(c.missing) > 0:
		c.a.Verdict = Skip
		c.a.Evidence = append(c.a.Evidence, "no data for: "+strings.Join(dedupe(c.missing), "; "))
	case len(c.a.Evidence) == 0:
		c.a.Verdict = Skip
		c.a.Evidence = []string{"no comparisons possible in this data"}
	case c.ok:
		c.a.Verdict = Pass
	default:
		c.a.Verdict = Fail
	}
	return c.a
}

// WriteAssertions prints each assertion: verdict, name, claim, threshold and evidence.
func WriteAssertions(w io.Writer, as []Assertion) error {
	var pass, fail, skip int
	for _, a := range as {
		switch a.Verdict {
		case Pass:
			pass++
		case Fail:
			fail++
		default:
			skip++
		}
		fmt.Fprintf(w, "%s  %s\n      claim: %s\n      test:  %s\n", a.Verdict, a.Name, a.Claim, a.Threshold)
		for _, e := range a.Evidence {
			fmt.Fprintf(w, "      %s\n", e)
		}
	}
	_, err := fmt.Fprintf(w, "\n%d PASS, %d FAIL, %d SKIP of %d findings\n", pass, fail, skip, len(as))
	return err
}

// Matrix is a paper's findings evaluated on several subsets of one table: one column per
// value of a parameter (for example one per model reading), one row per finding.
type Matrix struct {
	Column string        // the parameter whose values split the table
	Values []string      // its values, one matrix column each
	Rows   [][]Assertion // Rows[f][v]: finding f on the subset with Values[v]
}

// Matrix evaluates every finding on each subset of t that has one value of column col; the
// subsets are grouped by t's other columns, so the findings see the table shape they expect.
func (p *Paper[V]) Matrix(t *Table, col string) (*Matrix, error) {
	values, subsets, err := t.Split(col)
	if err != nil {
		return nil, err
	}
	m := &Matrix{Column: col, Values: values, Rows: make([][]Assertion, len(p.Findings))}
	for _, sub := range subsets {
		for f, a := range p.Check(sub) {
			m.Rows[f] = append(m.Rows[f], a)
		}
	}
	return m, nil
}

// WriteMatrix prints the matrix: one line per finding, one cell per column value holding the
// verdict and how many comparisons held ("PASS 12/12", "FAIL 3/4", "SKIP").
func WriteMatrix(w io.Writer, m *Matrix) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "finding \\ %s\t%s\n", m.Column, strings.Join(m.Values, "\t"))
	for _, row := range m.Rows {
		if len(row) == 0 {
			continue
		}
		cells := []string{row[0].Name}
		for _, a := range row {
			cell := string(a.Verdict)
			if a.Verdict != Skip {
				cell += fmt.Sprintf(" %d/%d", a.Held, a.Compared)
			}
			cells = append(cells, cell)
		}
		fmt.Fprintln(tw, strings.Join(cells, "\t"))
	}
	return tw.Flush()
}
