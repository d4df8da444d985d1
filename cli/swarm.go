package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"sync/atomic"
	"time"

	"github.com/mutexlab/mutexlab/internal/runner"
	"github.com/mutexlab/mutexlab/internal/swarm"
)

func init() {
	register(command{name: "swarm", summary: "swarm testing: many trials with every knob random per seed, all checks on (bench swarm --algo rl,rr --trials 100000)", run: swarmCmd})
}

var swarmHelp = help{
	usage: "bench swarm [--algo A,B,...] [--trials K] [--seed S] [--workers N] [--quiet]",
	about: `Swarm testing in the style of TigerBeetle's VOPR: trial k of every algorithm runs on seed
SEED+k, and the seed draws every knob at random (network size and links, load, mobility,
delays, CS time, measurement length, the algorithm's own parameters). Every trial runs under
every online check, then a liveness phase (link changes and requests stop; every pending
request must be served before the starvation watchdog fires). The swarm stops at the first
failure in (algorithm, seed) order, whatever --workers is, and prints the command that
replays it. Exit codes: 0 all passed, 3 safety violation, 4 starvation, 1 crash, 2 bad flags.`,
	examples: []string{
		"bench swarm --algo rl,rr --trials 2000",
		"bench swarm --algo hk --trials 5000 --seed 90001 --workers 2",
	},
	more: "docs/testing.md (the swarm, replay and the mutation suites)",
}

// swarmTarget resolves an algorithm name; tests replace it to swarm deliberately broken
// algorithms through the command line.
var swarmTarget = swarm.Lookup

// swarmFailure is a failing trial found by bench swarm. It unwraps to the kernel's
// *TrialError for a safety violation or starvation, so main's exitCode gives 3 or 4; a crash
// (a recovered panic, or any other error) unwraps to nothing and exits 1.
type swarmFailure struct{ f *swarm.Failure }

func (e *swarmFailure) Error() string { return e.f.Error() }

func (e *swarmFailure) Unwrap() error {
	if e.f.Kind == swarm.Safety || e.f.Kind == swarm.Starvation {
		return e.f.Err
	}
	return nil
}

func swarmCmd(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("bench swarm", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	algo := fs.String("algo", strings.Join(swarm.DefaultAlgorithms, ","), "`list` of algorithms to swarm")
	trials := fs.Int("trials", 1000, "trials per algorithm")
	seed := fs.Uint64("seed", 1, "first seed: trial k of every algorithm runs on seed SEED+k")
	workers := fs.Int("workers", 0, "worker goroutines (0: one per core)")
	quiet := fs.Bool("quiet", false, "no progress lines")
	pos, err := parseArgs(fs, args, swarmHelp)
	if err != nil {
		return err
	}
	if err := noArgs("swarm", pos); err != nil {
		return err
	}
	algos, err := distinctItems("--algo", *algo)
	if err != nil {
		return err
	}
	var targets []swarm.Target
	for _, name := range algos {
		t, err := swarmTarget(name)
		if err != nil {
			return usagef("--algo: %v", err)
		}
		targets = append(targets, t)
	}
	if len(targets) == 0 {
		return usagef("--algo: empty; name at least one algorithm")
	}
	if *trials < 1 || *trials > 1<<40 {
		return usagef("--trials: must be in 1..2^40, got %d", *trials)
	}
	if err := checkWorkers(*workers); err != nil {
		return err
	}
	if *seed+uint64(*trials) < *seed {
		return usagef("--seed: %d + %d trials overflows the seed range", *seed, *trials)
	}
	cfg := swarm.Config{Targets: targets, Trials: *trials, Seed: *seed, Workers: *workers}
	total := len(targets) * *trials
	start := time.Now()
	if !*quiet {
		var last atomic.Int64
		cfg.Progress = func(done int) {
			now := time.Since(start).Milliseconds()
			if l := last.Load(); (now-l >= 2000 || done == total) && last.CompareAndSwap(l, now) {
				fmt.Fprintf(os.Stderr, "swarm: %d/%d trials, %s\n", done, total, time.Since(start).Round(time.Second))
			}
		}
	}
	rep, err := swarm.Run(ctx, cfg)
	if rep.Failure != nil {
		f := rep.Failure
		fmt.Printf("FAIL %s: algorithm=%s seed=%d\n  params: %s\n  reproduce: %s\n", f.Kind, f.Algorithm, f.Seed,
			describeSeed(f.Algorithm, f.Seed), f.Command())
		if f.Stack != "" {
			fmt.Fprintln(os.Stderr, f.Stack)
		}
		return &swarmFailure{f}
	}
	if err != nil {
		if errors.Is(err, runner.ErrInterrupted) {
			return fmt.Errorf("interrupted after %d trials, no failure so far", rep.Trials)
		}
		return err
	}
	el := time.Since(start)
	fmt.Printf("swarm: %d trials (%s × %d, seeds %d..%d) passed every check in %s (%.0f trials/s, %d events)\n",
		rep.Trials, strings.Join(names(targets), ","), *trials, *seed, *seed+uint64(*trials)-1, el.Round(time.Millisecond),
		float64(rep.Trials)/el.Seconds(), rep.Events)
	return nil
}

func describeSeed(algo string, seed uint64) string {
	t, err := swarmTarget(algo)
	if err != nil {
		return "?"
	}
	p := swarm.Params(t, seed)
	return swarm.Describe(&p)
}

func names(ts []swarm.Target) []string {
	out := make([]string, len(ts))
	for k, t := range ts {
		out[k] = t.Name
	}
	return out
}
