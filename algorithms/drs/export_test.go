package drs

import (
	"github.com/mutexlab/mutexlab/algorithms/internal/mutation"
	"github.com/mutexlab/mutexlab/kernel"
)

// Mutants lists drs's deliberately broken variants, each {name, change} (see the mutation points in drs.go).
var Mutants = mutation.List(mutants[:])

// NewMutant returns a DRS with the named mutant on ("" for the real algorithm).
func NewMutant(name string) (*DRS, error) {
	a := New()
	return a, mutation.Apply("drs", name, func(n string) bool { return mutation.Turn(&a.mut, mutants[:], n) })
}

// TVGParams draws a small trial on the edge-Markovian network (tvgParams), for the mutation
// suite.
func TVGParams(seed uint64) kernel.Params { return tvgParams(seed) }
