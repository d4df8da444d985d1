package gme_test

import (
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/gme"
	"github.com/mutexlab/mutexlab/algotest"
	"github.com/mutexlab/mutexlab/internal/swarm"
	"github.com/mutexlab/mutexlab/kernel"
)

// TestMutants: each deliberately broken variant of Jiang's group mutual exclusion (section
// 3's handlers with one statement dropped or changed, one of the package doc's choices
// undone, or the shared Reverse Link code's) is caught by the online checks (Theorem 1's
// checker, one token) or the liveness phase within swarm seeds 1..300; the real algorithm
// passes the same seeds.
func TestMutants(t *testing.T) {
	t.Parallel()
	target, _ := swarm.Lookup("gme") // gme's own parameters, drawn as bench swarm draws them
	algotest.Suite{Name: "gme", Mutants: gme.Mutants, Bound: 300, Knobs: target.Knobs,
		New:     func(m string) (kernel.Algorithm, error) { return gme.NewMutant(m) },
		Special: []algotest.Mutant{{Name: "ignore-received-li", Bound: algotest.RareBound}},
	}.Run(t)
}
