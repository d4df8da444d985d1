package hk_test

import (
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/hk"
	"github.com/mutexlab/mutexlab/internal/swarm/swarmtest"
	"github.com/mutexlab/mutexlab/kernel"
)

// TestMutants: each deliberately broken variant of Jiang's h-out-of-k algorithm (its own
// handlers' and the shared Reverse Link code's) is caught by the online checks (the
// k-resource checker, one token) or the liveness phase within swarm seeds 1..300; the real
// algorithm passes the same seeds.
func TestMutants(t *testing.T) {
	t.Parallel()
	swarmtest.Suite{Algo: "hk", Mutants: hk.Mutants, Bound: 300,
		New:     func(m string) (kernel.Algorithm, error) { return hk.NewMutant(m) },
		Special: []swarmtest.Mutant{{Name: "ignore-received-li", Bound: swarmtest.RareBound}},
	}.Run(t)
}
