package algotest

import (
	"context"
	"testing"

	"github.com/mutexlab/mutexlab/internal/swarm/core"
	"github.com/mutexlab/mutexlab/kernel"
)

// Target is an algorithm under swarm test, registered or not:
//
//	Name  string                                      // in messages
//	New   func() kernel.Algorithm                     // a fresh instance
//	Knobs func(r *kernel.Stream, p *kernel.Params)    // its own parameters' draw; nil: defaults
//
// Knobs draws from a stream of its own (after the common draw), so adding knobs never changes
// the network, load or mobility a seed gives.
type Target = core.Target

// Kind classifies a swarm trial's outcome: Pass, Safety (a safety check fired, or the
// algorithm broke the kernel's rules), Starvation (the liveness phase's watchdog fired) or
// Crash (a panic, a runaway trial).
type Kind = core.Kind

// The kinds of outcome.
const (
	Pass       = core.Pass
	Safety     = core.Safety
	Starvation = core.Starvation
	Crash      = core.Crash
)

// SwarmParams draws the swarm trial of target at seed: every common knob at random (n in
// 2..40, links, load, CS time, delays, mobility, warm-up and measurement length, the network
// model's readings), then target.Knobs. A pure function of (target.Knobs, seed); bench swarm
// draws the same trials for a registered algorithm.
func SwarmParams(target Target, seed uint64) kernel.Params { return core.Params(target, seed) }

// Swarm runs trials swarm trials of target (seeds 1..trials, SwarmParams) on every core, each
// under every online check and then the liveness phase, and fails t at the first failing seed
// in seed order (the same whatever the number of cores), with the trial's parameters. It
// returns the number of events the trials processed.
func Swarm(t testing.TB, target Target, trials int) int64 {
	t.Helper()
	rep, err := core.Run(context.Background(), core.Config{Targets: []Target{target}, Trials: trials, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if f := rep.Failure; f != nil {
		p := SwarmParams(target, f.Seed)
		t.Fatalf("%s: seed %d: %v\n  params: %s%s", target.Name, f.Seed, f.Err, core.Describe(&p), stack(f.Stack))
	}
	return rep.Events
}

func stack(s string) string {
	if s == "" {
		return ""
	}
	return "\n" + s
}
