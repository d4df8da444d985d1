package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/mutexlab/mutexlab/analysis"
	"github.com/mutexlab/mutexlab/plots"
	"github.com/mutexlab/mutexlab/results"
	"github.com/mutexlab/mutexlab/results/columns"
)

func init() {
	register(command{name: "report", summary: "tables from results files: bench report FILE... --by COLS --metrics COLS [--pair A,B] [--paper walter2001]", run: reportCmd})
}

// parseInterleaved parses flags that may come before, between or after positional arguments.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

var reportHelp = help{
	usage: `bench report FILE... [--by COLS] [--metrics COLS] [--format text|csv|markdown|latex] [--pair A,B]
bench report [FILE...] --paper walter2001   (default file: results/walter2001.parquet)`,
	about: `Prints the mean ± 95% CI half-width (Student t over trials) of each metric per group of the
--by columns, from one or more results files. Nulls (a value that does not apply, or was not
measured) are left out and counted on stderr, and so are the parameters each row pools. The
trials column counts every trial of the group; a mean over fewer (the rest null) is followed
by (n=K), and a cell with no value at all prints "-" (empty in CSV, which gives each
metric's n in its own column).
--pair A,B matches each trial of A with B's on the same seed and parameters and prints the
paired differences and ratios; --paper checks a paper's tables and findings, each comparison
decided on its 95% CI over paired replicates (PASS, FAIL, INCONCLUSIVE, SKIP). Rows resting
on trials with a measurement warning (warmup_too_short, wait_stable = false) are marked, and
stderr says what to change.`,
	examples: []string{
		"bench report results/walter2001.parquet --by algorithm,load --metrics wait_mean,msgs_per_cs --format markdown",
		"bench report results/walter2001.parquet --by mobility,load --metrics wait_mean --pair rl,rr",
		"bench report --paper walter2001",
	},
	more: "docs/report.md (tables, pairs, the HTML page); docs/claims.md (the findings); go doc ./results/columns (the columns)",
}

