// Package runner is the one worker pool under bench sweep, bench run and bench swarm: it runs
// jobs 0..n-1 on a bounded number of workers and hands their outcomes back in job order.
//
// The rules, the same for every command:
//
//   - Workers: at most Config.Workers (0: one per core), never more than there are jobs, never
//     more than MaxWorkers. Each worker owns a state (a simulator and algorithm instances)
//     made by newWorker and reused for its jobs.
//   - Order: emit sees outcomes in job order, through a reorder window of Window(workers)
//     jobs, so memory is flat in the number of jobs and output does not depend on the worker
//     count.
//   - Failure: the error reported is the failing job with the lowest index, never the first
//     to finish: jobs are dispatched in order, so when job f fails every job before it has
//     started, and they still run to the end. Jobs after f that are in flight are cancelled
//     (their context is), and none starts.
//   - Panic: a panic in a job becomes a *PanicError naming the job (the caller's run function
//     wraps it with the trial and seed); the worker's state is discarded and made anew.
//   - Cancellation: when ctx is cancelled no job starts and every job in flight is cancelled
//     through its context; Run returns ErrInterrupted.
//   - Stopping: after a failure or a cancellation, every outcome already in hand is still
//     emitted, in job order, even past a gap, so no finished work is lost.
package runner

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"runtime"
	"runtime/debug"
	"slices"
	"sync"
)

// MaxWorkers bounds the worker count whatever is asked: each worker holds a simulator.
const MaxWorkers = 1024

// Window is the most outcomes Run holds back to keep them in order: a few per worker.
func Window(workers int) int { return 4*workers + 8 }

// Workers returns the number of workers Run uses for n jobs when asked for want (0: one per
// core): at least 1, at most n, at most MaxWorkers.
func Workers(want, n int) int {
	if want <= 0 {
		want = runtime.GOMAXPROCS(0)
	}
	return max(1, min(want, n, MaxWorkers))
}

// ErrInterrupted is returned by Run when its context was cancelled before every job ran.
var ErrInterrupted = errors.New("interrupted")

// PanicError is a job that panicked.
type PanicError struct {
	Job   int
	Value any
	Stack string
}

func (e *PanicError) Error() string { return fmt.Sprintf("panic: %v", e.Value) }

// Config sets the worker count.
type Config struct {
	Workers int // 0: one per core
}

type done[R any] struct {
	job int
	out R
	err error
}

// Run runs jobs 0..n-1: run(ctx, state, job) on a worker's state, emit(job, outcome) in job
// order on the caller's goroutine. A job that returns an error after its context was
// cancelled was cut short: it is neither emitted nor reported. emit's first error stops the run like a failing job. See the package doc for the
// rules.
func Run[W, R any](ctx context.Context, cfg Config, n int, newWorker func() W,
	run func(ctx context.Context, w W, job int) (R, error), emit func(job int, out R) error) error {
	if n <= 0 {
		return ctx.Err()
	}
	p := &pool[W, R]{n: n, workers: Workers(cfg.Workers, n), newWorker: newWorker, run: run,
		cancels: map[int]context.CancelFunc{}, failed: n}
	p.window = Window(p.workers)
	p.ctx, p.stop = context.WithCancel(ctx)
	defer p.stop()
	p.start()
	err := p.collect(emit)
	if err == nil && ctx.Err() != nil && p.emitted < n {
		err = ErrInterrupted
	}
	return err
}

type pool[W, R any] struct {
	n, workers, window int
	newWorker          func() W
	run                func(ctx context.Context, w W, job int) (R, error)
	ctx                context.Context
	stop               context.CancelFunc
	jobs               chan int
	results            chan done[R]
	credit             chan struct{}
	halt               chan struct{} // closed at the first failure: dispatch no more
	haltOnce           sync.Once

	mu      sync.Mutex
	cancels map[int]context.CancelFunc // jobs in flight
	failed  int                        // lowest failing job so far (n: none)
	emitted int
}

