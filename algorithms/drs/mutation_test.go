package drs_test

import (
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/drs"
	"github.com/mutexlab/mutexlab/algotest"
	"github.com/mutexlab/mutexlab/internal/swarm"
	"github.com/mutexlab/mutexlab/kernel"
)

// mutationParams alternates the swarm's random graphs (reliable FIFO links, K drawn from
// {16, 64, 256}) with the edge-Markovian network (lossy, non-FIFO, ports reused at once),
// the model the paper is written for.
func mutationParams(seed uint64) kernel.Params {
	if seed%2 == 0 {
		return drs.TVGParams(seed)
	}
	t, _ := swarm.Lookup("drs")
	return swarm.Params(t, seed)
}

// TestMutants: each deliberately broken variant of Daymude, Richa and Scheideler's algorithm
// (one of Algorithms 1-3's actions with a line dropped or changed, or the package doc's
// late-applicant rule undone) is caught by the online checks (local mutual exclusion, lock
// sets, Lemma 11's two messages per edge) or the liveness phase.
func TestMutants(t *testing.T) {
	t.Parallel()
	algotest.Suite{Name: "drs", Mutants: drs.Mutants, Bound: 300, Params: mutationParams,
		New: func(m string) (kernel.Algorithm, error) { return drs.NewMutant(m) },
	}.Run(t)
}
