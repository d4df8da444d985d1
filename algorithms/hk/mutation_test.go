package hk_test

import (
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/hk"
	"github.com/mutexlab/mutexlab/algotest"
	"github.com/mutexlab/mutexlab/internal/swarm"
	"github.com/mutexlab/mutexlab/kernel"
)

// TestMutants: each deliberately broken variant of Jiang's h-out-of-k algorithm (its own
// handlers' and the shared Reverse Link code's) is caught by the online checks (the
// k-resource checker, one token) or the liveness phase within swarm seeds 1..300; the real
// algorithm passes the same seeds. fifo-queue, which only reorders entries, is caught by
// Theorem 2's check instead (theorem2_test.go).
func TestMutants(t *testing.T) {
	t.Parallel()
	target, _ := swarm.Lookup("hk") // hk's own parameters, drawn as bench swarm draws them
	algotest.Suite{Name: "hk", Mutants: hk.Mutants, Bound: 300, Knobs: target.Knobs,
		New: func(m string) (kernel.Algorithm, error) { return hk.NewMutant(m) },
		Special: []algotest.Mutant{{Name: "ignore-received-li", Bound: algotest.RareBound},
			{Name: "fifo-queue", Bound: 60, Equivalent: "only the order of entries changes: safety and eventual service hold; Theorem 2's check catches it (TestTheorem2CatchesFIFOQueue)"}},
	}.Run(t)
}
