package rl

import (
	"github.com/mutexlab/mutexlab/algorithms/internal/linkrev"
	"github.com/mutexlab/mutexlab/algorithms/internal/mutation"
	"github.com/mutexlab/mutexlab/kernel"
)

// Mutants lists RL's deliberately broken variants, each {name, change}: all of them are in the shared Reverse Link
// code (linkrev.Mutant), which RL runs unchanged.
var Mutants = mutation.List(linkrev.Mutants[:])

// NewMutant returns an RL with the named mutant on ("" for the real algorithm).
func NewMutant(name string) (*RL, error) {
	a := New()
	return a, mutation.Apply("rl", name, a.l.Mutate)
}

// CheckLower reports the first port of node i's N whose Lower bit disagrees with its height.
func (a *RL) CheckLower(i int32) (kernel.Port, bool) { return a.l.CheckLower(i) }
