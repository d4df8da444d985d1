package rl_test

import (
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/rl"
	"github.com/mutexlab/mutexlab/algotest"
	"github.com/mutexlab/mutexlab/kernel"
)

// TestMutants: each deliberately broken variant of RL (section 4.3's pseudocode with one
// line dropped or changed, in the shared Reverse Link code) is caught by the online checks or
// the liveness phase within swarm seeds 1..300; the real algorithm passes the same seeds.
func TestMutants(t *testing.T) {
	t.Parallel()
	algotest.Suite{Name: "rl", Mutants: rl.Mutants, Bound: 300,
		New:     func(m string) (kernel.Algorithm, error) { return rl.NewMutant(m) },
		Special: []algotest.Mutant{{Name: "ignore-received-li", Bound: algotest.RareBound}},
	}.Run(t)
}
