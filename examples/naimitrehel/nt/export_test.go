package nt

import (
	"fmt"
	"slices"
)

// Mutants lists nt's deliberately broken variants, each {name, the change in the paper's
// terms}, in the form the mutation harness takes.
var Mutants = mutantList()

func mutantList() [][2]string {
	var all [][2]string
	for _, m := range mutants {
		if m[0] != "" {
			all = append(all, m)
		}
	}
	return all
}

// NewMutant returns an NT with the named mutant on ("" for the real algorithm).
func NewMutant(name string) (*NT, error) {
	a := New()
	if name == "" {
		return a, nil
	}
	k := slices.IndexFunc(mutants[:], func(m [2]string) bool { return m[0] == name })
	if k <= 0 {
		return nil, fmt.Errorf("%s has no mutant %q", Name, name)
	}
	a.mut = mutant(k)
	return a, nil
}
