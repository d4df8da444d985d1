package rr

// Mutants names RR's deliberately broken variants (see the mutation points in rr.go).
var Mutants = []string{"keep-asked", "wrong-neighbour", "ignore-using", "lifo"}

// SetMutation turns the named mutant on ("" for the real algorithm) and returns a function
// that turns it off. Only mutation tests call it, never concurrently with running trials.
func SetMutation(name string) (restore func()) {
	old := mutation
	mutation = mutNone
	for k, m := range Mutants {
		if m == name {
			mutation = mutant(k + 1)
		}
	}
	if name != "" && mutation == mutNone {
		panic("rr: unknown mutant " + name)
	}
	return func() { mutation = old }
}
