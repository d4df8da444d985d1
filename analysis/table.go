package analysis

import (
	"cmp"
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
)

// Table aggregates metrics by group as rows stream in: one Acc per (group, metric), groups
// kept in the order first seen. Memory grows with the number of groups, not of trials.
type Table struct {
	By      []string
	Metrics []string
	groups  map[string]*group
	order   []*group
	sampled bool // keep every trial's values by replicate (NewSampledTable)
	// flagsCounted: the groups' Flags were counted (the data held FlagColumns).
	flagsCounted bool
}

type group struct {
	key    []string
	nums   []float64 // key as numbers (NaN for text), for sorting and lookup
	accs   []Acc
	trials int         // trials in the group, whatever nulls its metrics have
	flags  Flags       // trials with a measurement warning
	reps   []string    // sampled tables: each trial's replicate id, in the order added
	vals   [][]float64 // sampled tables: vals[m][i] is metric m of trial i (NaN: null)
	repSet map[string]bool
}

// NewTable makes a table grouped by the named columns over the named metrics.
func NewTable(by, metrics []string) *Table {
	return &Table{By: by, Metrics: metrics, groups: map[string]*group{}}
}

// NewSampledTable is NewTable keeping, besides the accumulators, every trial's values under
// its replicate id, so that findings can pair trials across groups (Table.Sample). Memory
// grows with the trials: it is for the paper comparisons, not for streaming a sweep.
func NewSampledTable(by, metrics []string) *Table {
	t := NewTable(by, metrics)
	t.sampled = true
	return t
}

// Add adds one trial: its values of the By columns (as text) and of the metrics, NaN for a
// null (left out of that metric's Stat; the trial still counts in the group's Trials). In a
// sampled table its replicate id is its rank among the group's trials (0, 1, ...).
func (t *Table) Add(key []string, values []float64) { t.AddReplicate(key, "", values) }

// AddReplicate is Add naming the trial's replicate: the trials of two groups with the same
// replicate id are paired by Table.Sample's users. An empty rep, or one the group already
// has (files pooled over a parameter, say), becomes unique by its rank in the group.
func (t *Table) AddReplicate(key []string, rep string, values []float64) {
	k := strings.Join(key, "\x00")
	g, ok := t.groups[k]
	if !ok {
		g = &group{key: append([]string(nil), key...), nums: parseKey(key), accs: make([]Acc, len(t.Metrics))}
		if t.sampled {
			g.vals = make([][]float64, len(t.Metrics))
		}
		t.groups[k] = g
		t.order = append(t.order, g)
	}
	g.trials++
	for m, v := range values {
		if !math.IsNaN(v) { // null: not applicable or not measured
			g.accs[m].Add(v)
		}
	}
	if t.sampled {
		g.addSample(rep, values)
	}
}

// Rows returns each group's key and the Stat of every metric, in first-seen order.
func (t *Table) Rows() (keys [][]string, stats [][]Stat) {
	for _, g := range t.order {
		keys = append(keys, g.key)
		row := make([]Stat, len(g.accs))
		for m := range g.accs {
			row[m] = g.accs[m].Stat()
		}
		stats = append(stats, row)
	}
	return keys, stats
}

// WriteText prints the table with aligned columns; each metric is shown as mean ± CI95 half-width.
func (t *Table) WriteText(w io.Writer) error {
	header := append(append([]string{}, t.By...), "trials")
	for _, m := range t.Metrics {
		header = append(header, m+" (±95% CI)")
	}
	flagged := t.Flags().Any()
	if flagged {
		header = append(header, "flagged trials")
	}
	lines := [][]string{header}
	keys, stats := t.Rows()
	for r, key := range keys {
		n := t.order[r].trials
		line := append(slices.Clone(key), strconv.Itoa(n))
		for _, s := range stats[r] {
			line = append(line, FormatCell(s, n))
		}
		if flagged {
			line = append(line, FlagCell(t.order[r].flags))
		}
		lines = append(lines, line)
	}
	return writeAligned(w, lines)
}

// Missing is what the text, Markdown and LaTeX tables print where no trial of the group
// had a value (every one was null); CSV leaves such a cell empty.
const Missing = "-"

// FormatCell renders a metric's Stat in a group of trials trials: FormatStat, followed by
// "(n=K)" when only K < trials of them had a value (the rest were null), and Missing when
// none had.
func FormatCell(s Stat, trials int) string {
	if s.N == 0 || math.IsNaN(s.Mean) {
		return Missing
	}
	if s.N < trials {
		return fmt.Sprintf("%s (n=%d)", FormatStat(s), s.N)
	}
	return FormatStat(s)
}

