package sweeps

import (
	"context"
	"fmt"

	"github.com/mutexlab/mutexlab/algorithms"
	"github.com/mutexlab/mutexlab/internal/runner"
	"github.com/mutexlab/mutexlab/kernel"
)

// Outcome is a finished trial.
type Outcome struct {
	Trial  Trial
	Result kernel.Result
	// Skipped: the trial was already on disk and did not run (resume).
	Skipped bool
}

// TrialFailure is a trial that stopped on a safety violation, starvation, broken invariant,
// exhausted event budget or a panic; it carries the trial so the error can say how to
// replay it.
type TrialFailure struct {
	Trial Trial
	Err   error
}

func (f *TrialFailure) Error() string {
	return fmt.Sprintf("trial %d (%s %s replicate %d, seed %d): %v", f.Trial.Index, f.Trial.Algorithm, f.Trial.Point, f.Trial.Replicate, f.Trial.Params.Seed, f.Err)
}

func (f *TrialFailure) Unwrap() error { return f.Err }

// worker is what one worker goroutine owns: a simulator and one instance of each algorithm,
// reused for all its trials.
type worker struct {
	sim   *kernel.Sim
	algos map[string]kernel.Algorithm
}

func newWorker() *worker { return &worker{sim: kernel.NewSim(), algos: map[string]kernel.Algorithm{}} }

// Run executes n trials, trial(j) for j in 0..n-1 (skip true: already done, not run), on
// workers goroutines (0: one per core; never more than n) through package runner, and calls
// emit with each outcome in the order of j, whatever order they finish in, so output files
// are the same byte for byte for any worker count. The failing trial with the lowest j
// stops the run and is the error returned (a *TrialFailure), whatever the worker count;
// every trial before it still runs. When ctx is cancelled the trials in flight stop within
// about a millisecond, the finished ones are emitted, and Run returns runner.ErrInterrupted.
func Run(ctx context.Context, n, workers int, trial func(j int) (Trial, bool), emit func(Outcome) error) error {
	return runner.Run(ctx, runner.Config{Workers: workers}, n, newWorker,
		func(ctx context.Context, w *worker, j int) (o Outcome, err error) {
			t, skip := trial(j)
			o.Trial, o.Skipped = t, skip
			if skip {
				return o, nil
			}
			defer func() {
				if r := recover(); r != nil {
					panic(fmt.Sprintf("trial %d (%s %s replicate %d, seed %d): %v", t.Index, t.Algorithm, t.Point, t.Replicate, t.Params.Seed, r))
				}
			}()
			a, ok := w.algos[t.Algorithm]
			if !ok {
				if a, err = algorithms.New(t.Algorithm); err != nil {
					return o, err
				}
				w.algos[t.Algorithm] = a
			}
			if startHook != nil {
				startHook()
			}
			o.Result, err = w.sim.RunContext(ctx, t.Params, a)
			if err != nil && ctx.Err() == nil {
				err = &TrialFailure{Trial: t, Err: err}
			}
			return o, err
		},
		func(_ int, o Outcome) error { return emit(o) })
}

// startHook, if set (by tests), is called as each trial starts.
var startHook func()
