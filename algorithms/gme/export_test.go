package gme

import (
	"github.com/mutexlab/mutexlab/algorithms/internal/linkrev"
	"github.com/mutexlab/mutexlab/algorithms/internal/mutation"
)

// Mutants lists gme's deliberately broken variants, each {name, change}: its own and the shared Reverse Link code's.
var Mutants = mutation.List(mutants[:], linkrev.Mutants[:])

// NewMutant returns an GME with the named mutant on ("" for the real algorithm).
func NewMutant(name string) (*GME, error) {
	a := New()
	own := func(n string) bool { return mutation.Turn(&a.mut, mutants[:], n) }
	return a, mutation.Apply("gme", name, own, a.l.Mutate)
}
