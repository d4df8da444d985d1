package analysis

import (
	"fmt"
	"math"
	"strings"
)

// Measurement warnings: the kernel flags a trial whose measurement window may not describe
// the steady state. warmup_too_short = true says the MSER-5 truncation point of the trial's
// waits (warmup_mser_cut) lies beyond the warm-up. That means two different things, told
// apart here from the length of the series MSER-5 was given (warmup_entries + cs_entries):
// when the cut lies in the series' first half, MSER-5 trusts it (White's condition, the one
// kernel/stats applies), the transient ended there, and the window measured part of it;
// when it lies in the second half, MSER-5 found no steady state in the series at all
// (typically a saturated or drifting trial), and no warm-up would help: only a longer series
// can show whether the trial settles. wait_stable = false says the window's two halves
// disagree on the mean wait beyond their batch-means intervals, a window still drifting or
// too short. A mean over such trials is still computed, but a table cell or a verdict
// resting on them is marked, with the flag to change.

// FlagColumns are the columns the flags are counted from; a Dataset holding them (Load them
// where the file has them) gives every aggregated group its Flags. Without warmup_entries
// and cs_entries the cut cannot be placed in its series, and every warmup_too_short trial
// counts as a warm-up too short.
var FlagColumns = []string{"warmup_too_short", "wait_stable", "warmup_mser_cut", "warmup_entries", "cs_entries"}

// Flags counts the flagged trials of a group (or of a whole table).
type Flags struct {
	Trials      int     // trials counted
	Flagged     int     // trials with any flag
	WarmupShort int     // warmup_too_short = true with a cut MSER-5 trusts: the warm-up ended inside the transient
	NoSteady    int     // warmup_too_short = true with the cut in the series' second half: no steady state detected
	Unstable    int     // wait_stable = false
	MaxCut      float64 // the largest warmup_mser_cut (CS entries) of a WarmupShort trial; 0 if none
}

// Any reports whether some trial is flagged.
func (f Flags) Any() bool { return f.Flagged > 0 }

// Plus adds the counts of o to f.
func (f Flags) Plus(o Flags) Flags {
	return Flags{Trials: f.Trials + o.Trials, Flagged: f.Flagged + o.Flagged, WarmupShort: f.WarmupShort + o.WarmupShort,
		NoSteady: f.NoSteady + o.NoSteady, Unstable: f.Unstable + o.Unstable, MaxCut: math.Max(f.MaxCut, o.MaxCut)}
}

// String is the short form an evidence line shows: "2 warm-up too short, 1 no steady state,
// 1 unstable of 6 trials" ("" when none is flagged).
func (f Flags) String() string {
	if !f.Any() {
		return ""
	}
	return f.counts("warm-up too short") + fmt.Sprintf(" of %d trials", f.Trials)
}

// FlagCell is a table row's "flagged trials" cell: "2 warm-up, 1 no steady, 1 unstable", or
// "none".
func FlagCell(f Flags) string {
	if !f.Any() {
		return "none"
	}
	return f.counts("warm-up")
}

// counts lists the flags present: "2 SHORT, 1 no steady state, 1 unstable".
func (f Flags) counts(short string) string {
	var parts []string
	if f.WarmupShort > 0 {
		parts = append(parts, fmt.Sprintf("%d %s", f.WarmupShort, short))
	}
	if f.NoSteady > 0 {
		parts = append(parts, fmt.Sprintf("%d no steady state", f.NoSteady))
	}
	if f.Unstable > 0 {
		parts = append(parts, fmt.Sprintf("%d unstable", f.Unstable))
	}
	return strings.Join(parts, ", ")
}

// Among is the sentence a finding ends with: "of the 144 trials compared, 41 had a warm-up
// too short, 3 no steady state detected, 17 an unstable window".
func (f Flags) Among() string {
	var parts []string
	verb := "had "
	if f.WarmupShort > 0 {
		parts = append(parts, fmt.Sprintf("%d %sa warm-up too short", f.WarmupShort, verb))
		verb = ""
	}
	if f.NoSteady > 0 {
		parts = append(parts, fmt.Sprintf("%d %sno steady state detected", f.NoSteady, verb))
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
		out = append(out, fmt.Sprintf("%d of %d trials have a warm-up too short (warmup_too_short = true, with a cut MSER-5 trusts): their warm-up ended before the initial transient did (MSER-5 cut up to %.0f CS entries), so the window measured part of it; raise the warm-up above the cut (bench run --warmup N, or warmup = N under [params] of a sweep spec), or let the kernel extend it until MSER-5 finds the transient over (--set warmup_rule=mser5, or warmup_rule = \"mser5\")",
			f.WarmupShort, f.Trials, f.MaxCut))
	}
	if f.NoSteady > 0 {
		out = append(out, fmt.Sprintf("%d of %d trials have no steady state detected by MSER-5 (cut in the second half of the series, which MSER-5 does not trust; warmup_too_short = true records only that the cut lies beyond the warm-up): the series shows no end of the transient, so raising the warm-up to the cut would leave almost nothing measured; measure a longer window (bench run --measure N, or measure = N under [params] of a sweep spec), so that the series can show a steady state, or that there is none",
			f.NoSteady, f.Trials))
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
	short, stable := d.cols["warmup_too_short"], d.cols["wait_stable"]
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
			if cut, trusted := mserCutOf(d, r); trusted {
				f.WarmupShort++
				f.MaxCut = math.Max(f.MaxCut, cut)
			} else {
				f.NoSteady++
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

// mserCutOf returns row r's warmup_mser_cut (0 when null) and whether MSER-5 trusts it: the
// cut lies in the first half of its series of warmup_entries + cs_entries waits. A row whose
// series length is unknown (a file without those columns) counts as trusted: the flag then
// keeps the meaning the kernel gave it.
func mserCutOf(d *Dataset, r int) (cut float64, trusted bool) {
	c, warm, measured := d.cols["warmup_mser_cut"], d.cols["warmup_entries"], d.cols["cs_entries"]
	if c == nil || c.Num == nil || math.IsNaN(c.Num[r]) {
		return 0, true
	}
	cut = c.Num[r]
	if warm == nil || measured == nil || warm.Num == nil || measured.Num == nil || math.IsNaN(warm.Num[r]) || math.IsNaN(measured.Num[r]) {
		return cut, true
	}
	return cut, MSERTrusted(int64(cut), int64(warm.Num[r]+measured.Num[r]))
}

// The batching of kernel/stats' MSER-5 series (stats.Batches), which decides where the
// "second half" of a series begins: batches of mserBatch observations, merged two by two
// (the batch size doubling) whenever mserMaxBatches are complete and another completes.
const (
	mserBatch      = 5
	mserMaxBatches = 4096
)

// MSERTrusted reports whether an MSER-5 truncation point cut of a series of count
// observations is one the rule trusts, as stats.Batches.MSER decides it: with the series in
// k complete batches of size s (s = 5·2^m, the smallest with count < (mserMaxBatches+1)·s),
// the cut (a multiple of s) is at most ⌊k/2⌋ batches in. A cut beyond is in the series'
// second half: MSER-5 saw no steady state.
func MSERTrusted(cut, count int64) bool {
	size := int64(mserBatch)
	for count >= (mserMaxBatches+1)*size {
		size *= 2
	}
	k := count / size
	return cut/size <= k/2
}

// CountFlags counts the flagged trials of the whole of d (zero Flags when d lacks
// FlagColumns).
func CountFlags(d *Dataset) Flags {
	t := NewTable(nil, nil)
	g := &group{}
	t.countFlags(d, make([]int, d.Rows()), []*group{g})
	return g.flags
}
