package cm

// Mutants names cm's deliberately broken variants (see the mutation points in cm.go).
var Mutants = []string{"eat-without-all-forks", "no-dirty-after-eating", "yield-clean-fork", "drop-deferred-request", "no-fork-at-link-up", "place-by-id"}

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
		panic("cm: unknown mutant " + name)
	}
	return func() { mutation = old }
}
