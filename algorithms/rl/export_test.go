package rl

import (
	"github.com/mutexlab/mutexlab/algorithms/internal/linkrev"
	"github.com/mutexlab/mutexlab/algorithms/internal/mutation"
)

// Mutants lists RL's deliberately broken variants: all of them are in the shared Reverse Link
// code (linkrev.Mutant), which RL runs unchanged.
var Mutants = mutation.Names(linkrev.MutantNames[:])

// NewMutant returns an RL with the named mutant on ("" for the real algorithm).
func NewMutant(name string) (*RL, error) {
	a := New()
	return a, mutation.Apply("rl", name, a.l.Mutate)
}
