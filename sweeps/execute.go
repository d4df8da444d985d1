package sweeps

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/mutexlab/mutexlab/results"
)

// ProgramVersion is stored in every results file's metadata.
var ProgramVersion = "0.1.0"

// Options control how a sweep runs.
type Options struct {
	Workers  int       // 0: one per core
	Out      string    // results file; "" takes the spec's output
	Progress io.Writer // where plain progress lines go (nil: none)
	// OnOutcome, if set, sees every outcome in trial order (for summaries).
	OnOutcome func(Outcome)
}

// OutputError means the results file cannot be written (bad input: the path given).
type OutputError struct {
	Path string
	Err  error
}

func (e *OutputError) Error() string { return e.Err.Error() }
func (e *OutputError) Unwrap() error { return e.Err }

// Execute runs every trial of spec and writes one row per trial to a Parquet file. The file
// appears only when the sweep has finished (temporary name, then rename): an interrupted or
// failed sweep leaves no partial file and never damages a file already there.
func Execute(ctx context.Context, spec *Spec, opt Options) (string, error) {
	out := opt.Out
	if out == "" {
		out = spec.Output
	}
	if out == "" {
		out = filepath.Join("results", spec.Name+".parquet")
	}
	if dir := filepath.Dir(out); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return out, &OutputError{Path: out, Err: fmt.Errorf("cannot create directory %s: %v", dir, unwrapPathErr(err))}
		}
	}
	layout := Layout()
	meta := map[string]string{
		"mutexlab.program_version": ProgramVersion,
		"mutexlab.spec":            spec.Describe(),
		"mutexlab.spec_name":       spec.Name,
		"mutexlab.root_seed":       strconv.FormatUint(spec.Seed, 10),
	}
	w, err := results.Create(out, layout, meta)
	if err != nil {
		return out, &OutputError{Path: out, Err: err}
	}
	trials := spec.TrialList()
	start := time.Now()
	lastReport := start
	done := 0
	err = Run(ctx, trials, opt.Workers, func(o Outcome) error {
		row := Row(o, layout)
		if err := w.Write(&row); err != nil {
			return err
		}
		done++
		if done%256 == 0 {
			if err := w.Flush(); err != nil {
				return err
			}
		}
		if opt.OnOutcome != nil {
			opt.OnOutcome(o)
		}
		if opt.Progress != nil && (time.Since(lastReport) > 5*time.Second || done == len(trials)) {
			lastReport = time.Now()
			el := time.Since(start)
			fmt.Fprintf(opt.Progress, "%s: %d/%d trials, %.1f trials/s, elapsed %s\n", spec.Name, done, len(trials), float64(done)/el.Seconds(), el.Round(time.Second))
		}
		return nil
	})
	if err != nil {
		w.Abort()
		return out, err
	}
	return out, w.Close()
}
