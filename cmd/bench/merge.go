package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"runtime"

	"github.com/mutexlab/mutexlab/results"
	"github.com/mutexlab/mutexlab/sweeps"
)

func init() {
	register(command{name: "merge", summary: "combine shard files into one (bench merge --out ALL.parquet SHARD...), checking every trial is there once", run: mergeCmd})
	register(command{name: "compare", summary: "check two results files hold identical rows, in any order (bench compare A.parquet B.parquet)", run: compareCmd})
}

func defaultWorkers() int { return runtime.GOMAXPROCS(0) }

func mergeCmd(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("bench merge", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	out := fs.String("out", "", "merged results file (required)")
	if err := parseFlagsArgs(fs, args, "usage: bench merge --out ALL.parquet SHARD.parquet..."); err != nil {
		return err
	}
	if *out == "" {
		return usagef("--out: required (the merged file)")
	}
	if fs.NArg() == 0 {
		return usagef("no shard files given")
	}
	if err := sweeps.MergeShards(*out, fs.Args()); err != nil {
		return usagef("%v", err)
	}
	fmt.Printf("merged %d files -> %s\n", fs.NArg(), *out)
	return nil
}

func compareCmd(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("bench compare", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	if err := parseFlagsArgs(fs, args, "usage: bench compare A.parquet B.parquet"); err != nil {
		return err
	}
	if fs.NArg() != 2 {
		return usagef("need two results files, got %d", fs.NArg())
	}
	for _, path := range fs.Args() { // an unreadable input is bad input (exit 2), not a difference
		f, err := results.Open(path)
		if err != nil {
			return usagef("%v", err)
		}
		f.Close()
	}
	if err := sweeps.CompareFiles(fs.Arg(0), fs.Arg(1)); err != nil {
		return fmt.Errorf("files differ: %v", err)
	}
	fmt.Printf("%s and %s hold identical rows\n", fs.Arg(0), fs.Arg(1))
	return nil
}

// parseFlagsArgs parses flags and allows positional arguments; -h prints usage.
func parseFlagsArgs(fs *flag.FlagSet, args []string, usage string) error {
	err := fs.Parse(args)
	if err == flag.ErrHelp {
		fmt.Println(usage)
		return errHelp
	}
	if err != nil {
		return usagef("%v", err)
	}
	return nil
}
