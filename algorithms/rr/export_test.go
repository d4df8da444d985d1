package rr

import "github.com/mutexlab/mutexlab/algorithms/internal/mutation"

// Mutants lists rr's deliberately broken variants (see the mutation points in rr.go).
var Mutants = mutation.Names(mutantNames[:])

// NewMutant returns an RR with the named mutant on ("" for the real algorithm).
func NewMutant(name string) (*RR, error) {
	a := New()
	return a, mutation.Apply("rr", name, func(n string) bool { return mutation.Turn(&a.mut, mutantNames[:], n) })
}
