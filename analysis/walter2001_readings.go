package analysis

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/mutexlab/mutexlab/kernel"
)

// The readings study: section 6's findings checked under each reading of the walter model
// (kernel.Readings: mobility_rate, link_formation, no_deletion), as the walter2001-readings
// preset runs them. A results file records the three readings per row; here each
// combination gets a one-letter name, the column Walter2001ReadingColumn, so that a table
// can be split by it (Paper.Matrix) and a matrix column stays narrow.

// Walter2001Reading is one combination of the walter model's readings and its letter.
type Walter2001Reading struct {
	Letter                      string
	Rate, Formation, NoDeletion string // values of mobility_rate, link_formation, no_deletion
}

func (r Walter2001Reading) String() string { return r.Rate + "/" + r.Formation + "/" + r.NoDeletion }

// Walter2001Readings letters the 2 × 2 × 2 combinations as docs/model.md does: A is the
// default, B..G the readings of its study, H the remaining one.
var Walter2001Readings = []Walter2001Reading{
	{"A", "network", "absent", "skip"},
	{"B", "per-node", "absent", "skip"},
	{"C", "network", "any-pair", "skip"},
	{"D", "network", "any-pair", "form"},
	{"E", "per-node", "any-pair", "skip"},
	{"F", "per-node", "any-pair", "form"},
	{"G", "network", "absent", "form"},
	{"H", "per-node", "absent", "form"},
}

// Walter2001ReadingColumn is the derived column holding a row's reading letter.
const Walter2001ReadingColumn = "reading"

// walter2001ReadingKeys are the readings' columns, in Walter2001Reading field order.
var walter2001ReadingKeys = []string{kernel.KeyMobilityRate, kernel.KeyLinkFormation, kernel.KeyNoDeletion}

// routeMetric is RR's route length, the metric of the route-length finding.
const routeMetric = "route_len_mean"

// ReadingLetter returns the letter of a combination of readings, or the three values
// joined by "/" for one the study does not letter (a null reading, a new value).
func ReadingLetter(rate, formation, noDeletion string) string {
	for _, r := range Walter2001Readings {
		if r.Rate == rate && r.Formation == formation && r.NoDeletion == noDeletion {
			return r.Letter
		}
	}
	return rate + "/" + formation + "/" + noDeletion
}

// ReadingName describes a reading letter for a legend: "A (network/absent/skip)".
func ReadingName(letter string) string {
	for _, r := range Walter2001Readings {
		if r.Letter == letter {
			return letter + " (" + r.String() + ")"
		}
	}
	return letter
}

// walter2001Optional are columns LoadWalter2001 reads when the files have them.
var walter2001Optional = slices.Concat(walter2001ReadingKeys, FlagColumns, []string{routeMetric, "seed", "trial", "cs_entries", "link_changes", "link_changes_skipped", "links_mean"})

// LoadWalter2001 reads what the paper comparison needs from files (Walter2001Columns, and
// the readings, RR's route length, the seed and replicate, the measurement flags and the
// link diagnostics where the first file has them) and adds the column Walter2001ReadingColumn. Files written before the readings
// existed ran under the default ones: their rows are reading A.
func LoadWalter2001(files []string) (*Dataset, error) {
	first, err := Load(files[:1], nil)
	if err != nil {
		return nil, err
	}
	need := Walter2001Columns()
	for _, c := range walter2001Optional {
		if slices.Contains(first.Available, c) {
			need = append(need, c)
		}
	}
	d, err := Load(files, need)
	if err != nil {
		return nil, err
	}
	letters := make([]string, d.Rows())
	for r := range letters {
		v := []string{"network", "absent", "skip"}
		for k, key := range walter2001ReadingKeys {
			if c := d.Column(key); c != nil {
				v[k] = c.Text(r)
			}
		}
		letters[r] = ReadingLetter(v[0], v[1], v[2])
	}
	d.cols[Walter2001ReadingColumn] = &Column{Name: Walter2001ReadingColumn, Str: letters}
	return d, nil
}

// Walter2001ReadingsTable aggregates d (from LoadWalter2001) by the paper's axes and the
// reading: the table Walter2001.Matrix splits by Walter2001ReadingColumn.
func Walter2001ReadingsTable(d *Dataset) (*Table, error) {
	return AggregateReplicates(d, append(slices.Clone(walter2001By), Walter2001ReadingColumn), walter2001MetricsOf(d))
}

