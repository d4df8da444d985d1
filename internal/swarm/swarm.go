package swarm

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"

	"github.com/mutexlab/mutexlab/kernel"
)

// Kind classifies a trial's outcome.
type Kind uint8

const (
	Pass       Kind = iota
	Safety          // a safety check fired (or the algorithm broke the kernel's rules)
	Starvation      // a request was not served in the liveness phase (watchdog)
	Crash           // the program itself failed: a panic, or an error that is not a trial error
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
	case errors.As(err, &te):
		return Safety
	}
	return Crash
}

// RunTrial runs the trial of t at seed on sim with algo (both reused between calls). A panic
// inside the trial is recovered and reported as a Crash; the caller must then discard sim
// and algo, whose state is undefined (ok reports whether they can be reused).
func RunTrial(sim *kernel.Sim, algo kernel.Algorithm, t Target, seed uint64) (o Outcome, ok bool) {
	o = Outcome{Algorithm: t.Name, Seed: seed}
	defer func() {
		if r := recover(); r != nil {
			o.Kind, o.Err, o.Stack, ok = Crash, fmt.Errorf("panic: %v", r), string(debug.Stack()), false
		}
	}()
	res, err := sim.Run(Params(t, seed), algo)
	o.Kind, o.Err, o.Events = Classify(err), err, res.Events
	return o, true
}

// Config is a swarm run: Trials seeds per target, Seed, Seed+1, ..., Seed+Trials−1.
type Config struct {
	Targets []Target
	Trials  int
	Seed    uint64
	Workers int // 0: one per core
	// KeepGoing runs every trial instead of stopping at the first failure, and counts the
	// failures (mutation tests use it to measure how often each mutant is caught).
	KeepGoing bool
	// Progress, when not nil, is called after every finished trial with the number done so
	// far (from the worker goroutines; it must be safe for concurrent use).
	Progress func(done int)
}

// Report is the result of a swarm run.
type Report struct {
	Trials  int   // trials run to completion
	Events  int64 // events processed by passing trials
	Failure *Failure
	Failed  [4]int // failing trials by Kind (with KeepGoing; else at most the one reported)
}

// Run runs the swarm. It stops at the first failure, where "first" is in (target, seed)
// order: trials after a known failure are skipped, trials before it still run, so the
// reported failure is the same whatever the number of workers. A cancelled ctx returns
// ctx.Err() with the report so far.
func Run(ctx context.Context, cfg Config) (Report, error) {
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	total := int64(len(cfg.Targets) * cfg.Trials)
	var (
		next, done, events atomic.Int64
		firstFail          atomic.Int64 // job index of the first known failure
		mu                 sync.Mutex
		failures           = map[int64]Outcome{}
		wg                 sync.WaitGroup
		rep                Report
	)
	firstFail.Store(total)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sim, algos := kernel.NewSim(), make([]kernel.Algorithm, len(cfg.Targets))
			for ctx.Err() == nil {
				job := next.Add(1) - 1
				if job >= total || (!cfg.KeepGoing && job > firstFail.Load()) {
					return
				}
				ti := int(job) / cfg.Trials
				t := cfg.Targets[ti]
				if algos[ti] == nil {
					algos[ti] = t.New()
				}
				o, ok := RunTrial(sim, algos[ti], t, cfg.Seed+uint64(int(job)%cfg.Trials))
				if !ok {
					sim, algos[ti] = kernel.NewSim(), nil
				}
				if o.Kind != Pass {
					mu.Lock()
					if len(failures) == 0 || job < firstFail.Load() {
						failures[job] = o
					}
					rep.Failed[o.Kind]++
					mu.Unlock()
					for f := firstFail.Load(); job < f && !firstFail.CompareAndSwap(f, job); f = firstFail.Load() {
					}
				} else {
					events.Add(o.Events)
				}
				d := done.Add(1)
				if cfg.Progress != nil {
					cfg.Progress(int(d))
				}
			}
		}()
	}
	wg.Wait()
	rep.Events = events.Load()
	if f := firstFail.Load(); f < total && !cfg.KeepGoing {
		rep.Failure = &Failure{failures[f]}
		rep.Trials = int(f) + 1
		rep.Failed = [4]int{}
		rep.Failed[rep.Failure.Kind] = 1
	} else {
		if f < total {
			rep.Failure = &Failure{failures[f]}
		}
		rep.Trials = int(done.Load())
	}
	return rep, ctx.Err()
}