// writeAligned prints lines as left-aligned columns separated by at least two spaces
// (text/tabwriter; the last cell of a line is never padded, so no line ends in spaces).
func writeAligned(w io.Writer, lines [][]string) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, l := range lines {
		if _, err := fmt.Fprintln(tw, strings.Join(l, "\t")); err != nil {
			return err
		}
	}
	return tw.Flush()
}

// FormatStat renders "mean ± half-width" with 4 significant digits ("mean" alone for one
// trial, Missing for none).
func FormatStat(s Stat) string {
	if math.IsNaN(s.Mean) {
		return Missing
	}
	if math.IsNaN(s.CI95) {
		return fmt.Sprintf("%.4g", s.Mean)
	}
	return fmt.Sprintf("%.4g ± %.2g", s.Mean, s.CI95)
}

func parseKey(key []string) []float64 {
	nums := make([]float64, len(key))
	for i, k := range key {
		v, err := strconv.ParseFloat(k, 64)
		if err != nil {
			v = math.NaN()
		}
		nums[i] = v
	}
	return nums
}

// compareKeys orders keys column by column: numbers numerically, before text; text
// alphabetically.
func compareKeys(a, b *group) int {
	for i := range a.key {
		an, bn := a.nums[i], b.nums[i]
		switch {
		case !math.IsNaN(an) && !math.IsNaN(bn):
			if c := cmp.Compare(an, bn); c != 0 {
				return c
			}
		case math.IsNaN(an) != math.IsNaN(bn):
			if math.IsNaN(an) {
				return 1
			}
			return -1
		default:
			if c := strings.Compare(a.key[i], b.key[i]); c != 0 {
				return c
			}
		}
	}
	return 0
}

// Sort orders the groups by key.
func (t *Table) Sort() { slices.SortStableFunc(t.order, compareKeys) }

// Len returns the number of groups.
func (t *Table) Len() int { return len(t.order) }

// Trials returns the number of trials in group i (in the table's current order), counting
// those whose metrics are null: a metric's Stat.N is smaller when some of them are.
func (t *Table) Trials(i int) int { return t.order[i].trials }

// Group returns the key (as text and as numbers, NaN for text) and the metric Stats of
// group i, in the table's current order.
func (t *Table) Group(i int) (key []string, nums []float64, stats []Stat) {
	g := t.order[i]
	stats = make([]Stat, len(g.accs))
	for m := range g.accs {
		stats[m] = g.accs[m].Stat()
	}
	return g.key, g.nums, stats
}

// Lookup returns the Stat of metric for the group whose key matches want: text columns
// exactly, numeric columns within a relative 1e-6. ok is false if no group matches.
func (t *Table) Lookup(metric string, want ...any) (s Stat, ok bool) {
	m := slices.Index(t.Metrics, metric)
	g := t.find(want)
	if m < 0 || g == nil {
		return Stat{N: 0, Mean: math.NaN(), SD: math.NaN(), CI95: math.NaN()}, false
	}
	return g.accs[m].Stat(), true
}

// find returns the group whose key matches want (Lookup's rule), or nil.
func (t *Table) find(want []any) *group {
	if len(want) != len(t.By) {
		return nil
	}
next:
	for _, g := range t.order {
		for i, w := range want {
			switch w := w.(type) {
			case string:
				if g.key[i] != w {
					continue next
				}
			case float64:
				if math.IsNaN(g.nums[i]) || math.Abs(g.nums[i]-w) > 1e-6*math.Max(1e-300, math.Abs(w)) {
					continue next
				}
			default:
				panic(fmt.Sprintf("analysis: Lookup key of type %T", w))
			}
		}
		return g
	}
	return nil
}

// Format is an output format of a table.
type Format string

// The formats Write understands.
const (
	Text     Format = "text"
	CSV      Format = "csv"
	Markdown Format = "markdown"
	LaTeX    Format = "latex"
)

// Formats lists the accepted formats.
var Formats = []Format{Text, CSV, Markdown, LaTeX}

