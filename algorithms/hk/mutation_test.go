package hk_test

import (
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/hk"
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

// TestMutants: each deliberately broken variant of Jiang's h-out-of-k algorithm is caught by
// the online checks (the k-resource checker, one token) or the liveness phase.
func TestMutants(t *testing.T) {
	t.Parallel()
	swarmtest.Suite{Algo: "hk", Names: hk.Mutants, Bound: mutationBound,
		New: func(m string) (kernel.Algorithm, error) { return hk.NewMutant(m) },
		Mutants: []swarmtest.Mutant{
			{Name: "skip-raise-height", What: "raiseHeight lines 1-3 skipped (the sink keeps its height)"},
			{Name: "ignore-received-li", What: "REQUEST handler line 1 skipped (requests on an unconfirmed link are used)", Bound: receivedLIBound},
			{Name: "no-request-after-token", What: "giveTokenToFrontOfQ line 6 skipped (no REQUEST after the TOKEN)"},
			{Name: "highest-neighbour", What: "forwardRequest sends to the highest neighbour"},
			{Name: "keep-q-on-link-down", What: "Link failing line 2 (RL's LinkDown line 2), Delete(Q, j), skipped"},
			{Name: "ignore-t", What: "giveTokenToFrontOfQ line 2 enters without t >= h"},
			{Name: "drop-release", What: "forwardRelease sends nothing (released resources vanish)"},
		},
	}.Run(t)
}
