package analysis

import (
	"fmt"
	"math"
	"strings"
)

// Measurement warnings: the kernel flags a trial whose measurement window may not describe
// the steady state. warmup_too_short = true says the MSER-5 truncation point of the trial's
// waits lies beyond the warm-up, so the window measured part of the initial transient;
// wait_stable = false says the window's two halves disagree on the mean wait beyond their
// batch-means intervals, a window still drifting or too short. A mean over such trials is
// still computed, but a table cell or a verdict resting on them is marked, with the flag to
// change.

// FlagColumns are the columns the flags are counted from; a Dataset holding them (Load them
// where the file has them) gives every aggregated group its Flags.
var FlagColumns = []string{"warmup_too_short", "wait_stable", "warmup_mser_cut"}

// Flags counts the flagged trials of a group (or of a whole table).
type Flags struct {
	Trials      int     // trials counted
	Flagged     int     // trials with either flag
	WarmupShort int     // warmup_too_short = true
	Unstable    int     // wait_stable = false
	MaxCut      float64 // the largest warmup_mser_cut (CS entries) of a WarmupShort trial; 0 if none
}

// Any reports whether some trial is flagged.
func (f Flags) Any() bool { return f.Flagged > 0 }

// Plus adds the counts of o to f.
func (f Flags) Plus(o Flags) Flags {
	return Flags{Trials: f.Trials + o.Trials, Flagged: f.Flagged + o.Flagged, WarmupShort: f.WarmupShort + o.WarmupShort,
		Unstable: f.Unstable + o.Unstable, MaxCut: math.Max(f.MaxCut, o.MaxCut)}
}

// String is the short form an evidence line shows: "2 warm-up too short, 1 unstable of 6
// trials" ("" when none is flagged).
func (f Flags) String() string {
	if !f.Any() {
		return ""
	}
	return f.counts("warm-up too short") + fmt.Sprintf(" of %d trials", f.Trials)
}

// FlagCell is a table row's "flagged trials" cell: "2 warm-up, 1 unstable", or "none".
func FlagCell(f Flags) string {
	if !f.Any() {
		return "none"
	}
	return f.counts("warm-up")
}

// counts lists the flags present: "2 SHORT, 1 unstable".
func (f Flags) counts(short string) string {
	var parts []string
	if f.WarmupShort > 0 {
		parts = append(parts, fmt.Sprintf("%d %s", f.WarmupShort, short))
	}
	if f.Unstable > 0 {
		parts = append(parts, fmt.Sprintf("%d unstable", f.Unstable))
	}
	return strings.Join(parts, ", ")
}

// Among is the sentence a finding ends with: "of the 144 trials compared, 41 had a warm-up
// too short, 17 an unstable window".
func (f Flags) Among() string {
	var parts []string
	verb := "had "
	if f.WarmupShort > 0 {
		parts = append(parts, fmt.Sprintf("%d %sa warm-up too short", f.WarmupShort, verb))
		verb = ""
	}
	if f.Unstable > 0 {
		parts = append(parts, fmt.Sprintf("%d %san unstable window", f.Unstable, verb))
	}
	return fmt.Sprintf("of the %d trials compared, %s", f.Trials, strings.Join(parts, ", "))
}

// Advice says, one line per kind of flag, how many trials have it and what to change: the
// bench run flag and the sweep spec key that lengthen the warm-up or the window.
func (f Flags) Advice() []string {
	var out []string
	if f.WarmupShort > 0 {
		out = append(out, fmt.Sprintf("%d of %d trials have warmup_too_short = true: their warm-up ended before the initial transient did (MSER-5 cut up to %.0f CS entries), so the window measured part of it; raise the warm-up above the cut (bench run --warmup N, or warmup = N under [params] of a sweep spec), or let the kernel extend it until MSER-5 finds the transient over (--set warmup_rule=mser5, or warmup_rule = \"mser5\")",
			f.WarmupShort, f.Trials, f.MaxCut))
	}
	if f.Unstable > 0 {
		out = append(out, fmt.Sprintf("%d of %d trials have wait_stable = false: the two halves of their measurement window disagree on the mean wait beyond their confidence intervals (a window still drifting, or too short); measure longer (bench run --measure N, or measure = N under [params] of a sweep spec)",
			f.Unstable, f.Trials))
	}
	return out
}

// Flags returns the counts over every group of the table.
func (t *Table) Flags() Flags {
	var f Flags
	for _, g := range t.order {
		f = f.Plus(g.flags)
	}
	return f
}

// GroupFlags returns the counts of group i, in the table's current order.
func (t *Table) GroupFlags(i int) Flags { return t.order[i].flags }

// countFlags counts the flagged trials of each group (groups[ids[r]] is row r's), where d
// holds the flag columns; flagsCounted records that it did.
func (t *Table) countFlags(d *Dataset, ids []int, groups []*group) {
	short, stable, cut := d.cols["warmup_too_short"], d.cols["wait_stable"], d.cols["warmup_mser_cut"]
	if short == nil && stable == nil {
		return
	}
	t.flagsCounted = true
	for r, id := range ids {
		f := &groups[id].flags
		f.Trials++
		isShort := short != nil && short.Str != nil && short.Str[r] == "true"
		isUnstable := stable != nil && stable.Str != nil && stable.Str[r] == "false"
		if isShort {
			f.WarmupShort++
			if cut != nil && cut.Num != nil && !math.IsNaN(cut.Num[r]) {
				f.MaxCut = math.Max(f.MaxCut, cut.Num[r])
			}
		}
		if isUnstable {
			f.Unstable++
		}
		if isShort || isUnstable {
			f.Flagged++
		}
	}
}

// CountFlags counts the flagged trials of the whole of d (zero Flags when d lacks
// FlagColumns).
func CountFlags(d *Dataset) Flags {
	t := NewTable(nil, nil)
	g := &group{}
	t.countFlags(d, make([]int, d.Rows()), []*group{g})
	return g.flags
}
