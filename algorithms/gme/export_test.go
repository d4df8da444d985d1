package gme

// Mutants names gme's deliberately broken variants (see the mutation points in gme.go).
var Mutants = []string{"other-resource-subtoken", "drop-last-piece", "end-session-early", "no-request-after-token", "skip-raise-height", "holder-enters-at-once", "no-rerequest-after-drop"}

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
		panic("gme: unknown mutant " + name)
	}
	return func() { mutation = old }
}
