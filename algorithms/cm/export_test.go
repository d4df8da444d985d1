package cm

import "github.com/mutexlab/mutexlab/algorithms/internal/mutation"

// Mutants lists cm's deliberately broken variants, each {name, change} (see the mutation points in cm.go).
var Mutants = mutation.List(mutants[:])

// NewMutant returns an CM with the named mutant on ("" for the real algorithm).
func NewMutant(name string) (*CM, error) {
	a := New()
	return a, mutation.Apply("cm", name, func(n string) bool { return mutation.Turn(&a.mut, mutants[:], n) })
}
