package sweeps

import (
	"context"
	"fmt"
	"runtime"
	"sync"

	"github.com/mutexlab/mutexlab/algorithms"
	"github.com/mutexlab/mutexlab/kernel"
)

// Outcome is a finished trial.
type Outcome struct {
	Trial  Trial
	Result kernel.Result
}

// TrialFailure is a trial that stopped on a safety violation, starvation or broken
// invariant; it carries the trial so the error can say how to replay it.
type TrialFailure struct {
	Trial Trial
	Err   error
}

func (f *TrialFailure) Error() string {
	return fmt.Sprintf("trial %d (%s %s replicate %d): %v", f.Trial.Index, f.Trial.Algorithm, f.Trial.Point, f.Trial.Replicate, f.Err)
}

func (f *TrialFailure) Unwrap() error { return f.Err }

// Run executes trials on workers goroutines (0: one per core) and calls emit with each
// outcome in the order of trials, whatever order they finish in, so output files are the same
// byte for byte for any worker count. Each worker owns one simulator and one instance of each
// algorithm and reuses them for all its trials. The first failing trial stops the run.
//
// Memory stays flat in the number of trials: a trial is started only when it is fewer than
// Window(workers) positions ahead of the next outcome to emit, so at most that many outcomes
// wait to be emitted. With trials ordered slowest first (Spec.Schedule) the window rarely
// stalls a worker. When ctx is cancelled no new trial starts; the trials in flight finish,
// those that continue the emitted sequence are emitted, and Run returns ctx.Err().
func Run(ctx context.Context, trials []Trial, workers int, emit func(Outcome) error) error {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	window := Window(workers)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	type done struct {
		pos int
		out Outcome
		err error
	}
	jobs := make(chan int)
	results := make(chan done, workers)
	// credit holds one token per free slot of the reorder window: the dispatcher takes one
	// before starting a trial, the emitter gives it back after emitting an outcome.
	credit := make(chan struct{}, window)
	for range window {
		credit <- struct{}{}
	}
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sim := kernel.NewSim()
			algos := map[string]kernel.Algorithm{}
			for pos := range jobs {
				t := trials[pos]
				a, ok := algos[t.Algorithm]
				if !ok {
					var err error
					if a, err = algorithms.New(t.Algorithm); err != nil {
						results <- done{pos: pos, err: err}
						continue
					}
					algos[t.Algorithm] = a
				}
				if startHook != nil {
					startHook()
				}
				r, err := sim.Run(t.Params, a)
				if err != nil {
					err = &TrialFailure{Trial: t, Err: err}
				}
				results <- done{pos: pos, out: Outcome{Trial: t, Result: r}, err: err}
			}
		}()
	}
	go func() {
		defer close(jobs)
		for pos := range trials {
			if ctx.Err() != nil {
				return
			}
			select {
			case <-credit:
			case <-ctx.Done():
				return
			}
			if ctx.Err() != nil {
				return
			}
			select {
			case jobs <- pos:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() {
		wg.Wait()
		close(results)
	}()

	pending := make(map[int]Outcome, window)
	nextPos := 0
	var firstErr error
	for d := range results {
		if firstErr != nil {
			continue // drain
		}
		if d.err != nil {
			firstErr = d.err
			cancel()
			continue
		}
		pending[d.pos] = d.out
		for {
			o, ok := pending[nextPos]
			if !ok {
				break
			}
			delete(pending, nextPos)
			nextPos++
			if err := emit(o); err != nil {
				firstErr = err
				cancel()
				break
			}
			credit <- struct{}{}
		}
	}
	if firstErr != nil {
		return firstErr
	}
	if err := ctx.Err(); err != nil && nextPos < len(trials) {
		return err
	}
	return nil
}

// Window is the most outcomes Run holds back to keep them in order: a few per worker.
func Window(workers int) int { return 4*workers + 8 }

// startHook, if set (by tests), is called as each trial starts.
var startHook func()
