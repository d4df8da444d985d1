package hk

// Mutants names hk's deliberately broken variants (see the mutation points in hk.go).
var Mutants = []string{"skip-raise-height", "ignore-received-li", "no-request-after-token", "highest-neighbour", "ignore-t", "drop-release"}

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
		panic("hk: unknown mutant " + name)
	}
	return func() { mutation = old }
}
