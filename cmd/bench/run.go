package main

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/mutexlab/mutexlab/algorithms"
	"github.com/mutexlab/mutexlab/analysis"
	"github.com/mutexlab/mutexlab/kernel"
	"github.com/mutexlab/mutexlab/results"
	"github.com/mutexlab/mutexlab/sweeps"
)

func init() {
	register(command{name: "run", summary: "run trials over lists of parameters (--algo rl,rr --n 30 --load 0.01,1 ...)", run: runCmd})
	register(command{name: "default", summary: "the default experiment", run: defaultCmd})
}

// runFlags are bench run's flags: every parameter flag takes a comma-separated list, and the
// run covers every combination.
type runFlags struct {
	algo, n, links, connectivity, degree, load, mobility, delay string
	crashes, crashRate                                          string
	warmup, measure, trials, workers                            int
	seed                                                        uint64
	starveAfter                                                 float64
	out                                                         string
	quiet                                                       bool
}

func runCmd(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("bench run", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	d := kernel.DefaultParams()
	var f runFlags
	fs.StringVar(&f.algo, "algo", "rl,rr", "algorithms: "+strings.Join(algorithms.Names(), ", "))
	fs.StringVar(&f.n, "n", "30", "number of nodes (list)")
	fs.StringVar(&f.links, "links", "", "initial number of links (list); overrides --connectivity")
	fs.StringVar(&f.connectivity, "connectivity", "0.2", "initial links / (n(n-1)/2), in (0,1] (list)")
	fs.StringVar(&f.degree, "degree", "", "initial mean degree, for large n; overrides --connectivity (list)")
	fs.StringVar(&f.load, "load", "0.1", "request rate λ_req per node (list)")
	fs.StringVar(&f.mobility, "mobility", "0", "link-change rate λ_mob (list)")
	fs.StringVar(&f.delay, "delay", "1", "message delay: a constant, exp:MEAN or uniform:MIN:MAX (list)")
	fs.StringVar(&f.crashes, "crashes", "", "crash-stop schedule NODE@TIME,... (e.g. 3@50,7@120)")
	fs.StringVar(&f.crashRate, "crash-rate", "", "rate of random crash-stops of live nodes (list)")
	fs.IntVar(&f.warmup, "warmup", d.Warmup, "CS entries discarded before measuring")
	fs.IntVar(&f.measure, "measure", d.Measure, "CS entries measured")
	fs.IntVar(&f.trials, "trials", 1, "replicates per parameter combination")
	fs.IntVar(&f.workers, "workers", 0, "worker goroutines (0: one per core)")
	fs.Uint64Var(&f.seed, "seed", 1, "root seed")
	fs.Float64Var(&f.starveAfter, "starve-after", 0, "starvation watchdog bound in time units (0: 1000·n·(CS time + delay))")
	fs.StringVar(&f.out, "out", "", "results file (Parquet); default results/run-SPECHASH.parquet, so each set of flags has its own file and rerunning a command resumes it")
	fs.BoolVar(&f.quiet, "quiet", false, "no progress lines")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	spec, err := f.spec()
	if err != nil {
		return err
	}
	if f.out == "" {
		f.out = "results/run-" + sweeps.SpecHash(spec)[:8] + ".parquet"
	}
	return execute(ctx, spec, sweeps.Options{Workers: f.workers, Out: f.out}, f.quiet)
}

// parseFlags parses and turns flag errors into one-line usage errors; -h prints the flags.
func parseFlags(fs *flag.FlagSet, args []string) error {
	err := fs.Parse(args)
	if err == flag.ErrHelp {
		fs.SetOutput(os.Stdout)
		fmt.Printf("usage: %s [flags]\n", fs.Name())
		fs.PrintDefaults()
		return errHelp
	}
	if err != nil {
		return usagef("%v", err)
	}
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q", fs.Arg(0))
	}
	return nil
}