// start launches the dispatcher and the workers.
func (p *pool[W, R]) start() {
	p.jobs = make(chan int)
	p.results = make(chan done[R], p.workers)
	// credit holds one token per free slot of the reorder window: the dispatcher takes one
	// before starting a job, the collector gives it back after emitting an outcome.
	p.credit = make(chan struct{}, p.window)
	p.halt = make(chan struct{})
	for range p.window {
		p.credit <- struct{}{}
	}
	var wg sync.WaitGroup
	for range p.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p.work()
		}()
	}
	go p.dispatch()
	go func() {
		wg.Wait()
		close(p.results)
	}()
}

// dispatch hands out jobs in order while the window has room, until a failure or a
// cancellation.
func (p *pool[W, R]) dispatch() {
	defer close(p.jobs)
	for job := range p.n {
		select {
		case <-p.credit:
		case <-p.ctx.Done():
			return
		case <-p.halt:
			return
		}
		p.mu.Lock()
		stopped := job > p.failed || p.ctx.Err() != nil
		p.mu.Unlock()
		if stopped {
			return
		}
		select {
		case p.jobs <- job:
		case <-p.ctx.Done():
			return
		case <-p.halt:
			return
		}
	}
}

// work runs jobs on one worker state, made anew after a panic.
func (p *pool[W, R]) work() {
	state := p.newWorker()
	for job := range p.jobs {
		ctx, cancel := context.WithCancel(p.ctx)
		p.mu.Lock()
		skip := job > p.failed
		p.cancels[job] = cancel
		p.mu.Unlock()
		var out R
		err, ok := errCut, true
		if !skip {
			out, err, ok = p.runOne(ctx, state, job)
		}
		if !ok {
			state = p.newWorker()
		}
		cut := err != nil && ctx.Err() != nil
		p.mu.Lock()
		delete(p.cancels, job)
		p.mu.Unlock()
		cancel()
		if cut {
			err = errCut // includes jobs skipped after a failure
		}
		p.results <- done[R]{job: job, out: out, err: err}
	}
}

// errCut marks a job cut short by a cancellation: no outcome.
var errCut = errors.New("cut short")

// runOne runs one job, turning a panic into a *PanicError (ok false: discard the state).
func (p *pool[W, R]) runOne(ctx context.Context, state W, job int) (out R, err error, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			err, ok = &PanicError{Job: job, Value: r, Stack: string(debug.Stack())}, false
		}
	}()
	out, err = p.run(ctx, state, job)
	return out, err, true
}

// fail records a failing job and cancels the jobs in flight after it.
func (p *pool[W, R]) fail(job int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if job >= p.failed {
		return
	}
	p.failed = job
	p.haltOnce.Do(func() { close(p.halt) })
	for j, cancel := range p.cancels {
		if j > job {
			cancel()
		}
	}
}

// collect emits outcomes in job order and returns the error of the lowest failing job.
func (p *pool[W, R]) collect(emit func(int, R) error) error {
	pending := map[int]done[R]{}
	errs := map[int]error{}
	next := 0
	var emitErr error
	for d := range p.results {
		switch {
		case d.err == errCut:
			continue
		case d.err != nil:
			errs[d.job] = d.err
			p.fail(d.job)
			continue
		}
		pending[d.job] = d
		for emitErr == nil {
			o, ok := pending[next]
			if !ok || next > p.failedJob() {
				break
			}
			delete(pending, next)
			next++
			if emitErr = emit(o.job, o.out); emitErr != nil {
				p.stop()
				break
			}
			p.emitted++
			p.credit <- struct{}{}
		}
	}
	// Stopped: keep every outcome in hand, in job order, past any gap.
	for _, job := range sortedKeys(pending) {
		if emitErr != nil {
			break
		}
		if emitErr = emit(job, pending[job].out); emitErr == nil {
			p.emitted++
		}
	}
	if emitErr != nil {
		return emitErr
	}
	if f := p.failedJob(); f < p.n {
		return errs[f]
	}
	return nil
}

func (p *pool[W, R]) failedJob() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.failed
}

func sortedKeys[R any](m map[int]done[R]) []int { return slices.Sorted(maps.Keys(m)) }
