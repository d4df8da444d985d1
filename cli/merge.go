package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"runtime"

	"github.com/mutexlab/mutexlab/internal/outfile"
	"github.com/mutexlab/mutexlab/results"
	"github.com/mutexlab/mutexlab/sweeps"
)

func init() {
	register(command{name: "merge", summary: "combine shard files into one, checking every trial is there once: bench merge --out ALL.parquet SHARD...", run: mergeCmd})
	register(command{name: "compare", summary: "check two results files hold identical rows, in any order: bench compare A.parquet B.parquet", run: compareCmd})
}

var mergeHelp = help{
	usage: "bench merge --out ALL.parquet SHARD.parquet...",
	about: `Combines the shard files of one sweep (bench sweep --shard i/N) into one file, identical byte
for byte to the file a single-process run writes. It refuses, writing nothing (exit 2),
unless every input carries the same spec hash and together they hold every trial of the
sweep exactly once, and it replaces an existing file only if that holds the same whole
sweep (--replace: any file).`,
	examples: []string{
		"bench merge --out results/walter2001.parquet results/walter2001.shard-*-of-64.parquet",
	},
	more: "docs/hpc.md (shards, resume, Slurm job arrays)",
}

var compareHelp = help{
	usage: "bench compare A.parquet B.parquet",
	about: `Checks that two results files hold identical rows, in any order: a rerun against the
original, or files of other program versions (two files of one sweep written by the same
version are identical byte for byte, merged, resumed or not, and cmp says so too). Exit 0
when they do, 1 naming the first difference, 2 when a file cannot be read.`,
	examples: []string{
		"bench compare results/walter2001.parquet results/walter2001-rerun.parquet",
	},
	more: "docs/hpc.md",
}

func defaultWorkers() int { return runtime.GOMAXPROCS(0) }

func mergeCmd(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("bench merge", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	out := fs.String("out", "", "merged results `file` (required); an existing file is replaced only if it holds this whole sweep (else --replace)")
	replace := replaceFlag(fs)
	shards, err := parseArgs(fs, args, mergeHelp)
	if err != nil {
		return err
	}
	if *out == "" {
		return usagef("--out: required (the merged file)")
	}
	if len(shards) == 0 {
		return usagef("no shard files given (bench merge --out ALL.parquet SHARD.parquet...)")
	}
	if err := outfile.CheckDir("--out", *out, "the merged file (.parquet)"); err != nil {
		return err
	}
	err = sweeps.MergeShards(*out, shards, *replace)
	var oe *sweeps.OutputError
	if errors.As(err, &oe) {
		return usagef("--out %s: %v", oe.Path, oe.Err)
	}
	if err != nil {
		return usagef("%v", err)
	}
	fmt.Printf("merged %d files -> %s\n", len(shards), *out)
	return nil
}

func compareCmd(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("bench compare", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	files, err := parseArgs(fs, args, compareHelp)
	if err != nil {
		return err
	}
	if len(files) != 2 {
		return usagef("need two results files, got %d (bench compare A.parquet B.parquet)", len(files))
	}
	for _, path := range files { // an unreadable input is bad input (exit 2), not a difference
		f, err := results.Open(path)
		if err != nil {
			return usagef("%v", err)
		}
		f.Close()
	}
	if err := sweeps.CompareFiles(files[0], files[1]); err != nil {
		return fmt.Errorf("files differ: %v", err)
	}
	fmt.Printf("%s and %s hold identical rows\n", files[0], files[1])
	return nil
}
