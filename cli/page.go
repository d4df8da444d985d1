package cli

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/mutexlab/mutexlab/algorithms"
	"github.com/mutexlab/mutexlab/internal/outfile"
	"github.com/mutexlab/mutexlab/internal/swarm"
	"github.com/mutexlab/mutexlab/kernel"
	"github.com/mutexlab/mutexlab/sweeps"
	"github.com/mutexlab/mutexlab/traceview"
)

// runHTML is bench run --html: the run's one trial as a viewer page, opened at its failure
// if it fails (bench replay --spec chooses another window); with --dry-run it only says which
// trial it would show. SIGINT or SIGTERM (ctx) stops the trial within about a millisecond
// and writes no page: an existing file at path is left as it was.
func runHTML(ctx context.Context, spec *sweeps.Spec, path string, out, dryRun, replace bool, args []string) error {
	if out {
		return usagef("--html: writes the trial as a page, not a results file; drop --out")
	}
	if spec.NumTrials() != 1 {
		return usagef("--html: shows one trial, and these flags make %d (give one algorithm, one value per parameter and --trials 1)", spec.NumTrials())
	}
	if err := checkPagePath("--html", path); err != nil {
		return err
	}
	tr := spec.Trial(0)
	if dryRun {
		fmt.Printf("one trial: %s seed %d (%s) -> %s\n", tr.Algorithm, tr.Params.Seed, swarm.Describe(&tr.Params), path)
		return nil
	}
	stamp := outfile.NewStamp("bench run", sweeps.SpecHash(spec))
	return trialPageContext(ctx, "run", tr, "bench run trial", "bench run "+strings.Join(args, " "), traceview.Options{}, pageOut{path, stamp, replace})
}

// trialPageContext records one trial of a sweep (bench run --html, bench replay --preset or
// --spec) and writes its page, saying so as command cmd; a failing trial's exit code is its
// failure's. A cancelled context stops the trial (traceview.RunContext) and nothing is
// written, even if the trial had just finished.
func trialPageContext(ctx context.Context, cmd string, tr sweeps.Trial, what, again string, opt traceview.Options, out pageOut) error {
	if err := outfile.CheckStamped("--html", out.path, out.stamp, out.replace); err != nil {
		return err // before the trial runs
	}
	path := out.path
	algo, err := algorithms.New(tr.Algorithm)
	if err != nil {
		return err
	}
	t, err := traceview.RunContext(ctx, tr.Params, algo, opt, true)
	if errors.Is(err, kernel.ErrInterrupted) || ctx.Err() != nil {
		return pageInterrupted(path)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	t.Title = fmt.Sprintf("%s, %s", tr.Algorithm, what)
	t.About = []string{"params: " + swarm.Describe(&tr.Params), "seed " + fmt.Sprint(tr.Params.Seed) + "; again: " + again}
	if err := writePage(cmd, path, t, out.stamp, out.replace); err != nil {
		return err
	}
	return pageErr(t)
}

// pageInterrupted is the error of a page interrupted before it was written (exit code 1).
func pageInterrupted(path string) error {
	return fmt.Errorf("interrupted before the page was written: nothing written to %s; rerun the command for it", path)
}
