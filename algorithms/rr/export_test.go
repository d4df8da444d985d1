package rr

import "github.com/mutexlab/mutexlab/algorithms/internal/mutation"

// Mutants lists rr's deliberately broken variants, each {name, change} (see the mutation points in rr.go).
var Mutants = mutation.List(mutants[:])

// NewMutant returns an RR with the named mutant on ("" for the real algorithm).
func NewMutant(name string) (*RR, error) {
	a := New()
	return a, mutation.Apply("rr", name, func(n string) bool { return mutation.Turn(&a.mut, mutants[:], n) })
}
