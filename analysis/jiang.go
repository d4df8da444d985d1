package analysis

import (
	"fmt"
	"io"
	"slices"
	"strings"
)

// Jiang's theorems checked on the adversarial workloads of internal/jiangload (bench check
// jiang): one table row per (reading, workload), with the metrics JiangMetrics names; the
// matrix splits it by reading. Each workload is a deterministic scripted trial, so every
// group holds one trial and a finding compares exact values.

// JiangMetrics are the columns of a Jiang workload table: safety violations (0 or 1), CS
// entries, requesting nodes never served, the longest wait for a first entry (time units),
// priority inversions (hk), concurrent-entering misses and their time (gme), messages.
var JiangMetrics = []string{"violations", "entries", "starved", "first_wait_max", "inversions", "ce_misses", "ce_miss_time", "msgs"}

// JiangBy are the key columns of a Jiang workload table.
var JiangBy = []string{"reading", "workload"}

// jiangView lists the workloads of a (reading's) table, in order.
func jiangView(t *Table) []string {
	var ws []string
	for i := range t.Len() {
		key, _, _ := t.Group(i)
		ws = append(ws, key[0])
	}
	return ws
}

// randomTally records a finding's comparisons, one per workload: listed for a named
// workload; for the random ones (names starting with "random-"), which are many, listed only
// when they fail, and counted for note.
type randomTally struct{ n, held int }

func (r *randomTally) expect(c *Check, w string, cond bool, format string, args ...any) {
	if !strings.HasPrefix(w, "random-") {
		c.Expect(cond, format, args...)
		return
	}
	r.n++
	if cond {
		r.held++
	}
	c.Quiet(cond, format, args...)
}

// note sums up the random workloads' comparisons, if any.
func (r *randomTally) note(c *Check, what string) {
	if r.n > 0 {
		c.Note("random workloads: %s in %d of %d", what, r.held, r.n)
	}
}

// safetyFinding is Theorem 1 of either paper: no workload stopped with a safety violation.
func safetyFinding(name, claim string) Finding[[]string] {
	return Finding[[]string]{Name: name, Claim: claim, Test: func(c *Check, ws []string) {
		c.Test("every workload runs under the online checks without a safety violation")
		var r randomTally
		for _, w := range ws {
			v, _ := c.Mean("violations", w)
			e, _ := c.Mean("entries", w)
			r.expect(c, w, v == 0, "%s: %g violations in %g CS entries", w, v, e)
		}
		r.note(c, "no violation")
	}}
}

// boundedDelay is Theorem 3 of either paper: every requesting node entered, on every workload.
func boundedDelay(name, claim string) Finding[[]string] {
	return Finding[[]string]{Name: name, Claim: claim, Test: func(c *Check, ws []string) {
		c.Test("every node that requests enters (sustained load, no liveness drain)")
		var r randomTally
		for _, w := range ws {
			s, _ := c.Mean("starved", w)
			e, _ := c.Mean("entries", w)
			f, _ := c.Mean("first_wait_max", w)
			r.expect(c, w, s == 0, "%s: %g requesting nodes never served in %g CS entries (longest first wait of those served %g)", w, s, e, f)
		}
		r.note(c, "every requester served")
	}}
}

// JiangHK is Jiang's prioritized h-out-of-k mutual exclusion (algorithms/hk).
var JiangHK = Paper[[]string]{Name: "jiang-hk", View: jiangView, Findings: []Finding[[]string]{
	safetyFinding("hk-thm1-mutual-exclusion", "Theorem 1: no more than k resources are accessed concurrently"),
	{Name: "hk-thm2-highest-priority-first", Claim: "Theorem 2: if nodes compete for the CS, the one with the highest priority proceeds first", Test: func(c *Check, ws []string) {
		c.Test("on a chain whose requests all reach the holder before it leaves, nodes enter in order of class: 0 inversions")
		for _, w := range ws {
			if strings.HasPrefix(w, "priority-chain") {
				v, _ := c.Mean("inversions", w)
				c.Expect(v == 0, "%s: %g inversions", w, v)
			}
		}
	}},
	boundedDelay("hk-thm3-bounded-delay", "Theorem 3: a node that enters the ES eventually enters the CS (aging makes every request the highest eventually)"),
}}

