package rl

// Mutants names RL's deliberately broken variants (see the mutation points in rl.go).
var Mutants = []string{"skip-raise-height", "ignore-received-li", "no-request-after-token", "highest-neighbour", "keep-q-on-link-down"}

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
		panic("rl: unknown mutant " + name)
	}
	return func() { mutation = old }
}
