package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/mutexlab/mutexlab/internal/swarm"
)

func init() {
	register(command{name: "replay", summary: "rerun one swarm seed with tracing: event trace and shortest failing prefix (bench replay --algo rl --seed N [--out trace.txt])", run: replayCmd})
}

var replayHelp = help{
	usage: "bench replay --algo A --seed S [--out trace.txt] [--full] [--max-lines N]",
	about: `Reruns the swarm trial of one algorithm and seed (as bench swarm printed it) with the kernel's
trace on, and searches the shortest failing prefix: the fewest measured CS entries after
which the trial, healed, still fails the same way. It writes a header (the parameters, the
outcome, the prefix), then one line per event and a state: line after each handler that
changed its node's state. The exit code is the trial's: 0 passes, 3 safety violation,
4 starvation, 1 crash.`,
	examples: []string{
		"bench replay --algo rl --seed 1349 --out trace.txt",
		"bench replay --algo gme --seed 77 --full --max-lines 100000",
	},
	more: "docs/testing.md (the swarm, replay and the mutation suites)",
}

// replayCmd reruns one swarm trial. The exit code is the trial's: 0 if it passes, 3 for a
// safety violation, 4 for starvation, 1 for a crash, so a script can tell a fixed seed.
func replayCmd(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("bench replay", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	algo := fs.String("algo", "", "`algorithm` whose seed to replay (required)")
	seed := fs.Uint64("seed", 0, "the `seed` bench swarm printed (required)")
	seedSet := false
	out := fs.String("out", "", "trace `file` (default: standard output); written under a temporary name, then renamed")
	full := fs.Bool("full", false, "also trace the original trial, not only the shortest failing prefix")
	maxLines := fs.Int("max-lines", 2_000_000, "most lines per trace")
	pos, err := parseArgs(fs, args, replayHelp)
	if err != nil {
		return err
	}
	if err := noArgs("replay", pos); err != nil {
		return err
	}
	fs.Visit(func(f *flag.Flag) { seedSet = seedSet || f.Name == "seed" })
	if *algo == "" {
		return usagef("--algo: required (the algorithm bench swarm printed)")
	}
	t, err := swarmTarget(*algo)
	if err != nil {
		return usagef("--algo: %v", err)
	}
	if !seedSet {
		return usagef("--seed: required (the seed bench swarm printed)")
	}
	if *maxLines < 1 {
		return usagef("--max-lines: must be >= 1, got %d", *maxLines)
	}
	if fi, err := os.Stat(*out); *out != "" && err == nil && fi.IsDir() {
		return usagef("--out %s: is a directory; name the trace file", *out)
	}
	w, commit, abort, err := openOut(*out)
	if err != nil {
		return usagef("--out %s: %v", *out, err)
	}
	rep, err := swarm.Reproduce(w, t, *seed, swarm.ReplayOptions{Full: *full, MaxLines: *maxLines})
	if err != nil {
		abort()
		return err
	}
	if err := commit(); err != nil {
		return fmt.Errorf("--out %s: %v", *out, err)
	}
	where := "standard output"
	if *out != "" {
		where = *out
	}
	if rep.Original.Kind == swarm.Pass {
		fmt.Fprintf(os.Stderr, "replay: %s seed %d passes (%d events); trace (%d lines) -> %s\n", t.Name, *seed, rep.Original.Events, rep.Lines, where)
		return nil
	}
	fmt.Fprintf(os.Stderr, "replay: shortest failing prefix %d of %d CS entries; trace (%d lines) -> %s\n",
		rep.Prefix, rep.Params.Warmup+rep.Params.Measure, rep.Lines, where)
	return &swarmFailure{&swarm.Failure{Outcome: rep.Original}}
}

// openOut opens the trace destination: standard output, or a temporary file beside path that
// commit renames to path (abort removes it), so a failed replay leaves no partial file.
func openOut(path string) (w io.Writer, commit func() error, abort func(), err error) {
	if path == "" {
		return os.Stdout, func() error { return nil }, func() {}, nil
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return nil, nil, nil, err
	}
	abort = func() { f.Close(); os.Remove(f.Name()) }
	commit = func() error {
		if err := f.Close(); err != nil {
			os.Remove(f.Name())
			return err
		}
		if err := os.Rename(f.Name(), path); err != nil {
			os.Remove(f.Name())
			return err
		}
		return nil
	}
	return f, commit, abort, nil
}
