package traceview

import (
	"context"
	"errors"
	"fmt"

	"github.com/mutexlab/mutexlab/kernel"
)

// Run runs the trial of algo under p with a recorder and returns its trace. With atFailure,
// a trial that fails after the window opt chose from its start is run again to record the
// window of opt.MaxEvents events that ends at the failure (a trial is a pure function of p,
// so the second run is the first again; Run checks that it saw as many events). A panic
// inside the trial is a failure of kind crash, shown where it happened. Bad parameters are
// an error.
func Run(p kernel.Params, algo kernel.Algorithm, opt Options, atFailure bool) (*Trace, error) {
	return RunContext(context.Background(), p, algo, opt, atFailure)
}

// RunContext is Run, stopped within about a millisecond when ctx is cancelled
// (kernel.Sim.RunContext): then there is no trace, and the error is kernel.ErrInterrupted.
func RunContext(ctx context.Context, p kernel.Params, algo kernel.Algorithm, opt Options, atFailure bool) (*Trace, error) {
	t, err := record(ctx, p, algo, opt)
	if err != nil || !atFailure || t.Failure == nil || opt.From != 0 || opt.FromTime != 0 || t.Skipped+len(t.Events.Kind) == t.Total {
		return t, err
	}
	opt.From = Tail(t.Total, opt.MaxEvents)
	again, err := record(ctx, p, algo, opt)
	if err == nil && again.Total != t.Total {
		err = fmt.Errorf("the trial is not a pure function of its parameters: %d events, then %d", t.Total, again.Total)
	}
	return again, err
}

// record runs the trial once with a recorder.
func record(ctx context.Context, p kernel.Params, algo kernel.Algorithm, opt Options) (*Trace, error) {
	sim := kernel.NewSim()
	rec, err := NewRecorder(sim, algo, opt)
	if err != nil {
		return nil, err
	}
	sim.SetTrace(rec.Event)
	runErr := runSafe(ctx, sim, p, algo)
	var pe *kernel.ParamError
	if errors.As(runErr, &pe) || errors.Is(runErr, kernel.ErrInterrupted) {
		return nil, runErr
	}
	return rec.Finish(runErr)
}

// runSafe runs the trial; a panic is returned as an error.
func runSafe(ctx context.Context, sim *kernel.Sim, p kernel.Params, algo kernel.Algorithm) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	_, err = sim.RunContext(ctx, p, algo)
	return err
}
