package cm_test

import (
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/cm"
	"github.com/mutexlab/mutexlab/algotest"
)

// TestScenarios plays the scenario scripts in testdata: Chandy and Misra's hygienic rules
// (a dirty fork is yielded, a clean one kept, a hungry node asks back at once, eating
// dirties every fork) on a ring, and cm's placement of a new link's fork.
func TestScenarios(t *testing.T) {
	t.Parallel()
	algotest.RunScripts(t, "testdata/*.txt", func() algotest.Subject { return algotest.Subject{Algo: cm.New()} })
}

// TestScenariosCatchMutants: each script fails under mutants that change what it shows.
func TestScenariosCatchMutants(t *testing.T) {
	t.Parallel()
	mutant := func(m string) (algotest.Subject, error) {
		a, err := cm.NewMutant(m)
		return algotest.Subject{Algo: a}, err
	}
	for _, m := range []string{"yield-clean-fork", "no-dirty-after-eating", "drop-deferred-request", "eat-without-all-forks"} {
		algotest.ScriptsCatch(t, map[string]string{"testdata/hygiene.txt": m}, mutant)
	}
	for _, m := range []string{"place-by-id", "no-fork-at-link-up"} {
		algotest.ScriptsCatch(t, map[string]string{"testdata/link-up.txt": m}, mutant)
	}
}
