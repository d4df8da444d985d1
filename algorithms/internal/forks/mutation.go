package forks

import "github.com/mutexlab/mutexlab/algorithms/internal/mutation"

// Mutant numbers the deliberately broken variants of the fork collection module: akw1 and akw2
// both have them (the mutation package says how mutants work). Table.mut holds the one in
// force, MutNone in every real trial.
type Mutant uint8

const (
	MutNone               Mutant = iota
	MutEatWithSeniorForks        // lines 2 and 19 (akw2 18, 25): eat once every senior fork is held
	MutIgnoreEats                // usable(j) ignores eats[j]: eat beside a neighbour still eating
	MutEaterYields               // line 10's exception undone: an eater grants requests like a hungry node
	MutKeepJuniorForks           // line 15 (akw2 14): release-high-forks skipped when a senior's request is granted
	MutNoFlag                    // line 31 (akw2 28): the fork never carries the flag "I want it back"
	MutForkAtBothEnds            // line 45/48 (akw2 32): both ends of a new link create a fork
)

// Mutants names the mutants, indexed by Mutant, each with the change it makes in
// the paper's terms (mutation.Table).
var Mutants = [...][2]string{
	MutEatWithSeniorForks: {"eat-with-senior-forks", "lines 2 and 19 (akw2: 18 and 25): eat once every senior fork is held"},
	MutIgnoreEats:         {"ignore-eats", "usable(j) ignores eats[j]: eat beside a neighbour still eating"},
	MutEaterYields:        {"eater-yields", "line 10's exception undone (akw2: 12): an eater grants requests like a hungry node"},
	MutKeepJuniorForks:    {"keep-junior-forks", "line 15 (akw2: 14): release-high-forks skipped when a senior's request is granted"},
	MutNoFlag:             {"no-flag", "line 31 (akw2: 28): the fork never carries the flag \"I want it back\""},
	MutForkAtBothEnds:     {"fork-at-both-ends", "lines 45 and 48 (akw2: 32): both ends of a new link create a fork"},
}

// Mutate turns on the module's mutant called name and reports whether it has one.
func (t *Table) Mutate(name string) bool { return mutation.Turn(&t.mut, Mutants[:], name) }
