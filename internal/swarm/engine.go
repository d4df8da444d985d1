package swarm

import (
	"context"

	"github.com/mutexlab/mutexlab/internal/swarm/core"
	"github.com/mutexlab/mutexlab/kernel"
)

// The swarm's engine lives in package core (go doc ./internal/swarm/core), which does not
// import the registry; these names are the engine's, so that a caller of the swarm needs
// one package.

type (
	Target  = core.Target
	Kind    = core.Kind
	Outcome = core.Outcome
	Failure = core.Failure
	Config  = core.Config
	Report  = core.Report
)

const (
	Pass       = core.Pass
	Safety     = core.Safety
	Starvation = core.Starvation
	Crash      = core.Crash
)

// Params draws the trial of target t at seed (core.Params).
func Params(t Target, seed uint64) kernel.Params { return core.Params(t, seed) }

// Describe renders a trial's parameters on one line (core.Describe).
func Describe(p *kernel.Params) string { return core.Describe(p) }

// Classify maps a trial's error to a Kind (core.Classify).
func Classify(err error) Kind { return core.Classify(err) }

// RunTrial runs the trial of t at seed on sim with algo (core.RunTrial).
func RunTrial(sim *kernel.Sim, algo kernel.Algorithm, t Target, seed uint64) (Outcome, bool) {
	return core.RunTrial(sim, algo, t, seed)
}

// Run runs the swarm (core.Run).
func Run(ctx context.Context, cfg Config) (Report, error) { return core.Run(ctx, cfg) }
