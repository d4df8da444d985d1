package traceview

import (
	"errors"
	"fmt"

	"github.com/mutexlab/mutexlab/kernel"
)

// Run runs the trial of algo under p with a recorder and returns its trace. With atFailure,
// a trial that fails is run twice: first to count its events, then to record the window of
// opt.MaxEvents events that ends at the failure (a trial is a pure function of p, so the
// second run is the first again; Run checks that it saw as many events). A panic inside the
// trial is a failure of kind crash, shown where it happened. Bad parameters are an error.
func Run(p kernel.Params, algo kernel.Algorithm, opt Options, atFailure bool) (*Trace, error) {
	if atFailure && opt.From == 0 && opt.FromTime == 0 {
		total, err := count(p, algo)
		if err != nil {
			opt.From = Tail(total, opt.MaxEvents)
		}
	}
	sim := kernel.NewSim()
	rec, err := NewRecorder(sim, algo, opt)
	if err != nil {
		return nil, err
	}
	sim.SetTrace(rec.Event)
	runErr := runSafe(sim, p, algo)
	var pe *kernel.ParamError
	if errors.As(runErr, &pe) {
		return nil, runErr
	}
	return rec.Finish(runErr)
}

// count runs the trial with a trace that only counts its events.
func count(p kernel.Params, algo kernel.Algorithm) (int, error) {
	sim, n := kernel.NewSim(), 0
	sim.SetTrace(func(kernel.TraceEvent) { n++ })
	return n, runSafe(sim, p, algo)
}

// runSafe runs the trial; a panic is returned as an error.
func runSafe(sim *kernel.Sim, p kernel.Params, algo kernel.Algorithm) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	_, err = sim.Run(p, algo)
	return err
}
