package analysis

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/kernel"
	"github.com/mutexlab/mutexlab/results/columns"
)

// routeTable is a table of RR's route lengths at 20% and 80% connectivity in every cell of
// Tables 1 and 2, three replicates each: 1 hop at 80%, and at 20% the given length ±1%.
func routeTable(at20 float64, metrics []string) *Table {
	t := NewSampledTable(walter2001By, metrics)
	for _, l := range Walter2001Loads {
		for _, m := range Walter2001Mobilities {
			for _, c := range []float64{0.2, 0.8} {
				for rep := range 3 {
					route := 1.0
					if c == 0.2 {
						route = at20 * (1 + 0.01*float64(rep-1))
					}
					t.Add([]string{"rr", FormatValue(l), FormatValue(m), FormatValue(c)}, []float64{5, 5, route}[:len(metrics)])
				}
			}
		}
	}
	return t
}

func routeVerdict(t *Table) Assertion {
	for _, a := range CheckWalter2001(t) {
		if a.Name == "rr-route-length-doubles-from-80-to-20" {
			return a
		}
	}
	panic("no route-length finding")
}

// The route-length finding: "roughly doubled" is a ratio in [1.5, 2.5] in every cell; a
// ratio outside fails with the numbers, one whose interval holds a bound is inconclusive;
// data without RR's route length is SKIP, saying so.
func TestRouteLengthFinding(t *testing.T) {
	withRoute := append(slices.Clone(walter2001Metrics), routeMetric)
	for _, c := range []struct {
		at20 float64
		want Verdict
	}{{2, Pass}, {1.6, Pass}, {2.4, Pass}, {1.5, Inconclusive}, {2.5, Inconclusive}, {1.2, Fail}, {3, Fail}} {
		a := routeVerdict(routeTable(c.at20, withRoute))
		if a.Verdict != c.want || a.Compared != 6 {
			t.Errorf("ratio %g: %s %d/%d, want %s over 6 cells\n%s", c.at20, a.Verdict, a.Held, a.Compared, c.want, strings.Join(a.Evidence, "\n"))
		}
		if c.want == Fail && !strings.Contains(strings.Join(a.Evidence, "\n"), "FAIL         load=1 zero mobility") {
			t.Errorf("ratio %g: failure without its numbers: %v", c.at20, a.Evidence)
		}
	}
	a := routeVerdict(routeTable(2, walter2001Metrics))
	if a.Verdict != Skip || !strings.Contains(strings.Join(a.Evidence, " "), "route_len_mean") {
		t.Errorf("no route metric: %s %v, want SKIP naming route_len_mean", a.Verdict, a.Evidence)
	}
	// What a user reads describes the data, not the project's history.
	if text := strings.Join(a.Evidence, " "); strings.Contains(text, "issue") || strings.Contains(text, "session") {
		t.Errorf("no route metric: evidence %q speaks of the project's history", text)
	}
}

// readingTrials makes the trials of a small study: RL and RR at the cells of Tables 1 and
// 2, one replicate, under the readings given; mobile results depend on the reading through
// mobileWait, static ones do not.
func readingTrials(readings []Walter2001Reading, mobileWait func(r Walter2001Reading) float64) []columns.Trial {
	var out []columns.Trial
	for _, r := range readings {
		for _, alg := range Walter2001Algorithms {
			for _, l := range Walter2001Loads {
				for _, m := range Walter2001Mobilities {
					for _, c := range Walter2001Connectivity {
						wait := 10.0
						if m > 0 {
							wait = mobileWait(r)
						}
						tr := trial(alg, c, l, m, uint64(1000*l+100*m+c*10), wait, 20)
						setReading(tr.Params, r)
						out = append(out, tr)
					}
				}
			}
		}
	}
	return out
}

func setReading(p *kernel.Params, r Walter2001Reading) {
	for k, v := range []string{r.Rate, r.Formation, r.NoDeletion} {
		rd := kernel.Readings()[k]
		if err := rd.Set(p, v); err != nil {
			panic(err)
		}
	}
}

func letter(l string) Walter2001Reading {
	i := slices.IndexFunc(Walter2001Readings, func(r Walter2001Reading) bool { return r.Letter == l })
	return Walter2001Readings[i]
}

// A file of several readings: each row gets its letter, the matrix has one column per
// reading, a reading that repeats another trial for trial says so, and the static trials
// are checked to agree under every reading.
func TestReadingsStudy(t *testing.T) {
	rs := []Walter2001Reading{letter("A"), letter("F"), letter("G")}
	trials := readingTrials(rs, func(r Walter2001Reading) float64 {
		if r.Letter == "F" {
			return 30
		}
		return 12 // A and G alike
	})
	d, err := LoadWalter2001([]string{writeTrials(t, trials)})
	if err != nil {
		t.Fatal(err)
	}
	if got := d.Column(Walter2001ReadingColumn).Str; got[0] != "A" || !slices.Contains(got, "F") || !slices.Contains(got, "G") {
		t.Fatalf("letters %v", got[:5])
	}
	notes := strings.Join(Walter2001Repeats(d), "\n")
	if !strings.Contains(notes, "reading G repeats A in all 16 mobile trials") || strings.Contains(notes, "F repeats") ||
		!strings.Contains(notes, "static trials (mobility 0) agree under every reading") {
		t.Errorf("notes:\n%s", notes)
	}
	d, p, err := Walter2001Verdicts(d.Files)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := WriteWalter2001Split(&b, d, p); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{"finding \\ reading", "F (per-node/any-pair/form)", "== Reading G (network/absent/form)", "Table 1:", "Findings of section 6 under reading F:"} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
}

// Static trials that differ between readings are a bug, and the report says so.
func TestReadingsStaticDisagreement(t *testing.T) {
	trials := readingTrials([]Walter2001Reading{letter("A"), letter("B")}, func(Walter2001Reading) float64 { return 12 })
	for i := range trials {
		if trials[i].Params.MobilityRate == kernel.RatePerNode && trials[i].Params.Mobility == 0 {
			trials[i].Result.WaitMean++
			break
		}
	}
	d, err := LoadWalter2001([]string{writeTrials(t, trials)})
	if err != nil {
		t.Fatal(err)
	}
	if notes := strings.Join(Walter2001Repeats(d), "\n"); !strings.Contains(notes, "1 of 8 repeated static trials DIFFER") {
		t.Errorf("notes:\n%s", notes)
	}
}
