package rl

import (
	"github.com/mutexlab/mutexlab/algorithms/internal/linkrev"
	"github.com/mutexlab/mutexlab/algorithms/internal/mutation"
)

// Mutants lists RL's deliberately broken variants, each {name, change}: all of them are in the shared Reverse Link
// code (linkrev.Mutant), which RL runs unchanged.
var Mutants = mutation.List(linkrev.Mutants[:])

// NewMutant returns an RL with the named mutant on ("" for the real algorithm).
func NewMutant(name string) (*RL, error) {
	a := New()
	return a, mutation.Apply("rl", name, a.l.Mutate)
}
