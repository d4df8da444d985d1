package sweeps

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// ProgramVersion is stored in every results file's metadata.
var ProgramVersion = "0.1.0"

// Options control how a sweep runs.
type Options struct {
	Workers  int      // 0: one per core
	Out      string   // results file; "" takes DefaultOutput
	Shard    Shard    // the zero value runs the whole sweep
	Progress Progress // nil: none
}

// OutputError means the results file cannot be written, or the path holds files of another
// sweep (bad input: the path given).
type OutputError struct {
	Path string
	Err  error
}

func (e *OutputError) Error() string { return e.Err.Error() }
func (e *OutputError) Unwrap() error { return e.Err }

// InterruptedError means the sweep stopped early (SIGINT, SIGTERM, a failed trial) with
// Done of Total trials safely on disk; rerunning the same command resumes it.
type InterruptedError struct {
	Out         string
	Done, Total int
	Err         error
}

func (e *InterruptedError) Error() string {
	return fmt.Sprintf("%v: stopped with %d/%d trials on disk in %s.parts; rerun the same command to resume", e.Err, e.Done, e.Total, e.Out)
}
func (e *InterruptedError) Unwrap() error { return e.Err }

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
// cancelling ctx writes the rows in hand and returns an *InterruptedError; a killed one
// loses only the trials in flight. Running the same sweep again skips every trial on disk.
// An output file or parts directory of another sweep is never touched (*OutputError).
func Execute(ctx context.Context, spec *Spec, opt Options) (string, error) {
	out := opt.Out
	if out == "" {
		out = DefaultOutput(spec, opt.Shard)
	}
	if dir := filepath.Dir(out); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return out, &OutputError{Path: out, Err: fmt.Errorf("cannot create directory %s: %v", dir, unwrapPathErr(err))}
		}
	}
	sched := spec.Schedule(opt.Shard)
	mine := make([]bool, len(spec.Points())*spec.Trials*len(spec.Algorithms))
	for _, t := range sched {
		mine[t.Index] = true
	}
	st, err := openStore(out, spec, opt.Shard, mine)
	if errors.Is(err, errComplete) {
		return out, nil
	}
	if err != nil {
		return out, err
	}
	defer st.close()
	todo := make([]Trial, 0, len(sched)-st.ndone)
	for _, t := range sched {
		if !st.done[t.Index] {
			todo = append(todo, t)
		}
	}
	prog := opt.Progress
	if prog == nil {
		prog = noProgress{}
	}
	prog.Start(spec.Name, len(sched), len(sched)-len(todo))
	err = Run(ctx, todo, opt.Workers, func(o Outcome) error {
		if err := st.add(o.Trial.Index, Row(o, st.layout)); err != nil {
			return err
		}
		prog.Add(1)
		return nil
	})
	prog.Finish()
	if err != nil {
		if ferr := st.flushPart(); ferr != nil {
			return out, errors.Join(err, ferr)
		}
		var oe *OutputError
		if errors.As(err, &oe) {
			return out, err
		}
		return out, &InterruptedError{Out: out, Done: st.ndone, Total: len(sched), Err: err}
	}
	return out, st.finish()
}

type noProgress struct{}

func (noProgress) Start(string, int, int) {}
func (noProgress) Add(int)                {}
func (noProgress) Finish()                {}