// spec turns the flags into a sweep: single values are fixed parameters, lists are grid axes.
func (f *runFlags) spec() (*sweeps.Spec, error) {
	s := &sweeps.Spec{Name: "run", Trials: f.trials, Seed: f.seed, Fixed: map[string]sweeps.Value{}, Grid: map[string][]sweeps.Value{}, Source: "flags"}
	for _, a := range splitList(f.algo) {
		if _, err := algorithms.New(a); err != nil {
			return nil, usagef("--algo: %v", err)
		}
		s.Algorithms = append(s.Algorithms, a)
	}
	if len(s.Algorithms) == 0 {
		return nil, usagef("--algo: empty; known: %s", strings.Join(algorithms.Names(), ", "))
	}
	if f.trials < 1 {
		return nil, usagef("--trials: must be at least 1, got %d", f.trials)
	}
	if f.workers < 0 {
		return nil, usagef("--workers: must be >= 0 (0: one per core), got %d", f.workers)
	}
	set := func(name, list string) error {
		if list == "" {
			return nil
		}
		var vals []sweeps.Value
		for _, x := range splitList(list) {
			if name == "delay" {
				if _, err := kernel.ParseDelay(x); err != nil {
					return usagef("--delay: %v", err)
				}
				vals = append(vals, sweeps.Value{Str: x})
				continue
			}
			v, err := strconv.ParseFloat(x, 64)
			if err != nil {
				return usagef("--%s: %q is not a number", strings.ReplaceAll(name, "_", "-"), x)
			}
			vals = append(vals, sweeps.Value{Num: v})
		}
		if len(vals) == 1 {
			s.Fixed[name] = vals[0]
		} else {
			s.Grid[name] = vals
		}
		return nil
	}
	connectivity := f.connectivity
	if f.degree != "" || f.links != "" {
		connectivity = ""
	}
	for _, kv := range [][2]string{{"n", f.n}, {"links", f.links}, {"connectivity", connectivity}, {"degree", f.degree},
		{"load", f.load}, {"mobility", f.mobility}, {"delay", f.delay}, {"crash_rate", f.crashRate}} {
		if err := set(kv[0], kv[1]); err != nil {
			return nil, err
		}
	}
	if f.crashes != "" {
		s.Fixed["crashes"] = sweeps.Value{Str: f.crashes}
	}
	s.Fixed["warmup"] = sweeps.Value{Num: float64(f.warmup)}
	s.Fixed["measure"] = sweeps.Value{Num: float64(f.measure)}
	if f.starveAfter != 0 {
		s.Fixed["starve_after"] = sweeps.Value{Num: f.starveAfter}
	}
	s.FlagNames = true
	if err := s.Validate(); err != nil {
		return nil, usagef("%v", err)
	}
	return s, nil
}

func splitList(s string) []string {
	var out []string
	for _, x := range strings.Split(s, ",") {
		if x = strings.TrimSpace(x); x != "" {
			out = append(out, x)
		}
	}
	return out
}

func defaultCmd(ctx context.Context, args []string) error {
	if len(args) > 0 {
		return usagef("unexpected argument %q (the default experiment takes none; see bench help)", args[0])
	}
	spec, err := sweeps.Preset("default")
	if err != nil {
		return err
	}
	return execute(ctx, spec, sweeps.Options{}, false)
}

// execute runs a sweep, writes its results and prints the summary table: per algorithm and
// grid point, mean wait and messages per CS entry with 95% confidence intervals.
func execute(ctx context.Context, spec *sweeps.Spec, opt sweeps.Options, quiet bool) error {
	if !quiet {
		opt.Progress = sweeps.NewProgress(os.Stderr)
	}
	start := time.Now()
	path, err := sweeps.Execute(ctx, spec, opt)
	var oe *sweeps.OutputError
	if errors.As(err, &oe) {
		return usagef("--out %s: %v", oe.Path, oe.Err)
	}
	if err != nil {
		return err
	}
	fmt.Printf("%s: %d trials in %s -> %s\n\n", spec.Name, len(spec.Schedule(opt.Shard)), time.Since(start).Round(time.Millisecond), path)
	if !opt.Shard.Whole() {
		return nil // a shard's summary would mislead; merge the shards first
	}
	table, err := summary(spec, path)
	if err != nil {
		return err
	}
	return table.WriteText(os.Stdout)
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
	pts := spec.Points()
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
		if p < 0 || p >= len(pts) {
			return nil, fmt.Errorf("%s: row %d has point %d, but the sweep has %d points", path, k, p, len(pts))
		}
		key := []string{algo[k]}
		for _, a := range spec.Axes() {
			v, _ := pts[p].Get(a)
			key = append(key, v.String())
		}
		table.Add(key, []float64{cols["wait_mean"][k], cols["msgs_per_cs"][k]})
	}
	return table, nil
}
