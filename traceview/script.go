package traceview

import (
	"errors"

	"github.com/mutexlab/mutexlab/kernel"
)

// Script records a scenario script's trial (algotest): hook goes in the script's
// Subject.Trace, and finish, once the script has run, returns the trace of its network (the
// first one, if the script builds several). A script's clock moves only when it lets
// messages arrive on their own (stabilize); out-of-turn deliveries keep it still, so the
// page steps through such a script by events, several at one time. This is how the paper
// figures' scenarios are shown (docs/viewer.md).
func Script(algo kernel.Algorithm, opt Options) (hook func(*kernel.Sim, kernel.TraceEvent), finish func(err error) (*Trace, error), err error) {
	if _, err := NewRecorder(kernel.NewSim(), algo, opt); err != nil { // opt's limits
		return nil, nil, err
	}
	var rec *Recorder
	var first *kernel.Sim
	hook = func(sim *kernel.Sim, e kernel.TraceEvent) {
		if first == nil {
			first = sim
			rec, _ = NewRecorder(sim, algo, opt)
		}
		if sim == first {
			rec.Event(e)
		}
	}
	finish = func(err error) (*Trace, error) {
		if rec == nil {
			return nil, errors.New("the script ran no trial event: nothing to show")
		}
		return rec.Finish(err)
	}
	return hook, finish, nil
}
