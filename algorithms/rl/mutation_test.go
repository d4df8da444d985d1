package rl_test

import (
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/rl"
	"github.com/mutexlab/mutexlab/internal/swarm/swarmtest"
	"github.com/mutexlab/mutexlab/kernel"
)

// mutationBound is the number of swarm trials (seeds 1..mutationBound) within which the
// checks must catch every mutant; the real algorithm must pass the same trials.
const mutationBound = 300

// receivedLIBound is ignore-received-li's own bound. The mutant mostly only costs messages (a
// stale Request is enqueued and the token makes a needless round trip) and loses a request in
// about 0.1% of swarm trials, so it gets more seeds than the others; the first catching seed
// depends on every random stream, so the bound leaves a wide margin.
const receivedLIBound = 6000

// TestMutants: each deliberately broken variant of RL (section 4.3's pseudocode with one
// line dropped or changed) is caught by the online checks or the liveness phase.
func TestMutants(t *testing.T) {
	t.Parallel()
	swarmtest.Suite{Algo: "rl", Names: rl.Mutants, Bound: mutationBound,
		New: func(m string) (kernel.Algorithm, error) { return rl.NewMutant(m) },
		Mutants: []swarmtest.Mutant{
			{Name: "skip-raise-height", What: "RaiseHeight lines 1-5 skipped (the sink keeps its height)"},
			{Name: "ignore-received-li", What: "Request handler line 1 skipped (requests on a link not yet confirmed by LinkInfo are used)", Bound: receivedLIBound},
			{Name: "no-request-after-token", What: "GiveTokenToNext line 7 skipped (no Request after the Token when Q is not empty)"},
			{Name: "highest-neighbour", What: "ForwardRequest line 1 picks the highest neighbour"},
			{Name: "keep-q-on-link-down", What: "LinkDown line 2, Delete(Q, j), skipped"},
		},
	}.Run(t)
}