// JiangGME is Jiang's group mutual exclusion (algorithms/gme).
var JiangGME = Paper[[]string]{Name: "jiang-gme", View: jiangView, Findings: []Finding[[]string]{
	safetyFinding("gme-thm1-mutual-exclusion", "Theorem 1: two nodes in the CS at once access the same resource"),
	{Name: "gme-thm2-concurrent-entering", Claim: "Theorem 2: nodes requesting the resource in use, while no node accesses another, can enter concurrently", Test: func(c *Check, ws []string) {
		c.Test("no concurrent-entering miss: the leader never holds a request for its open session's resource while no other resource is queued")
		var r randomTally
		for _, w := range ws {
			m, _ := c.Mean("ce_misses", w)
			d, _ := c.Mean("ce_miss_time", w)
			r.expect(c, w, m == 0, "%s: %g misses, %g time units waited", w, m, d)
		}
		r.note(c, "no miss")
	}},
	boundedDelay("gme-thm3-bounded-delay", "Theorem 3: if link changes cease, a requesting node owns the token eventually (and enters)"),
}}

// JiangMatrix checks paper's findings on t (JiangBy, JiangMetrics) per reading, the matrix's
// columns in the order of readings (the literal text first) rather than Split's key order; a
// reading t lacks is an error naming it.
func JiangMatrix(p *Paper[[]string], t *Table, readings []string) (*Matrix, error) {
	m, err := p.Matrix(t, JiangBy[0])
	if err != nil {
		return nil, err
	}
	out := &Matrix{Column: m.Column, Values: readings, Rows: make([][]Assertion, len(m.Rows))}
	for _, r := range readings {
		v := slices.Index(m.Values, r)
		if v < 0 {
			return nil, fmt.Errorf("%s: no workload ran under reading %q (readings in the table: %s)", p.Name, r, strings.Join(m.Values, ", "))
		}
		for f := range m.Rows {
			out.Rows[f] = append(out.Rows[f], m.Rows[f][v])
		}
	}
	return out, nil
}

// WriteJiang prints a paper's theorem × reading matrix, then the evidence of every cell, then
// the messages each workload sent under each reading (msgs, a table of the workloads).
func WriteJiang(w io.Writer, title string, m *Matrix, t *Table) error {
	fmt.Fprintf(w, "%s\n\n", title)
	if err := WriteMatrix(w, m); err != nil {
		return err
	}
	for _, row := range m.Rows {
		if len(row) == 0 {
			continue
		}
		fmt.Fprintf(w, "\n%s: %s\n      test:  %s\n", row[0].Name, row[0].Claim, row[0].Threshold)
		for v, a := range row {
			fmt.Fprintf(w, "  %s under %s\n", a.Verdict, m.Values[v])
			for _, e := range a.Evidence {
				fmt.Fprintf(w, "      %s\n", e)
			}
		}
	}
	fmt.Fprintf(w, "\nmessages sent per workload and reading\n")
	return writeJiangMessages(w, m.Values, t)
}

// writeJiangMessages prints one line per workload, one column per reading; the random
// workloads share one line, their total.
func writeJiangMessages(w io.Writer, readings []string, t *Table) error {
	lines := [][]string{append([]string{"workload"}, readings...)}
	var order []string
	seen := map[string]bool{}
	random := make([]float64, len(readings))
	nRandom := 0
	for i := range t.Len() {
		key, _, _ := t.Group(i)
		wl := key[1]
		if seen[wl] {
			continue
		}
		seen[wl] = true
		if !strings.HasPrefix(wl, "random-") {
			order = append(order, wl)
			continue
		}
		nRandom++
		for r, name := range readings {
			s, _ := t.Lookup("msgs", name, wl)
			random[r] += s.Mean
		}
	}
	for _, wl := range order {
		line := []string{wl}
		for _, r := range readings {
			s, ok := t.Lookup("msgs", r, wl)
			line = append(line, map[bool]string{true: fmt.Sprintf("%g", s.Mean), false: "-"}[ok])
		}
		lines = append(lines, line)
	}
	if nRandom > 0 {
		line := []string{fmt.Sprintf("random workloads (%d, total)", nRandom)}
		for r := range readings {
			line = append(line, fmt.Sprintf("%g", random[r]))
		}
		lines = append(lines, line)
	}
	return writeAligned(w, lines)
}
