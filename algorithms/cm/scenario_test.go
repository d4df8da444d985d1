package cm_test

import (
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/cm"
	"github.com/mutexlab/mutexlab/internal/trialtest"
)

// TestScenarios plays the scenario scripts in testdata: Chandy and Misra's hygienic rules
// (a dirty fork is yielded, a clean one kept, a hungry node asks back at once, eating
// dirties every fork) on a ring, and cm's placement of a new link's fork.
func TestScenarios(t *testing.T) {
	t.Parallel()
	trialtest.RunScripts(t, "testdata/*.txt", func() trialtest.Subject { return trialtest.Subject{Algo: cm.New()} })
}

// TestScenariosCatchMutants: each script fails under mutants that change what it shows.
func TestScenariosCatchMutants(t *testing.T) {
	t.Parallel()
	mutant := func(m string) (trialtest.Subject, error) {
		a, err := cm.NewMutant(m)
		return trialtest.Subject{Algo: a}, err
	}
	for _, m := range []string{"yield-clean-fork", "no-dirty-after-eating", "drop-deferred-request", "eat-without-all-forks"} {
		trialtest.ScriptsCatch(t, map[string]string{"testdata/hygiene.txt": m}, mutant)
	}
	for _, m := range []string{"place-by-id", "no-fork-at-link-up"} {
		trialtest.ScriptsCatch(t, map[string]string{"testdata/link-up.txt": m}, mutant)
	}
}
