package cli

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/mutexlab/mutexlab/algorithms"
	"github.com/mutexlab/mutexlab/analysis"
	"github.com/mutexlab/mutexlab/internal/runner"
	"github.com/mutexlab/mutexlab/results"
	"github.com/mutexlab/mutexlab/results/columns"
	"github.com/mutexlab/mutexlab/sweeps"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

func init() {
	register(command{name: "run", summary: "run trials over lists of parameters: bench run --algo rl,rr --n 30 --load 0.01,1 [--set KEY=V,...]", run: runCmd})
	register(command{name: "default", summary: "the default experiment", run: defaultCmd})
}

// runFlags are bench run's flags: every parameter flag takes a comma-separated list, and the
// run covers every combination. The parameter flags are the spec keys that have one
// (results/columns: Column.Flag); --set reaches every spec key.
type runFlags struct {
	algo            string
	params          map[string]*string // spec key -> the flag's list
	set             setFlags
	trials, workers int
	seed            uint64
	out, html       string
	quiet, dryRun   bool
	replace         bool
	given           map[string]bool // flags given on the command line
}

// setFlags collects repeated --set KEY=V1,V2 flags.
type setFlags []string

func (s *setFlags) String() string     { return strings.Join(*s, " ") }
func (s *setFlags) Set(v string) error { *s = append(*s, v); return nil }

// Repeatable: --set is given once per key (refuseRepeats lets it repeat).
func (s *setFlags) Repeatable() {}

