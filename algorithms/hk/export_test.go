package hk

import (
	"github.com/mutexlab/mutexlab/algorithms/internal/linkrev"
	"github.com/mutexlab/mutexlab/algorithms/internal/mutation"
)

// Mutants lists hk's deliberately broken variants, each {name, change}: its own and the shared Reverse Link code's.
var Mutants = mutation.List(mutants[:], linkrev.Mutants[:])

// NewMutant returns an HK with the named mutant on ("" for the real algorithm).
func NewMutant(name string) (*HK, error) {
	a := New()
	own := func(n string) bool { return mutation.Turn(&a.mut, mutants[:], n) }
	return a, mutation.Apply("hk", name, own, a.l.Mutate)
}