// WriteWalter2001Split prints the findings checked per value of p.Split: for readings of the
// network model (the walter2001-readings preset) the readings present and which of them
// repeat another trial for trial, then the matrix of findings × values, the network under
// each reading, and per value Tables 1 and 2 and every finding with its numbers.
func WriteWalter2001Split(w io.Writer, d *Dataset, p *PaperVerdicts) error {
	m := p.Matrix()
	readings := p.Split == Walter2001ReadingColumn
	name := func(v string) string { return p.Split + " = " + v }
	under := func(v string) string { return "at " + name(v) }
	if readings {
		name = func(v string) string { return "Reading " + ReadingName(v) }
		under = func(v string) string { return "under reading " + v }
		fmt.Fprintln(w, "Readings (mobility_rate/link_formation/no_deletion; docs/model.md):")
		for _, v := range m.Values {
			fmt.Fprintf(w, "  %s\n", ReadingName(v))
		}
		for _, n := range Walter2001Repeats(d) {
			fmt.Fprintf(w, "  note: %s\n", n)
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "Findings of section 6 for each value of %s (verdict, comparisons held/made; numbers below):\n", p.Split)
	if err := WriteMatrix(w, m); err != nil {
		return err
	}
	if readings {
		fmt.Fprintln(w)
		if err := WriteWalter2001Network(w, d); err != nil {
			return err
		}
	}
	for i, v := range m.Values {
		fmt.Fprintf(w, "\n== %s\n\n", name(v))
		if err := WriteWalter2001Cells(w, p.Tables[i]); err != nil {
			fmt.Fprintf(w, "note: %v\n\n", err)
		}
		fmt.Fprintf(w, "Findings of section 6 %s:\n", under(v))
		if err := WriteAssertions(w, p.Checks[i]); err != nil {
			return err
		}
	}
	return nil
}

// trialKey identifies a trial across readings: its algorithm, seed and the paper's axes (the
// readings are out of the seed, so a trial under each reading has the same key).
func trialKey(d *Dataset, r int) string {
	parts := []string{d.Column("algorithm").Text(r), d.Column("seed").Text(r)}
	for _, c := range walter2001By[1:] {
		parts = append(parts, d.Column(c).Text(r))
	}
	return strings.Join(parts, " ")
}

// Walter2001Repeats compares the readings trial by trial (same seed and point): it says
// whether the static trials agree under every reading, as they must, and names each reading
// whose mobile trials all repeat an earlier reading's exactly (wait and messages bit for
// bit), so a reading that had no effect on this grid says so. Nothing without a seed column.
func Walter2001Repeats(d *Dataset) []string {
	if d.Column("seed") == nil || d.Column(Walter2001ReadingColumn) == nil {
		return nil
	}
	byReading := map[string]map[string]trialObs{} // reading -> trial key -> result
	var order []string
	staticDiffer, statics := 0, 0
	staticSeen := map[string]trialObs{}
	wait, msgs, mob := d.Column("wait_mean").Num, d.Column("msgs_per_cs").Num, d.Column("mobility").Num
	for r := range d.Rows() {
		letter, key, o := d.Column(Walter2001ReadingColumn).Str[r], trialKey(d, r), trialObs{wait[r], msgs[r]}
		if mob[r] == 0 {
			if prev, ok := staticSeen[key]; ok {
				statics++
				if !prev.same(o) {
					staticDiffer++
				}
			} else {
				staticSeen[key] = o
			}
			continue
		}
		if byReading[letter] == nil {
			byReading[letter] = map[string]trialObs{}
			order = append(order, letter)
		}
		byReading[letter][key] = o
	}
	slices.Sort(order)
	var notes []string
	if statics > 0 {
		if staticDiffer == 0 {
			notes = append(notes, fmt.Sprintf("the static trials (mobility 0) agree under every reading, as they must (%d repeated trials)", statics))
		} else {
			notes = append(notes, fmt.Sprintf("%d of %d repeated static trials DIFFER between readings, which have no effect without mobility: a bug to report", staticDiffer, statics))
		}
	}
	for j, b := range order {
		for _, a := range order[:j] {
			if sameTrials(byReading[a], byReading[b]) {
				notes = append(notes, fmt.Sprintf("reading %s repeats %s in all %d mobile trials: the readings they differ in had no effect here", b, a, len(byReading[b])))
				break
			}
		}
	}
	return notes
}

// trialObs is what Walter2001Repeats compares of a trial.
type trialObs struct{ wait, msgs float64 }

// same compares two trials' results bit for bit (null equal to null: nothing measured).
func (a trialObs) same(b trialObs) bool {
	eq := func(x, y float64) bool { return x == y || math.IsNaN(x) && math.IsNaN(y) }
	return eq(a.wait, b.wait) && eq(a.msgs, b.msgs)
}

// sameTrials reports whether a and b hold the same trials with the same results.
func sameTrials(a, b map[string]trialObs) bool {
	if len(a) != len(b) {
		return false
	}
	for k, x := range a {
		if y, ok := b[k]; !ok || !x.same(y) {
			return false
		}
	}
	return true
}

// WriteWalter2001Network prints what each reading does to the network at high mobility
// (λ_mob = 0.1), from the link diagnostics: the time-average number of links at 20% and
// 80% connectivity, the link changes per measured CS entry that took effect and that were
// skipped, and how many mobile trials had no change take effect in their window
// (static_despite_mobility). Nothing for files without the diagnostics.
func WriteWalter2001Network(w io.Writer, d *Dataset) error {
	for _, c := range []string{"links_mean", "link_changes", "link_changes_skipped", "cs_entries"} {
		if d.Column(c) == nil {
			return nil
		}
	}
	type cell struct{ links, changes, skipped Acc }
	cells := map[string]*cell{} // reading, load, connectivity at λ_mob = 0.1
	frozen, mobile := map[string]int{}, map[string]int{}
	var letters []string
	col := func(n string) []float64 { return d.Column(n).Num }
	mob, load, conn, entries := col("mobility"), col("load"), col("connectivity"), col("cs_entries")
	for r := range d.Rows() {
		letter := d.Column(Walter2001ReadingColumn).Str[r]
		if mob[r] == 0 {
			continue
		}
		if !slices.Contains(letters, letter) {
			letters = append(letters, letter)
		}
		mobile[letter]++
		if col("link_changes")[r] == 0 {
			frozen[letter]++
		}
		if mob[r] != 0.1 || entries[r] == 0 {
			continue
		}
		k := fmt.Sprintf("%s %g %g", letter, load[r], conn[r])
		if cells[k] == nil {
			cells[k] = &cell{}
		}
		cells[k].links.Add(col("links_mean")[r])
		cells[k].changes.Add(col("link_changes")[r] / entries[r])
		cells[k].skipped.Add(col("link_changes_skipped")[r] / entries[r])
	}
	slices.Sort(letters)
	get := func(letter string, l, c float64, f func(*cell) *Acc) string {
		if x := cells[fmt.Sprintf("%s %g %g", letter, l, c)]; x != nil {
			return fmt.Sprintf("%.3g", f(x).Stat().Mean)
		}
		return "-"
	}
	links := func(x *cell) *Acc { return &x.links }
	changes := func(x *cell) *Acc { return &x.changes }
	skipped := func(x *cell) *Acc { return &x.skipped }
	lines := [][]string{{"reading", "links 20% @1e-3, @1", "links 80% @1e-3, @1", "changes/entry 20% @1e-3, @1", "skipped/entry 20% @1e-3, @1", "mobile windows with no change"}}
	for _, l := range letters {
		lines = append(lines, []string{ReadingName(l),
			get(l, 1e-3, 0.2, links) + ", " + get(l, 1, 0.2, links), get(l, 1e-3, 0.8, links) + ", " + get(l, 1, 0.8, links),
			get(l, 1e-3, 0.2, changes) + ", " + get(l, 1, 0.2, changes), get(l, 1e-3, 0.2, skipped) + ", " + get(l, 1, 0.2, skipped),
			fmt.Sprintf("%d / %d", frozen[l], mobile[l])})
	}
	fmt.Fprintln(w, "The network under each reading at λ_mob = 0.1 (means over trials; links: time-average over the measurement window):")
	return writeAligned(w, lines)
}