func runCmd(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("bench run", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	f := runFlags{params: map[string]*string{}, given: map[string]bool{}}
	fs.StringVar(&f.algo, "algo", "rl,rr", "`list` of algorithms: "+strings.Join(algorithms.Names(), ", "))
	for _, c := range columns.All() {
		if c.Flag {
			f.params[c.Name] = fs.String(flagName(c.Name), c.FlagDefault, flagUsage(&c))
		}
	}
	fs.Var(&f.set, "set", "set any sweep spec key to a list, `KEY=V1,V2,...`, like the flags (repeatable; the keys are above)")
	fs.IntVar(&f.trials, "trials", 1, "replicates per parameter combination")
	fs.IntVar(&f.workers, "workers", 0, fmt.Sprintf("worker goroutines (0: one per core; at most %d, and never more than the trials)", runner.MaxWorkers))
	fs.Uint64Var(&f.seed, "seed", 1, "root seed")
	fs.StringVar(&f.out, "out", "", "results file (Parquet); default results/run-SPECHASH.parquet, so each set of flags has its own file and rerunning a command resumes it")
	fs.BoolVar(&f.quiet, "quiet", false, "no progress lines")
	fs.BoolVar(&f.dryRun, "dry-run", false, "print the grid, the trial count and an estimate of the work; run nothing")
	fs.StringVar(&f.html, "html", "", "for a run of one trial: write it as an interactive trace viewer `page` (.html) instead of a results file (docs/viewer.md)")
	replaceFlagVar(fs, &f.replace)
	pos, err := parseArgs(fs, args, runHelp())
	if err != nil {
		return err
	}
	if err := noArgs("run", pos); err != nil {
		return err
	}
	fs.Visit(func(fl *flag.Flag) { f.given[fl.Name] = true })
	if err := checkOut(f.out); err != nil {
		return err
	}
	spec, err := f.spec()
	if err != nil {
		return err
	}
	if f.html != "" {
		return runHTML(ctx, spec, f.html, f.given["out"], f.dryRun, f.replace, args) // page.go
	}
	if f.out == "" {
		f.out = "results/run-" + sweeps.SpecHash(spec)[:8] + ".parquet"
	}
	warn("run", spec.Warnings)
	if f.dryRun {
		if err := sweeps.DryRun(os.Stdout, spec, sweeps.Shard{}, runner.Workers(f.workers, spec.NumTrials())); err != nil {
			return err
		}
		return dryRunOutput(spec, f.out, sweeps.Shard{}, f.replace)
	}
	return execute(ctx, "run", spec, sweeps.Options{Workers: f.workers, Out: f.out, Replace: f.replace}, f.quiet)
}

// runHelp is bench run -h: the flags, and how to reach every spec key with --set.
func runHelp() help {
	return help{
		usage: "bench run [--algo A,B,...] [--PARAM V1,V2,...] [--set KEY=V1,V2,...] [--trials R] [--seed S] [--out FILE.parquet] [--dry-run]",
		about: `Runs every combination of the values listed: each parameter flag takes a comma-separated list,
and the run covers their Cartesian product, R replicates each, every algorithm on the same
seeds (common random numbers). Trials go to a Parquet file, one row per trial, and a summary
of mean wait and messages per CS entry with 95% CIs is printed. Rerunning the same command
resumes it; Ctrl-C or SIGTERM keeps the finished trials.

Spec keys: any key of a sweep spec is set with --set KEY=V1,V2,... (repeat --set for several
keys); the parameter flags below are shortcuts for the common ones. A key that none of the
algorithms or network models reads is an error. The keys (go doc ./results/columns gives each
one's unit, meaning and where it applies):
  ` + wrap(strings.Join(columns.Keys(), ", "), 90, "\n  "),
		examples: []string{
			"bench run --algo rl,rr --n 30 --connectivity 0.2,0.8 --load 0.001,1 --mobility 0,0.1 --trials 6",
			"bench run --algo hk --set k=1,2,4 --set h=1 --set priority_levels=4 --set aging=1 --load 0.1 --trials 3",
			"bench run --algo drs,cm --set network=waypoint --set radius=100,200 --n 200 --load 0.1 --dry-run",
		},
		more: "docs/running.md (runs, sweep specs, spec keys, network models); docs/results.md (the columns)",
	}
}

// wrap breaks a comma-separated list into lines of at most width characters, joined by sep.
func wrap(list string, width int, sep string) string {
	var lines []string
	line := ""
	for _, item := range strings.SplitAfter(list, ", ") {
		if len(line)+len(item) > width && line != "" {
			lines = append(lines, strings.TrimSpace(line))
			line = ""
		}
		line += item
	}
	return strings.Join(append(lines, line), sep)
}

func flagName(key string) string { return strings.ReplaceAll(key, "_", "-") }

func flagUsage(c *columns.Column) string {
	u := c.Description
	if c.Unit != "" {
		u += " [" + c.Unit + "]"
	}
	return u + " (`list`)"
}

// checkOut refuses an --out that is not a Parquet file name: a CSV comes from bench report.
func checkOut(out string) error {
	switch ext := strings.ToLower(filepath.Ext(out)); ext {
	case "", ".parquet":
		return nil
	case ".csv", ".tsv", ".txt", ".json":
		return usagef("--out %s: results are written as Parquet (name the file .parquet); for %s, run 'bench report FILE.parquet --format csv' on the results", out, ext)
	default:
		return usagef("--out %s: results are written as Parquet; name the file .parquet", out)
	}
}

// warn prints warnings of a spec on standard error.
func warn(cmd string, warnings []string) {
	for _, w := range warnings {
		fmt.Fprintf(os.Stderr, "bench %s: note: %s\n", cmd, w)
	}
}

// checkWorkers refuses a worker count that is negative or absurd.
func checkWorkers(w int) error {
	if w < 0 || w > runner.MaxWorkers {
		return usagef("--workers: must be in 0..%d (0: one per core), got %d", runner.MaxWorkers, w)
	}
	return nil
}

// spec turns the flags into a sweep: single values are fixed parameters, lists are grid axes.
func (f *runFlags) spec() (*sweeps.Spec, error) {
	s := &sweeps.Spec{Name: "run", Trials: f.trials, Seed: f.seed, Fixed: map[string]sweeps.Value{}, Grid: map[string][]sweeps.Value{}, Source: "flags"}
	if strings.TrimSpace(f.algo) == "" {
		return nil, usagef("--algo: empty; known: %s", strings.Join(algorithms.Names(), ", "))
	}
	algos, err := listItems("--algo", f.algo)
	if err != nil {
		return nil, err
	}
	for _, a := range algos {
		if _, err := algorithms.New(a); err != nil {
			return nil, usagef("--algo: %v", err)
		}
		s.Algorithms = append(s.Algorithms, a)
	}
	if f.trials < 1 || f.trials > sweeps.MaxTrials {
		return nil, usagef("--trials: must be in 1..%d, got %d", int64(sweeps.MaxTrials), f.trials)
	}
	if err := checkWorkers(f.workers); err != nil {
		return nil, err
	}
	lists, setKeys, err := f.lists()
	if err != nil {
		return nil, err
	}
	s.FlagNames, s.SetKeys, s.Defaulted = true, setKeys, map[string]bool{}
	for key, list := range lists {
		s.Defaulted[key] = !setKeys[key] && !f.given[flagName(key)]
		if err := setList(s, key, list); err != nil {
			return nil, err
		}
	}
	if err := s.Validate(); err != nil {
		return nil, usagef("%v", err)
	}
	return s, nil
}

// lists gathers every key's list: the --set flags, then the dedicated flags (their defaults
// only where the key applies to the network models chosen, and connectivity only when
// neither links nor degree is given), and the keys given by --set.
func (f *runFlags) lists() (map[string]string, map[string]bool, error) {
	lists := map[string]string{}
	setBy := map[string]string{} // key -> the --set that gave it
	setKeys := map[string]bool{}
	for _, kv := range f.set {
		key, list, ok := strings.Cut(kv, "=")
		c, known := columns.Lookup(key)
		switch {
		case !ok || key == "" || list == "":
			return nil, nil, usagef("--set %s: want KEY=V1,V2,... (keys: %s)", kv, strings.Join(columns.Keys(), ", "))
		case !known || !c.Key:
			return nil, nil, usagef("--set %s: unknown key %q; keys: %s", kv, key, strings.Join(columns.Keys(), ", "))
		case c.Flag && f.given[flagName(key)]:
			return nil, nil, usagef("--%s and --set %s both set %s; give it once", flagName(key), kv, key)
		case setBy[key] != "":
			return nil, nil, usagef("--set %s and --set %s both set %s; give it once", setBy[key], kv, key)
		}
		lists[key], setBy[key], setKeys[key] = list, kv, true
	}
	nets := []string{"walter"}
	if lists["network"] != "" {
		var err error
		if nets, err = listItems("--set network", lists["network"]); err != nil {
			return nil, nil, err
		}
	}
	for key, val := range f.params {
		if f.given[flagName(key)] {
			lists[key] = *val
			continue
		}
		c, _ := columns.Lookup(key)
		if *val == "" || (key == "connectivity" && (f.given["links"] || f.given["degree"] || lists["links"] != "" || lists["degree"] != "")) {
			continue
		}
		if slices.ContainsFunc(nets, func(n string) bool { return c.Networks == nil || slices.Contains(c.Networks, n) }) && lists[key] == "" {
			lists[key] = *val
		}
	}
	return lists, setKeys, nil
}

// setList puts one key's list into the spec: one value is fixed, several are a grid axis.
func setList(s *sweeps.Spec, key, list string) error {
	c, _ := columns.Lookup(key)
	name := s.ParamName(key)
	var vals []sweeps.Value
	items := []string{list} // crashes: one schedule, which itself holds commas
	if key != "crashes" {
		var err error
		if items, err = listItems(name, list); err != nil {
			return err
		}
	}
	for _, x := range items {
		v, err := sweeps.TextValue(c, x)
		if err != nil {
			return usagef("%s: %v", name, err)
		}
		vals = append(vals, v)
	}
	for _, v := range vals {
		if err := c.CheckValue(v); err != nil {
			return usagef("%s: %v", name, err)
		}
	}
	if len(vals) > sweeps.MaxAxisValues {
		return usagef("%s: %d values; a list has at most %d", name, len(vals), sweeps.MaxAxisValues)
	}
	if len(vals) == 1 {
		s.Fixed[key] = vals[0]
	} else if len(vals) > 1 {
		s.Grid[key] = vals
	}
	return nil
}

// eventRate says how many events the trials processed and at what rate of wall time, the
// speed a user of one large trial watches (docs/scaling.md, Speed): ", 12,530,907 events,
// 1.88 M events/s". Empty when no event was processed or no time passed.
func eventRate(events int64, wall time.Duration) string {
	if events <= 0 || wall <= 0 {
		return ""
	}
	return englishNumbers.Sprintf(", %d events, %.3g M events/s", events, float64(events)/wall.Seconds()/1e6)
}

// englishNumbers prints numbers with thousands separators, as the docs write them.
var englishNumbers = message.NewPrinter(language.English)

func defaultCmd(ctx context.Context, args []string) error {
	if len(args) > 0 {
		return usagef("unexpected argument %q (the default experiment takes none; see bench help)", args[0])
	}
	spec, err := sweeps.Preset("default")
	if err != nil {
		return err
	}
	return execute(ctx, "default", spec, sweeps.Options{}, false)
}

// execute runs a sweep, writes its results and prints the summary table: per algorithm and
// grid point, mean wait and messages per CS entry with 95% confidence intervals, and the
// warnings that keep a reader from a wrong conclusion.
func execute(ctx context.Context, cmd string, spec *sweeps.Spec, opt sweeps.Options, quiet bool) error {
	if !quiet {
		opt.Progress = sweeps.NewProgress(os.Stderr)
	}
	start := time.Now()
	rep, err := sweeps.Execute(ctx, spec, opt)
	if err != nil {
		return outputUsage(err)
	}
	elapsed := time.Since(start)
	switch {
	case rep.OnDisk == rep.Total && rep.Ran == 0:
		fmt.Printf("%s: all %d trials already on disk -> %s\n\n", spec.Name, rep.Total, rep.Out)
	case rep.OnDisk > 0:
		fmt.Printf("%s: ran %d trials in %s%s; %d were already on disk -> %s\n\n", spec.Name, rep.Ran, elapsed.Round(time.Millisecond), eventRate(rep.Events, elapsed), rep.OnDisk, rep.Out)
	default:
		fmt.Printf("%s: %d trials in %s%s -> %s\n\n", spec.Name, rep.Ran, elapsed.Round(time.Millisecond), eventRate(rep.Events, elapsed), rep.Out)
	}
	if !opt.Shard.Whole() {
		return nil // a shard's summary would mislead; merge the shards first
	}
	table, err := summary(spec, rep.Out)
	if err != nil {
		return err
	}
	if err := table.WriteText(os.Stdout); err != nil {
		return err
	}
	return warnStatic(cmd, rep.Out)
}

// outputUsage makes an *sweeps.OutputError (a results file the output policy refuses, or
// that cannot be written) a usage error naming --out; other errors pass unchanged.
func outputUsage(err error) error {
	var oe *sweeps.OutputError
	if errors.As(err, &oe) {
		return usagef("--out %s: %v", oe.Path, oe.Err)
	}
	return err
}

// dryRunOutput prints where the results would go and refuses, as the run would, an --out
// that the output policy refuses: a dry run is the check before a long run.
func dryRunOutput(spec *sweeps.Spec, out string, sh sweeps.Shard, replace bool) error {
	if err := sweeps.CheckOutput(spec, out, sh, replace); err != nil {
		fmt.Printf("output: %s (refused: the run would stop here)\n", out)
		return outputUsage(err)
	}
	fmt.Printf("output: %s\n", out)
	return nil
}

// warnStatic warns about mobile trials whose network never changed: their mobility had no
// effect, and any difference from the static trials is seed noise. It tells the two causes
// apart (link_changes_skipped): a frozen graph, or a window too short for a change to fall in.
func warnStatic(cmd, path string) error {
	f, err := results.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	if !slices.Contains(f.ColumnNames(), "static_despite_mobility") {
		return nil // a file of another schema
	}
	flag, err := f.BoolColumn("static_despite_mobility")
	if err != nil {
		return err
	}
	valid, err := f.Valid("static_despite_mobility")
	if err != nil {
		return err
	}
	skipped, err := f.Float64Column("link_changes_skipped")
	if err != nil {
		return err
	}
	mobile, frozen, quiet := 0, 0, 0
	for r := range flag {
		switch {
		case !valid[r]:
		case !flag[r]:
			mobile++
		case skipped[r] > 0:
			mobile, frozen = mobile+1, frozen+1
		default:
			mobile, quiet = mobile+1, quiet+1
		}
	}
	if frozen+quiet > 0 {
		fmt.Fprintf(os.Stderr, "bench %s: warning: %d of %d trials with mobility > 0 had no link change take effect in their measurement window (%d frozen: no link could be deleted, every link a bridge or busy, e.g. a spanning tree under no_deletion = skip; %d: no change fell in a window shorter than the gap between changes); their mobility had no effect, so differences from static trials are noise (column static_despite_mobility)\n",
			cmd, frozen+quiet, mobile, frozen, quiet)
	}
	return nil
}

// summary aggregates a results file of spec by algorithm and grid point, in grid order,
// whether the file was written in one go or resumed.
func summary(spec *sweeps.Spec, path string) (*analysis.Table, error) {
	f, err := results.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	algo, err := f.StringColumn("algorithm")
	if err != nil {
		return nil, err
	}
	cols := map[string][]float64{}
	for _, c := range []string{"point", "wait_mean", "msgs_per_cs"} {
		if cols[c], err = f.Float64Column(c); err != nil {
			return nil, err
		}
	}
	order := make([]int, len(algo))
	for k := range order {
		order[k] = k
	}
	algoRank := func(a string) int { return slices.Index(spec.Algorithms, a) }
	slices.SortStableFunc(order, func(a, b int) int {
		return cmp.Or(cmp.Compare(cols["point"][a], cols["point"][b]), cmp.Compare(algoRank(algo[a]), algoRank(algo[b])))
	})
	table := analysis.NewTable(append([]string{"algorithm"}, spec.Axes()...), []string{"wait_mean", "msgs_per_cs"})
	for _, k := range order {
		p := int(cols["point"][k])
		if p < 0 || p >= spec.NumPoints() {
			return nil, fmt.Errorf("%s: row %d has point %d, but the sweep has %d points", path, k, p, spec.NumPoints())
		}
		key := []string{algo[k]}
		for _, a := range spec.Axes() {
			v, _ := spec.Point(p).Get(a)
			key = append(key, v.String())
		}
		table.Add(key, []float64{cols["wait_mean"][k], cols["msgs_per_cs"][k]})
	}
	return table, nil
}