// Write prints the table in the given format. Every format gives the trials of each group.
// Text, Markdown and LaTeX show each metric as mean ± CI95 half-width, followed by "(n=K)"
// when only K of the group's trials had a value, and Missing ("-") when none had; CSV gives
// the mean, sd, ci95 and n of every metric as separate columns, a missing number empty.
func (t *Table) Write(w io.Writer, f Format) error {
	switch f {
	case Text:
		return t.WriteText(w)
	case CSV:
		header := append(slices.Clone(t.By), "trials")
		for _, m := range t.Metrics {
			header = append(header, m+"_mean", m+"_sd", m+"_ci95", m+"_n")
		}
		if t.flagsCounted {
			header = append(header, "warmup_too_short_trials", "no_steady_state_trials", "wait_unstable_trials")
		}
		lines := [][]string{header}
		for i := range t.order {
			key, _, stats := t.Group(i)
			line := append(slices.Clone(key), strconv.Itoa(t.Trials(i)))
			for _, s := range stats {
				line = append(line, num(s.Mean), num(s.SD), num(s.CI95), strconv.Itoa(s.N))
			}
			if t.flagsCounted {
				f := t.order[i].flags
				line = append(line, strconv.Itoa(f.WarmupShort), strconv.Itoa(f.NoSteady), strconv.Itoa(f.Unstable))
			}
			lines = append(lines, line)
		}
		cw := csv.NewWriter(w)
		cw.WriteAll(lines)
		return cw.Error()
	case Markdown, LaTeX:
		header := append(slices.Clone(t.By), "trials")
		for _, m := range t.Metrics {
			header = append(header, m+" (±95% CI)")
		}
		flagged := t.Flags().Any()
		if flagged {
			header = append(header, "flagged trials")
		}
		var body [][]string
		for i := range t.order {
			key, _, stats := t.Group(i)
			line := append(slices.Clone(key), strconv.Itoa(t.Trials(i)))
			for _, s := range stats {
				line = append(line, FormatCell(s, t.Trials(i)))
			}
			if flagged {
				line = append(line, FlagCell(t.order[i].flags))
			}
			body = append(body, line)
		}
		if f == Markdown {
			return writeMarkdown(w, header, body)
		}
		return writeLaTeX(w, header, body, len(t.By))
	}
	return fmt.Errorf("unknown format %q; available: text, csv, markdown, latex", f)
}

func num(v float64) string {
	if math.IsNaN(v) {
		return ""
	}
	return strconv.FormatFloat(v, 'g', 10, 64) // 10 significant digits: stable across platforms
}

func writeMarkdown(w io.Writer, header []string, body [][]string) error {
	var b strings.Builder
	row := func(cells []string) {
		b.WriteString("|")
		for _, c := range cells {
			b.WriteString(" " + strings.ReplaceAll(c, "|", `\|`) + " |")
		}
		b.WriteString("\n")
	}
	row(header)
	b.WriteString("|")
	for range header {
		b.WriteString("---|")
	}
	b.WriteString("\n")
	for _, l := range body {
		row(l)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

var latexEscaper = strings.NewReplacer(`\`, `\textbackslash{}`, "&", `\&`, "%", `\%`, "$", `\$`, "#", `\#`, "_", `\_`, "{", `\{`, "}", `\}`, "~", `\textasciitilde{}`, "^", `\textasciicircum{}`, "±", `$\pm$`)

func writeLaTeX(w io.Writer, header []string, body [][]string, keys int) error {
	var b strings.Builder
	b.WriteString(`\begin{tabular}{` + strings.Repeat("l", keys) + strings.Repeat("r", len(header)-keys) + "}\n\\hline\n")
	row := func(cells []string) {
		for i, c := range cells {
			if i > 0 {
				b.WriteString(" & ")
			}
			b.WriteString(latexEscaper.Replace(c))
		}
		b.WriteString(` \\` + "\n")
	}
	row(header)
	b.WriteString("\\hline\n")
	for _, l := range body {
		row(l)
	}
	b.WriteString("\\hline\n\\end{tabular}\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// Split divides the table by the values of column col: one table per value (in key order),
// each grouped by the other columns, so that a paper's findings can be checked per value
// (per model reading, say) on the table shape they expect. The accumulators are copied.
func (t *Table) Split(col string) (values []string, subsets []*Table, err error) {
	c := slices.Index(t.By, col)
	if c < 0 {
		return nil, nil, fmt.Errorf("split: the table is not grouped by %q (its columns: %s)", col, strings.Join(t.By, ", "))
	}
	by := slices.Delete(slices.Clone(t.By), c, c+1)
	order := slices.Clone(t.order)
	slices.SortStableFunc(order, func(a, b *group) int {
		return compareKeys(&group{key: a.key[c : c+1], nums: a.nums[c : c+1]}, &group{key: b.key[c : c+1], nums: b.nums[c : c+1]})
	})
	for _, g := range order {
		if len(values) == 0 || values[len(values)-1] != g.key[c] {
			values = append(values, g.key[c])
			subsets = append(subsets, &Table{By: by, Metrics: t.Metrics, groups: map[string]*group{}, sampled: t.sampled, flagsCounted: t.flagsCounted})
		}
		sub := subsets[len(subsets)-1]
		key := slices.Delete(slices.Clone(g.key), c, c+1)
		ng := &group{key: key, nums: parseKey(key), accs: slices.Clone(g.accs), trials: g.trials, flags: g.flags, reps: g.reps, vals: g.vals, repSet: g.repSet}
		sub.groups[strings.Join(key, "\x00")] = ng
		sub.order = append(sub.order, ng)
	}
	return values, subsets, nil
}