func reportCmd(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("bench report", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	by := fs.String("by", "algorithm", "comma-separated parameter `columns` to group by")
	metrics := fs.String("metrics", "wait_mean,msgs_per_cs", "comma-separated metric `columns`")
	format := fs.String("format", "text", "`format`: text, csv, markdown or latex")
	pair := fs.String("pair", "", "paired differences A−B and ratios A/B of two algorithms `A,B`, matching trials by seed and parameters")
	paper := fs.String("paper", "", "compare with a `paper`'s tables and findings (walter2001)")
	files, err := parseArgs(fs, args, reportHelp)
	if err != nil {
		return err
	}
	f := analysis.Format(*format)
	if !slices.Contains(analysis.Formats, f) {
		return usagef("--format: unknown format %q; available: text, csv, markdown, latex", *format)
	}
	if *paper != "" {
		if *paper != "walter2001" {
			return usagef("--paper: unknown paper %q; available: walter2001", *paper)
		}
		if len(files) == 0 {
			files = []string{"results/walter2001.parquet"}
		}
		return reportWalter2001(os.Stdout, files)
	}
	if len(files) == 0 {
		return usagef("name at least one results file (bench report -h)")
	}
	byCols, err := distinctItems("--by", *by)
	if err != nil {
		return err
	}
	metricCols, err := distinctItems("--metrics", *metrics)
	if err != nil {
		return err
	}
	if len(metricCols) == 0 {
		return usagef("--metrics: name at least one metric")
	}
	need := slices.Concat(byCols, metricCols)
	var a, b string
	var pairOn []string // parameters a pair must share
	if *pair != "" {
		ab, err := listItems("--pair", *pair)
		if err != nil {
			return err
		}
		if len(ab) != 2 || ab[0] == ab[1] {
			return usagef("--pair: want two different algorithms A,B (e.g. rl,rr), got %q", *pair)
		}
		a, b = ab[0], ab[1]
		first, err := analysis.Load(files[:1], nil)
		if err != nil {
			return usagef("%v", err)
		}
		pairOn = pairParameters(analysis.ParametersIn(first.Available), a, b)
		need = slices.Concat(need, pairOn, []string{"seed"})
	}
	d, err := loadChecked(files, byCols, metricCols, need)
	if err != nil {
		return err
	}
	if *pair != "" {
		if err := reportPair(d, a, b, pairOn, byCols, metricCols, f); err != nil {
			return err
		}
		noteFlags(analysis.CountFlags(d))
		return nil
	}
	t, err := analysis.Aggregate(d, byCols, metricCols)
	if err != nil {
		return usagef("%v", err)
	}
	if err := t.Write(os.Stdout, f); err != nil {
		return err
	}
	noteFlags(t.Flags())
	return notePooled(files, byCols)
}

// noteFlags says on stderr how many trials carry a measurement warning and what to change;
// the table's "flagged trials" column (CSV: warmup_too_short_trials, no_steady_state_trials,
// wait_unstable_trials)
// marks the rows resting on them.
func noteFlags(f analysis.Flags) {
	for _, a := range f.Advice() {
		fmt.Fprintf(os.Stderr, "bench report: warning: %s\n", a)
	}
}

// reportPair prints --pair's table: the paired differences and ratios of algorithms a and b
// over the trials that share seed and the parameters on, with its notes and the count of
// trials left without a partner on stderr.
func reportPair(d *analysis.Dataset, a, b string, on, byCols, metricCols []string, f analysis.Format) error {
	pt, err := analysis.Pair(d, a, b, on, byCols, metricCols)
	if err != nil {
		return usagef("%v", err)
	}
	if err := pt.Write(os.Stdout, f); err != nil {
		return err
	}
	for _, n := range pt.Notes() {
		fmt.Fprintf(os.Stderr, "bench report: note: %s\n", n)
	}
	if pt.Unpaired > 0 {
		fmt.Fprintf(os.Stderr, "bench report: %d trials of %s or %s had no partner with the same seed and parameters\n", pt.Unpaired, a, b)
	}
	return nil
}

// pairParameters are the parameters a pair of trials must share: those that apply to both
// algorithms (a parameter one of them does not read is null in its rows).
func pairParameters(params []string, a, b string) []string {
	var out []string
	for _, p := range params {
		c, ok := columns.Lookup(p)
		if !ok || c.Algorithms == nil || slices.Contains(c.Algorithms, a) && slices.Contains(c.Algorithms, b) {
			out = append(out, p)
		}
	}
	return out
}

// notePooled says which parameters the rows of the table average over, by the rule of the
// HTML report and the figures' captions (plots.PooledParams): one that varies within a row
// and is not in --by, unless it only changes with a sweep's grid point (a measured outcome)
// or follows from another pooled one. A reader of the table does not always assume it.
func notePooled(files, by []string) error {
	first, err := analysis.Load(files[:1], nil)
	if err != nil {
		return err
	}
	// algorithm first: a row that averages over algorithms says so, and not again through
	// the parameters that follow from it (k is null for rl).
	params := slices.DeleteFunc(append([]string{"algorithm"}, analysis.ParametersIn(first.Available)...), func(p string) bool { return p == "max_events_per_entry" })
	load := slices.Concat(params, by)
	if len(files) == 1 && slices.Contains(first.Available, "point") {
		load = append(load, "point") // a grid index within one file only
	}
	d, err := analysis.Load(files, slices.Compact(slices.Sorted(slices.Values(load))))
	if err != nil {
		return err
	}
	pooled, err := plots.PooledParams(d, plots.LineSpec{X: by[0], Series: by[1:]}, params)
	if err != nil {
		return err
	}
	if len(pooled) > 0 {
		fmt.Fprintf(os.Stderr, "bench report: note: each row pools trials over %s; add them to --by to separate them\n", plots.PooledText(pooled))
	}
	return nil
}

// loadChecked checks the parameter and metric names against the first file's columns
// (naming what is available) and reads the needed columns of every file.
func loadChecked(files, params, metrics, need []string) (*analysis.Dataset, error) {
	d, err := analysis.Load(files[:1], nil) // opens and checks the first file only
	if err != nil {
		return nil, usagef("%v", err)
	}
	paramsAvail, metricsAvail := splitColumns(d.Available)
	if err := analysis.CheckNames(paramsAvail, "parameter", params); err != nil {
		return nil, usagef("%s: %v", files[0], err)
	}
	for _, m := range metrics {
		if isBool(m) && slices.Contains(d.Available, m) {
			return nil, usagef("%s: %q holds true/false values, which have no mean: group by it instead (--by %s)", files[0], m, m)
		}
	}
	if err := analysis.CheckNames(metricsAvail, "metric", metrics); err != nil {
		return nil, usagef("%s: %v", files[0], err)
	}
	for _, c := range analysis.FlagColumns { // the measurement warnings, where the file has them
		if slices.Contains(d.Available, c) {
			need = append(need, c)
		}
	}
	d, err = analysis.Load(files, need)
	if err != nil {
		return nil, usagef("%v", err)
	}
	for _, m := range metrics {
		if c := d.Column(m); c != nil && c.Nulls > 0 {
			fmt.Fprintf(os.Stderr, "bench: note: %s has no value (null: it does not apply, or nothing was measured) in %d of %d rows; they are left out\n",
				m, c.Nulls, d.Rows())
		}
	}
	return d, nil
}

// splitColumns separates a file's columns into parameters (and bookkeeping one may group
// by) and metrics (everything else).
func splitColumns(cols []string) (params, metrics []string) {
	groupable := append(analysis.ParametersIn(cols), "seed", "trial", "point")
	for _, c := range cols {
		if slices.Contains(groupable, c) || isBool(c) {
			params = append(params, c)
		} else {
			metrics = append(metrics, c)
		}
	}
	return params, metrics
}

// isBool reports whether column name holds true/false values (wait_stable, liveness_checked,
// ...): rows are grouped by them, they are not averaged.
func isBool(name string) bool {
	c, ok := columns.Lookup(name)
	return ok && c.Kind == results.Bool
}

// reportWalter2001 prints the paper comparison: Tables 1 and 2 and the findings, or, for
// data holding several readings of the network model (the walter2001-readings preset), the
// findings × readings matrix and then the tables and findings per reading. The verdicts are
// analysis.CheckWalter2001Data's, the same bench html shows.
func reportWalter2001(w io.Writer, files []string) error {
	d, p, err := analysis.Walter2001Verdicts(files)
	if err != nil {
		return usagef("%v", err)
	}
	if len(p.Values) == 0 {
		return usagef("%s: no trials to compare", strings.Join(files, ", "))
	}
	if p.Split == "" { // refuse before the title, so a refused file prints nothing
		if err := analysis.Walter2001Usable(p.Tables[0]); err != nil {
			return usagef("%s: %v", strings.Join(files, ", "), err)
		}
	}
	fmt.Fprintf(w, "Walter, Welch, Vaidya 2001, section 6, from %s (%d trials); mean ± 95%% CI half-width (Student t over trials)\n", strings.Join(files, ", "), d.Rows())
	if len(p.Pooled) > 0 {
		fmt.Fprintf(w, "note: each cell pools trials over %s\n", strings.Join(p.Pooled, ", "))
	}
	if p.Split != "" {
		if p.Split == analysis.Walter2001ReadingColumn {
			fmt.Fprintf(w, "%d readings of the network model\n\n", len(p.Values))
		} else {
			fmt.Fprintf(w, "%d values of %s, which the paper's tables do not separate: checked one by one\n\n", len(p.Values), p.Split)
		}
		writeFlagAdvice(w, p.Flags)
		return analysis.WriteWalter2001Split(w, d, p)
	}
	letter := d.Column(analysis.Walter2001ReadingColumn).Str[0]
	fmt.Fprintf(w, "reading %s of the network model (docs/model.md)\n\n", analysis.ReadingName(letter))
	if err := analysis.WriteWalter2001Cells(w, p.Tables[0]); err != nil {
		var missing *analysis.Walter2001MissingCells
		if !errors.As(err, &missing) {
			return err
		}
		// The findings about the absent cells are SKIP (docs/claims.md); the others are checked.
		fmt.Fprintf(w, "note: the data lack %d of the %d points of Tables 1 and 2 (%s above; their findings SKIP; run 'bench sweep walter2001' for all): %s\n\n",
			len(missing.Cells), missing.Total, analysis.Missing, strings.Join(missing.Cells, "; "))
	}
	writeFlagAdvice(w, p.Flags)
	fmt.Fprintln(w, "Each comparison is formed per replicate and decided on its 95% CI (docs/claims.md).")
	fmt.Fprintln(w, "Findings of section 6:")
	return analysis.WriteAssertions(w, p.Checks[0])
}

// writeFlagAdvice prints the measurement warnings of the data, if any, with what to change.
func writeFlagAdvice(w io.Writer, f analysis.Flags) {
	if !f.Any() {
		return
	}
	fmt.Fprintln(w, "Measurement warnings (the cells and comparisons resting on flagged trials say so):")
	for _, a := range f.Advice() {
		fmt.Fprintf(w, "  - %s\n", a)
	}
	fmt.Fprintln(w)
}
