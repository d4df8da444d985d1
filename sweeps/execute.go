package sweeps

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/mutexlab/mutexlab/internal/runner"
	"github.com/mutexlab/mutexlab/kernel"
)

// ProgramVersion is stored in every results file's metadata.
var ProgramVersion = "0.1.0"

// Options control how a sweep runs.
type Options struct {
	Workers  int      // 0: one per core; never more than the trials to run (runner.Workers)
	Out      string   // results file; "" takes DefaultOutput
	Shard    Shard    // the zero value runs the whole sweep
	Progress Progress // nil: none
	// Replace: an output file or parts directory of another sweep is replaced, not refused.
	Replace bool
}

// OutputError means the results file cannot be written, or the path holds files of another
// sweep (bad input: the path given).
type OutputError struct {
	Path string
	Err  error
}

func (e *OutputError) Error() string { return e.Err.Error() }
func (e *OutputError) Unwrap() error { return e.Err }

// StoppedError means the sweep stopped before its end — interrupted (SIGINT, SIGTERM), or a
// trial failed — with Done of Total trials safely on disk in Out.parts. Its message says
// what to do next, which depends on why it stopped.
type StoppedError struct {
	Out         string
	Done, Total int
	Err         error
}

func (e *StoppedError) Error() string {
	if errors.Is(e.Err, runner.ErrInterrupted) {
		return fmt.Sprintf("interrupted: %d of %d trials on disk (in %s.parts); rerun the same command to resume", e.Done, e.Total, e.Out)
	}
	return fmt.Sprintf("%v; %d of %d trials on disk (in %s.parts); %s", e.Err, e.Done, e.Total, e.Out, advice(e.Err))
}

func (e *StoppedError) Unwrap() error { return e.Err }

// advice says what to do after a failed trial: rerunning the same command reproduces it.
func advice(err error) string {
	var te *kernel.TrialError
	var pe *runner.PanicError
	switch {
	case errors.As(err, &te) && te.Kind == kernel.ErrStarvation:
		return "rerunning gives the same starvation: it is a liveness bug of the algorithm at these parameters, or a watchdog bound too short for them (raise starve_after)"
	case errors.As(err, &te) && te.Kind == kernel.ErrBudget:
		return "rerunning stops the same way: change the parameter that makes the trial run away, or raise max_events_per_entry if it is meant to be this long (a new budget makes a new sweep: its rows record it)"
	case errors.As(err, &te):
		return "rerunning reproduces it: it is a bug of the algorithm (or the kernel); the seed above replays the trial"
	case errors.As(err, &pe):
		return "this is a bug in mutexlab: please report it with the trial and seed above"
	}
	return "fix the cause, then rerun the same command to resume"
}

// Report is what Execute did.
type Report struct {
	Out    string
	Total  int   // trials of the sweep (or shard)
	OnDisk int   // trials already on disk when it started (resumed)
	Ran    int   // trials it ran
	Events int64 // events the trials it ran processed, all phases (kernel.Result.Events)
}

// DefaultOutput is where a sweep writes without --out: the spec's output (else
// results/NAME.parquet), with ".shard-I-of-N" before the extension for a shard.
func DefaultOutput(spec *Spec, sh Shard) string {
	out := spec.Output
	if out == "" {
		out = filepath.Join("results", spec.Name+".parquet")
	}
	if !sh.Whole() {
		ext := filepath.Ext(out)
		out = fmt.Sprintf("%s.shard-%d-of-%d%s", strings.TrimSuffix(out, ext), sh.I, sh.N, ext)
	}
	return out
}

// Execute runs the trials of spec (or of one shard of it) and writes one row per trial to
// a Parquet file, in the order of Spec.Schedule, so the file is the same byte for byte for
// any worker count.
//
// Resume: finished trials are journalled as they finish and gathered every partRows rows
// into part files in the directory OUT.parts; the output file itself appears, atomically,
// only when every trial is done, and the directory is then removed. A sweep stopped by
// cancelling ctx (or by a failing trial) stops its trials in flight, writes the rows in hand
// and returns a *StoppedError; a killed one loses only the trials in flight. Running the same
// sweep again skips every trial on disk. An output file or parts directory of another sweep
// is never touched (*OutputError).
func Execute(ctx context.Context, spec *Spec, opt Options) (Report, error) {
	rep := Report{Out: opt.Out}
	if rep.Out == "" {
		rep.Out = DefaultOutput(spec, opt.Shard)
	}
	if dir := filepath.Dir(rep.Out); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return rep, &OutputError{Path: rep.Out, Err: fmt.Errorf("cannot create directory %s: %v", dir, unwrapPathErr(err))}
		}
	}
	sched := spec.Schedule(opt.Shard)
	rep.Total = sched.Len()
	st, err := openStore(rep.Out, spec, sched, opt.Shard, opt.Replace)
	if errors.Is(err, errComplete) {
		rep.OnDisk = rep.Total
		return rep, nil
	}
	if err != nil {
		return rep, err
	}
	defer st.close()
	rep.OnDisk = st.done.count()
	prog := opt.Progress
	if prog == nil {
		prog = noProgress{}
	}
	prog.Start(spec.Name, rep.Total, rep.OnDisk)
	wp, byWork := prog.(WorkProgress)
	if byWork {
		total := sched.EstimateWork().Events
		wp.StartWork(total, total*float64(rep.OnDisk)/float64(max(rep.Total, 1)))
	}
	first, skip := st.done.prefix, map[int]bool{} // a snapshot: the workers read it
	for _, k := range st.done.stragglers() {
		skip[k] = true
	}
	err = Run(ctx, rep.Total-first, opt.Workers, func(j int) (Trial, bool) {
		if skip[first+j] {
			return Trial{}, true
		}
		return sched.Trial(first + j), false
	}, func(o Outcome) error {
		if o.Skipped {
			return nil
		}
		k, _ := sched.Position(o.Trial.Index)
		if err := st.add(k, Row(o)); err != nil {
			return err
		}
		rep.Ran++
		rep.Events += o.Result.Events
		if byWork {
			wp.AddWork(estimateCost(o.Trial.Algorithm, &o.Trial.Params))
		}
		prog.Add(1)
		return nil
	})
	prog.Finish()
	if err != nil {
		if ferr := st.flushPart(); ferr != nil {
			return rep, errors.Join(err, ferr)
		}
		var oe *OutputError
		if errors.As(err, &oe) {
			return rep, err
		}
		return rep, &StoppedError{Out: rep.Out, Done: st.done.count(), Total: rep.Total, Err: err}
	}
	return rep, st.finish()
}

type noProgress struct{}

func (noProgress) Start(string, int, int) {}
func (noProgress) Add(int)                {}
func (noProgress) Finish()                {}
