package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"

	"github.com/mutexlab/mutexlab/internal/runner"
	"github.com/mutexlab/mutexlab/results"
	"github.com/mutexlab/mutexlab/sweeps"
)

func init() {
	register(command{name: "sweep", summary: "run a preset or a spec file: bench sweep walter2001 | FILE.toml [--dry-run] [--shard i/N]; resumable", run: sweepCmd})
}

var sweepHelp = help{
	usage: "bench sweep PRESET|FILE.toml|--from RESULTS.parquet [--workers N] [--out FILE.parquet] [--shard i/N] [--dry-run] [--quiet]",
	about: `Runs every trial of a sweep: a preset embedded in bench (listed below) or a spec file of your
own (TOML: algorithms, fixed parameters, grid axes, replicates, root seed; see docs/running.md),
or, with --from, the sweep a results file records (every file of bench sweep and bench run
holds its spec, which reruns its trials exactly: give --out a new file to reproduce it).
Results go to OUT, one row per trial, and a summary table is printed. OUT is --out as given,
else the spec's output, with .shard-i-of-N before the extension for a shard (a shard given
--out writes that very file: give each shard its own). Finished trials are kept in
OUT.parts as they finish: Ctrl-C or SIGTERM stops the trials in flight within about a second
(a second one quits at once); after that, or a crash, rerun the same command to resume.
Exit codes: 0 done, 1 interrupted or failed, 2 bad input, 3 safety violation, 4 starvation.`,
	extra: func(w io.Writer) {
		fmt.Fprintln(w, "presets (sweeps/presets/NAME.toml; bench sweep NAME --dry-run shows the grid):")
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		for _, name := range sweeps.PresetNames() {
			if spec, err := sweeps.Preset(name); err == nil {
				fmt.Fprintf(tw, "  %s\t%s\n", name, spec.Description)
			}
		}
		tw.Flush()
	},
	examples: []string{
		"bench sweep walter2001 --dry-run",
		"bench sweep walter2001 --workers 2",
		"bench sweep walter2001 --shard 3/64",
		"bench sweep my-sweep.toml --out results/mine.parquet",
		"bench sweep --from results/walter2001.parquet --out results/walter2001-again.parquet",
	},
	more: "docs/running.md (spec files, presets); docs/hpc.md (shards, resume, Slurm)",
}

func sweepCmd(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("bench sweep", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	workers := fs.Int("workers", 0, fmt.Sprintf("worker goroutines (0: one per core; at most %d)", runner.MaxWorkers))
	out := fs.String("out", "", "results `file` (.parquet; default: the spec's output)")
	quiet := fs.Bool("quiet", false, "no progress lines")
	dryRun := fs.Bool("dry-run", false, "print the expanded grid, the trial count and an estimate of the work; run nothing")
	replace := replaceFlag(fs)
	shardText := fs.String("shard", "", "run only slice `i/N` (0 <= i < N) of the trials, e.g. --shard 3/64 (a Slurm array task)")
	from := fs.String("from", "", "rerun the sweep a results `file` (.parquet) records, instead of a preset or spec file")
	pos, err := parseArgs(fs, args, sweepHelp) // flags before or after the preset name
	if err != nil {
		return err
	}
	var name string
	switch {
	case len(pos) > 1:
		return usagef("unexpected argument %q (bench sweep runs one preset or spec file)", pos[1])
	case len(pos) == 1 && *from != "":
		return usagef("%s and --from %s both name the sweep to run; give one", pos[0], *from)
	case len(pos) == 1:
		name = pos[0]
	case *from == "":
		return usagef("name a preset (%s), a spec file or --from FILE.parquet (bench sweep -h)", strings.Join(sweeps.PresetNames(), ", "))
	}
	if err := checkWorkers(*workers); err != nil {
		return err
	}
	if err := checkOut(*out); err != nil {
		return err
	}
	var shard sweeps.Shard
	if *shardText != "" {
		if shard, err = sweeps.ParseShard(*shardText); err != nil {
			return usagef("--shard: %v", err)
		}
	}
	spec, err := loadSpec(name, *from)
	if err != nil {
		return usagef("%v", err)
	}
	opt := sweeps.Options{Workers: *workers, Out: *out, Shard: shard, Replace: *replace}
	warn("sweep", spec.Warnings)
	if *dryRun {
		if err := sweeps.DryRun(os.Stdout, spec, shard, runner.Workers(*workers, spec.NumTrials())); err != nil {
			return err
		}
		if opt.Out == "" {
			opt.Out = sweeps.DefaultOutput(spec, shard)
		}
		return dryRunOutput(spec, opt.Out, shard, *replace)
	}
	return execute(ctx, "sweep", spec, opt, *quiet)
}

// loadSpec reads the sweep a results file records (from), a spec file if name looks like a
// path to one, else an embedded preset.
func loadSpec(name, from string) (*sweeps.Spec, error) {
	switch {
	case from != "":
		return recordedSpec(from)
	case strings.HasSuffix(name, ".parquet"):
		return nil, fmt.Errorf("%s is a results file: to rerun the sweep it records, bench sweep --from %s", name, name)
	case strings.HasSuffix(name, ".toml") || strings.ContainsRune(name, os.PathSeparator):
		return sweeps.LoadFile(name)
	}
	return sweeps.Preset(name)
}

// recordedSpec reads the sweep spec a results file records in its metadata (written by bench
// sweep or bench run), which reruns the file's trials exactly.
func recordedSpec(path string) (*sweeps.Spec, error) {
	f, err := results.Open(path)
	if err != nil {
		return nil, fmt.Errorf("--from: %v", err)
	}
	defer f.Close()
	text, ok := f.Metadata()[sweeps.KeySpec]
	if !ok {
		return nil, fmt.Errorf("--from %s: the file records no sweep spec (%s), so it cannot be rerun; it was not written by bench sweep or bench run", path, sweeps.KeySpec)
	}
	return sweeps.Described(text, path+" (its recorded "+sweeps.KeySpec+")")
}
