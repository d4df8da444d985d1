package analysis

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

// Verdict is the outcome of a check of one of a paper's findings.
type Verdict string

// The verdicts. Inconclusive means the data cannot decide: some comparison's confidence
// interval straddles the claim's threshold. Skip means the data lack the points the finding
// is about.
const (
	Pass         Verdict = "PASS"
	Fail         Verdict = "FAIL"
	Inconclusive Verdict = "INCONCLUSIVE"
	Skip         Verdict = "SKIP"
)

// Assertion is one qualitative finding of a paper checked against our data.
type Assertion struct {
	Name      string   // short identifier, e.g. "rl-waits-less-than-rr"
	Claim     string   // what the paper says, with its section
	Threshold string   // the exact test applied
	Verdict   Verdict  // PASS, FAIL, INCONCLUSIVE or SKIP
	Evidence  []string // the numbers behind the verdict, one comparison per line
	// Held, Failed and Compared count the comparisons that held (PASS), that failed and
	// that were made; the rest were inconclusive.
	Held, Failed, Compared int
	// Flags counts the flagged trials of the groups the comparisons used.
	Flags Flags
}

// A Finding is one claim of a paper written as data: a short name, the paper's words, and
// a test. The test sets the exact threshold it applies (Check.Test), looks groups up in the
// table (Check.Sample, or Check.Mean for exact values) and records each comparison with its
// numbers (Check.Claim, or Check.Expect for exact values). V is the paper's view of a table
// (the axis values its findings refer to), built once per table.
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
		c := &Check{a: Assertion{Name: f.Name, Claim: f.Claim}, t: t}
		f.Test(c, v)
		out = append(out, c.done())
	}
	return out
}

// Check accumulates the comparisons of one finding on one table.
type Check struct {
	a       Assertion
	t       *Table
	missing []string
	used    map[*group]bool // groups read for the next comparison
	fresh   bool            // a comparison was recorded: the next read starts a new used set
	seen    map[*group]bool // groups read by the finding
}

// Test states the exact test the finding applies.
func (c *Check) Test(format string, args ...any) { c.a.Threshold = fmt.Sprintf(format, args...) }

// Mean returns the mean of metric over the group whose key is key (Table.Lookup). A group
// the table lacks, or whose trials all have no value of metric (null), is remembered: the
// finding is then SKIP, naming what was missing (or FAIL, if a comparison made failed).
func (c *Check) Mean(metric string, key ...any) (float64, bool) {
	s, ok := c.t.Lookup(metric, key...)
	if ok && s.N == 0 {
		ok = false
	}
	if !ok {
		c.missing = append(c.missing, c.describe(key))
	}
	c.use(c.t.find(key))
	return s.Mean, ok
}

// Sample returns the per-replicate values of metric in the group whose key is key
// (Table.Sample), remembering a group that is absent or has no value as Mean does.
func (c *Check) Sample(metric string, key ...any) (Sample, bool) {
	s, ok := c.t.Sample(metric, key...)
	if ok && s.N() == 0 {
		ok = false
	}
	if !ok {
		c.missing = append(c.missing, c.describe(key))
	}
	c.use(c.t.find(key))
	return s, ok
}

