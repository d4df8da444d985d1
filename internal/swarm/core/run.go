package core

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"slices"

	"github.com/mutexlab/mutexlab/internal/runner"
	"github.com/mutexlab/mutexlab/kernel"
)

// Kind classifies a trial's outcome.
type Kind uint8

const (
	Pass       Kind = iota
	Safety          // a safety check fired (or the algorithm broke the kernel's rules)
	Starvation      // a request was not served in the liveness phase (watchdog)
	Crash           // the program itself failed: a panic, a runaway trial (kernel.ErrBudget), or another error
)

func (k Kind) String() string {
	return [...]string{"pass", "safety violation", "starvation", "crash"}[k]
}

// Outcome is one trial's result.
type Outcome struct {
	Algorithm string
	Seed      uint64
	Kind      Kind
	Err       error // nil when Kind is Pass
	Events    int64 // events processed (passing trials)
	Stack     string
}

// Failure is a failing trial, with what is needed to reproduce it.
type Failure struct{ Outcome }

// Command is the one command that reproduces the failure.
func (f *Failure) Command() string {
	return fmt.Sprintf("bench replay --algo %s --seed %d", f.Algorithm, f.Seed)
}

func (f *Failure) Error() string {
	var te *kernel.TrialError
	if errors.As(f.Err, &te) { // it names kind, algorithm and seed already
		return fmt.Sprintf("%v; reproduce: %s", f.Err, f.Command())
	}
	return fmt.Sprintf("%s: algorithm=%s seed=%d: %v; reproduce: %s", f.Kind, f.Algorithm, f.Seed, f.Err, f.Command())
}

// Classify maps a trial's error to a Kind.
func Classify(err error) Kind {
	var te *kernel.TrialError
	switch {
	case err == nil:
		return Pass
	case errors.As(err, &te) && te.Kind == kernel.ErrStarvation:
		return Starvation
	case errors.As(err, &te) && te.Kind == kernel.ErrBudget:
		return Crash
	case errors.As(err, &te):
		return Safety
	}
	return Crash
}

// RunTrial runs the trial of t at seed on sim with algo (both reused between calls). A panic
// inside the trial is recovered and reported as a Crash; the caller must then discard sim
// and algo, whose state is undefined (ok reports whether they can be reused).
func RunTrial(sim *kernel.Sim, algo kernel.Algorithm, t Target, seed uint64) (o Outcome, ok bool) {
	return runTrial(context.Background(), sim, algo, t, seed)
}

// runTrial is RunTrial, stopped early when ctx is cancelled (o.Err is then
// kernel.ErrInterrupted).
func runTrial(ctx context.Context, sim *kernel.Sim, algo kernel.Algorithm, t Target, seed uint64) (o Outcome, ok bool) {
	o = Outcome{Algorithm: t.Name, Seed: seed}
	defer func() {
		if r := recover(); r != nil {
			o.Kind, o.Err, o.Stack, ok = Crash, fmt.Errorf("panic: %v", r), string(debug.Stack()), false
		}
	}()
	res, err := sim.RunContext(ctx, Params(t, seed), algo)
	o.Kind, o.Err, o.Events = Classify(err), err, res.Events
	return o, true
}

// Config is a swarm run: Trials seeds per target, Seed, Seed+1, ..., Seed+Trials−1.
type Config struct {
	Targets []Target
	Trials  int
	Seed    uint64
	Workers int // 0: one per core; never more than the trials (runner.Workers)
	// KeepGoing runs every trial instead of stopping at the first failure, and counts the
	// failures (mutation tests use it to measure how often each mutant is caught).
	KeepGoing bool
	// Progress, when not nil, is called after every finished trial, in trial order, with the
	// number done so far.
	Progress func(done int)
}

// Report is the result of a swarm run.
type Report struct {
	Trials  int   // trials run to completion
	Events  int64 // events processed by passing trials
	Failure *Failure
	Failed  [4]int // failing trials by Kind (with KeepGoing; else at most the one reported)
}

// swarmWorker is what one worker owns: a simulator and an instance of each target.
type swarmWorker struct {
	sim   *kernel.Sim
	algos []kernel.Algorithm
}

// Run runs the swarm on the one worker pool of package runner. It stops at the first
// failure, where "first" is in (target, seed) order: trials after a known failure are
// skipped or stopped, trials before it still run, so the reported failure is the same
// whatever the number of workers. A cancelled ctx stops the trials in flight and returns
// runner.ErrInterrupted with the report so far.
func Run(ctx context.Context, cfg Config) (Report, error) {
	var rep Report
	total := len(cfg.Targets) * cfg.Trials
	err := runner.Run(ctx, runner.Config{Workers: cfg.Workers}, total,
		func() *swarmWorker {
			return &swarmWorker{sim: kernel.NewSim(), algos: make([]kernel.Algorithm, len(cfg.Targets))}
		},
		func(ctx context.Context, w *swarmWorker, job int) (Outcome, error) {
			ti := job / cfg.Trials
			t := cfg.Targets[ti]
			if w.algos[ti] == nil {
				w.algos[ti] = t.New()
			}
			o, ok := runTrial(ctx, w.sim, w.algos[ti], t, cfg.Seed+uint64(job%cfg.Trials))
			if !ok {
				w.sim, w.algos[ti] = kernel.NewSim(), nil
			}
			if errors.Is(o.Err, kernel.ErrInterrupted) {
				return o, o.Err
			}
			if o.Kind != Pass && !cfg.KeepGoing {
				return o, &Failure{o}
			}
			return o, nil
		},
		func(job int, o Outcome) error {
			rep.Trials++
			if o.Kind == Pass {
				rep.Events += o.Events
			} else {
				rep.Failed[o.Kind]++
				if rep.Failure == nil {
					rep.Failure = &Failure{o}
				}
			}
			if cfg.Progress != nil {
				cfg.Progress(rep.Trials)
			}
			return nil
		})
	var f *Failure
	if errors.As(err, &f) {
		job := int(f.Seed-cfg.Seed) + slices.IndexFunc(cfg.Targets, func(t Target) bool { return t.Name == f.Algorithm })*cfg.Trials
		rep.Failure, rep.Trials = f, job+1
		rep.Failed = [4]int{}
		rep.Failed[f.Kind] = 1
		return rep, nil
	}
	return rep, err
}
