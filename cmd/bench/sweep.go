package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/mutexlab/mutexlab/internal/runner"
	"github.com/mutexlab/mutexlab/sweeps"
)

func init() {
	register(command{name: "sweep", summary: "run a preset (bench sweep walter2001) or a spec file (bench sweep FILE.toml); resumable, --shard i/N, --dry-run", run: sweepCmd})
}

const sweepUsage = `usage: bench sweep PRESET|FILE.toml [--workers N] [--out FILE] [--shard i/N] [--dry-run] [--quiet]

Runs every trial of the sweep and writes OUT (default: the spec's output; for a shard,
OUT with .shard-i-of-N before the extension). Finished trials are kept in OUT.parts as
they finish: Ctrl-C or SIGTERM stops the trials in flight within about a second (a second
one quits at once); after that, or a crash, rerun the same command to resume.
Exit codes: 0 done, 1 interrupted or failed, 2 bad input, 3 safety violation, 4 starvation.`

func sweepCmd(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("bench sweep", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	workers := fs.Int("workers", 0, "worker goroutines (0: one per core)")
	out := fs.String("out", "", "results file (default: the spec's output)")
	quiet := fs.Bool("quiet", false, "no progress")
	dryRun := fs.Bool("dry-run", false, "print the expanded grid, the trial count and an estimate of the work; run nothing")
	shardText := fs.String("shard", "", "run only slice i of N (0 <= i < N) of the trials, e.g. --shard 3/64")
	// Accept flags before or after the preset name.
	var name string
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		name, args = args[0], args[1:]
	}
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			fmt.Println(sweepUsage)
			fs.SetOutput(os.Stdout)
			fs.PrintDefaults()
			fmt.Println("presets:", strings.Join(sweeps.PresetNames(), ", "))
			return errHelp
		}
		return usagef("%v", err)
	}
	if name == "" && fs.NArg() > 0 {
		name = fs.Arg(0)
		if fs.NArg() > 1 {
			return usagef("unexpected argument %q", fs.Arg(1))
		}
	} else if fs.NArg() > 0 {
		return usagef("unexpected argument %q", fs.Arg(0))
	}
	if name == "" {
		return usagef("name a preset (%s) or a spec file", strings.Join(sweeps.PresetNames(), ", "))
	}
	if err := checkWorkers(*workers); err != nil {
		return err
	}
	if err := checkOut(*out); err != nil {
		return err
	}
	var shard sweeps.Shard
	if *shardText != "" {
		var err error
		if shard, err = sweeps.ParseShard(*shardText); err != nil {
			return usagef("--shard: %v", err)
		}
	}
	spec, err := loadSpec(name)
	if err != nil {
		return usagef("%v", err)
	}
	opt := sweeps.Options{Workers: *workers, Out: *out, Shard: shard}
	warn("sweep", spec.Warnings)
	if *dryRun {
		if err := sweeps.DryRun(os.Stdout, spec, shard, runner.Workers(*workers, spec.NumTrials())); err != nil {
			return err
		}
		if opt.Out == "" {
			opt.Out = sweeps.DefaultOutput(spec, shard)
		}
		fmt.Printf("output: %s\n", opt.Out)
		return nil
	}
	return execute(ctx, "sweep", spec, opt, *quiet)
}

// loadSpec reads a spec file if name looks like a path to one, else an embedded preset.
func loadSpec(name string) (*sweeps.Spec, error) {
	if strings.HasSuffix(name, ".toml") || strings.ContainsRune(name, os.PathSeparator) {
		return sweeps.LoadFile(name)
	}
	return sweeps.Preset(name)
}