// use remembers g as read for the next comparison (its flags mark that line) and for the
// finding (its flags count once in the finding's).
func (c *Check) use(g *group) {
	if g == nil {
		return
	}
	if c.used == nil || c.fresh {
		c.used, c.fresh = map[*group]bool{}, false
	}
	if c.seen == nil {
		c.seen = map[*group]bool{}
	}
	c.used[g] = true
	if !c.seen[g] {
		c.seen[g] = true
		c.a.Flags = c.a.Flags.Plus(g.flags)
	}
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

// Claim records one comparison decided with statistics: s is the paired quantity (a
// difference, a ratio, a slope formed within each replicate; PerReplicate) and r the values
// the paper's claim allows. The verdict is Decide's; the line shows the estimate, its 95%
// confidence interval and the replicates behind it, and for an inconclusive one about how
// many replicates per point would likely settle it (TrialsToSettle).
func (c *Check) Claim(s Stat, r Region, format string, args ...any) Verdict {
	v := Decide(s, r)
	c.record(v, fmt.Sprintf(format, args...)+" = "+FormatInterval(s)+settleNote(v, s, r))
	return v
}

// QuietClaim is Claim for findings over hundreds of points: a PASS is counted, not shown
// (Note the summary).
func (c *Check) QuietClaim(s Stat, r Region, format string, args ...any) Verdict {
	v := Decide(s, r)
	if v == Pass {
		c.count(v)
		return v
	}
	c.record(v, fmt.Sprintf(format, args...)+" = "+FormatInterval(s)+settleNote(v, s, r))
	return v
}

// Expect records one comparison of exact values (a deterministic workload's counts): cond
// is whether it holds, the text shows the numbers.
func (c *Check) Expect(cond bool, format string, args ...any) {
	c.record(map[bool]Verdict{true: Pass, false: Fail}[cond], fmt.Sprintf(format, args...))
}

// Quiet is Expect shown only when it fails (findings over hundreds of points list the
// exceptions, then Note the summary).
func (c *Check) Quiet(cond bool, format string, args ...any) {
	if !cond {
		c.Expect(false, format, args...)
		return
	}
	c.count(Pass)
}

// Note adds a line of evidence that is not a comparison (a summary of quiet ones).
func (c *Check) Note(format string, args ...any) {
	c.a.Evidence = append(c.a.Evidence, evidenceLine("", fmt.Sprintf(format, args...)))
}

// Compared returns how many comparisons were made so far.
func (c *Check) Compared() int { return c.a.Compared }

// Tally returns a summary of the comparisons so far: "PASS at 250, FAIL at 12,
// INCONCLUSIVE at 8 of 270".
func (c *Check) Tally() string {
	a := c.a
	return fmt.Sprintf("PASS at %d, FAIL at %d, INCONCLUSIVE at %d of %d", a.Held, a.Failed, a.Compared-a.Held-a.Failed, a.Compared)
}

// record counts a comparison and adds its line, followed by the flagged trials of the
// groups it used.
func (c *Check) record(v Verdict, text string) {
	var f Flags
	for g := range c.used {
		f = f.Plus(g.flags)
	}
	c.count(v)
	if f.Any() {
		text += " [flagged: " + f.String() + "]"
	}
	c.a.Evidence = append(c.a.Evidence, evidenceLine(v, text))
}

func (c *Check) count(v Verdict) {
	c.fresh = true
	c.a.Compared++
	switch v {
	case Pass:
		c.a.Held++
	case Fail:
		c.a.Failed++
	}
}

// evidenceLine puts a comparison's verdict (or nothing, for a note) in a column of its own.
func evidenceLine(v Verdict, text string) string { return fmt.Sprintf("%-12s %s", v, text) }

// done sets the verdict from the comparisons: FAIL when one failed (a counterexample stands
// whatever else is missing), SKIP when a group the finding needs is absent or no comparison
// was possible, INCONCLUSIVE when one could not be decided, PASS when all held. The evidence
// follows the verdict: a SKIP shows what is missing and only counts what could be compared.
func (c *Check) done() Assertion {
	a := c.a
	switch {
	case a.Failed > 0:
		a.Verdict = Fail
		if len(c.missing) > 0 {
			a.Evidence = append(a.Evidence, evidenceLine("", "not checked, no data for: "+strings.Join(dedupe(c.missing), "; ")))
		}
	case len(c.missing) > 0:
		a.Verdict = Skip
		a.Evidence = []string{evidenceLine("", "no data for: "+strings.Join(dedupe(c.missing), "; "))}
		if a.Compared > 0 {
			a.Evidence = append(a.Evidence, evidenceLine("", fmt.Sprintf("of the comparisons the data allow: %s", c.Tally())))
		}
		return a
	case a.Compared == 0:
		a.Verdict = Skip
		a.Evidence = []string{evidenceLine("", "no comparisons possible in this data")}
		return a
	case a.Held < a.Compared:
		a.Verdict = Inconclusive
	default:
		a.Verdict = Pass
	}
	if a.Flags.Any() {
		a.Evidence = append(a.Evidence, evidenceLine("", "measurement: "+a.Flags.Among()+" (what to change: see the measurement warnings)"))
	}
	return a
}

// Tally counts verdicts: "10 PASS, 5 FAIL, 4 INCONCLUSIVE, 1 SKIP of 20 findings".
func Tally(as []Assertion) string {
	n := map[Verdict]int{}
	for _, a := range as {
		n[a.Verdict]++
	}
	return fmt.Sprintf("%d PASS, %d FAIL, %d INCONCLUSIVE, %d SKIP of %d findings", n[Pass], n[Fail], n[Inconclusive], n[Skip], len(as))
}

// WriteAssertions prints each assertion: verdict, name, claim, threshold and evidence, then
// the tally.
func WriteAssertions(w io.Writer, as []Assertion) error {
	for _, a := range as {
		fmt.Fprintf(w, "%s  %s\n      claim: %s\n      test:  %s\n", a.Verdict, a.Name, a.Claim, a.Threshold)
		for _, e := range a.Evidence {
			fmt.Fprintf(w, "      %s\n", e)
		}
	}
	_, err := fmt.Fprintf(w, "\n%s\n", Tally(as))
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
// verdict and how many comparisons held ("PASS 12/12", "FAIL 3/4", "INCONCLUSIVE 3/4",
// "SKIP").
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
