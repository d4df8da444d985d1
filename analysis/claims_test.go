package analysis

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"
)

// flatRRModel is paperModel with RR's wait flat (1000) everywhere.
func flatRRModel(metric, alg string, load, mob, conn float64) float64 {
	if metric == "wait_mean" && alg == "rr" {
		return 1000
	}
	return paperModel(metric, alg, load, mob, conn)
}

// readingTable is the synthetic walter2001 table twice, under a column "reading": "paper"
// follows the paper's findings, "flat-rr" makes RR's wait flat in connectivity.
func readingTable() *Table {
	t := NewSampledTable(append([]string{"reading"}, walter2001By...), walter2001Metrics)
	for _, r := range []struct {
		name string
		m    model
	}{{"paper", paperModel}, {"flat-rr", flatRRModel}} {
		sub := syntheticTable(r.m)
		for i := range sub.Len() {
			key, _, _ := sub.Group(i)
			g := sub.order[i]
			ng := &group{key: append([]string{r.name}, key...), accs: g.accs, reps: g.reps, vals: g.vals, repSet: g.repSet}
			ng.nums = parseKey(ng.key)
			t.groups[strings.Join(ng.key, "\x00")] = ng
			t.order = append(t.order, ng)
		}
	}
	return t
}

// TestMatrixPerReading: the findings checked per value of a column give, in each column of
// the matrix, exactly the verdicts of the findings checked on that subset alone.
func TestMatrixPerReading(t *testing.T) {
	m, err := Walter2001.Matrix(readingTable(), "reading")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(m.Values, ",") != "flat-rr,paper" {
		t.Fatalf("columns %v, want flat-rr, paper (sorted)", m.Values)
	}
	alone := map[string][]Assertion{"paper": CheckWalter2001(syntheticTable(paperModel))}
	for f, row := range m.Rows {
		if len(row) != 2 {
			t.Fatalf("finding %d: %d cells, want 2", f, len(row))
		}
		if a, b := row[1], alone["paper"][f]; a.Verdict != b.Verdict || a.Held != b.Held || a.Compared != b.Compared {
			t.Errorf("%s under paper: %s %d/%d in the matrix, %s %d/%d alone", a.Name, a.Verdict, a.Held, a.Compared, b.Verdict, b.Held, b.Compared)
		}
	}
	var b bytes.Buffer
	if err := WriteMatrix(&b, m); err != nil {
		t.Fatal(err)
	}
	var line string
	for _, l := range strings.Split(b.String(), "\n") {
		if strings.HasPrefix(l, "rr-wait-falls-with-connectivity ") {
			line = l
		}
	}
	if f := strings.Fields(line); len(f) != 5 || f[1] != "FAIL" || f[2] != "0/24" || f[3] != "PASS" || f[4] != "24/24" {
		t.Fatalf("rr-wait-falls-with-connectivity row %q, want FAIL 0/24 under flat-rr and PASS 24/24 under paper (4 loads × 3 mobilities × 2 connectivity pairs)\n%s", line, b.String())
	}
	if _, err := Walter2001.Matrix(readingTable(), "speed"); err == nil || !strings.Contains(err.Error(), "reading, algorithm") {
		t.Fatalf("split by an absent column: %v", err)
	}
}

// TestCheckCounts: Expect and Quiet count comparisons, Quiet shows only failures, and a
// lookup of an absent group makes the finding SKIP with the group named.
func TestCheckCounts(t *testing.T) {
	tab := NewTable([]string{"algorithm", "n"}, []string{"wait"})
	tab.Add([]string{"a", "1"}, []float64{2})
	c := &Check{t: tab}
	c.Quiet(true, "hidden")
	c.Expect(true, "shown %d", 1)
	if a := c.done(); a.Verdict != Pass || a.Held != 2 || a.Compared != 2 || len(a.Evidence) != 1 || a.Evidence[0] != "PASS         shown 1" {
		t.Fatalf("%+v", a)
	}
	c = &Check{t: tab}
	c.Quiet(false, "broken %g", 2.5)
	if _, ok := c.Mean("wait", "b", 3.0); ok {
		t.Fatal("absent group found")
	}
	// A failed comparison stands whatever else is missing: FAIL, naming what was not checked.
	if a := c.done(); a.Verdict != Fail || a.Compared != 1 || a.Held != 0 || a.Evidence[0] != "FAIL         broken 2.5" || a.Evidence[1] != "             not checked, no data for: b n=3" {
		t.Fatalf("%+v", a)
	}
	// Under a SKIP no comparison line is shown, only what is missing and a count.
	c = &Check{t: tab}
	c.Expect(true, "held")
	c.Mean("wait", "b", 3.0)
	if a := c.done(); a.Verdict != Skip || len(a.Evidence) != 2 || strings.Contains(strings.Join(a.Evidence, "\n"), "held") {
		t.Fatalf("%+v", a)
	}
}

// A new paper's findings are a new Paper value: a view of the table and one small function
// per finding. Here one finding: algorithm a waits less than b at every n.
func ExamplePaper() {
	type view struct{ ns []float64 }
	paper := &Paper[view]{
		Name: "example",
		View: func(t *Table) view { return view{ns: columnValues(t, 1)} },
		Findings: []Finding[view]{{
			Name:  "a-waits-less-than-b",
			Claim: "a has a lower mean wait than b at every size (Section 4)",
			Test: func(c *Check, v view) {
				c.Test("mean wait a < b at every n")
				for _, n := range v.ns {
					a, ok1 := c.Mean("wait", "a", n)
					b, ok2 := c.Mean("wait", "b", n)
					if ok1 && ok2 {
						c.Expect(a < b, "n=%g: %.3g < %.3g", n, a, b)
					}
				}
			},
		}},
	}
	t := NewTable([]string{"algorithm", "n"}, []string{"wait"})
	for _, r := range []struct {
		alg, n string
		wait   float64
	}{{"a", "10", 1}, {"b", "10", 2}, {"a", "20", 3}, {"b", "20", 2.5}} {
		t.Add([]string{r.alg, r.n}, []float64{r.wait})
	}
	if err := WriteAssertions(os.Stdout, paper.Check(t)); err != nil {
		fmt.Println(err)
	}
	// Output:
	// FAIL  a-waits-less-than-b
	//       claim: a has a lower mean wait than b at every size (Section 4)
	//       test:  mean wait a < b at every n
	//       PASS         n=10: 1 < 2
	//       FAIL         n=20: 3 < 2.5
	//
	// 0 PASS, 1 FAIL, 0 INCONCLUSIVE, 0 SKIP of 1 findings
}
