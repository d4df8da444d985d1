package akw2_test

import (
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/akw2"
	"github.com/mutexlab/mutexlab/algotest"
)

// TestScenarios plays the scenario scripts in testdata: Theorem 8's failure locality 2 on a
// crash, step by step.
func TestScenarios(t *testing.T) {
	t.Parallel()
	algotest.RunScripts(t, "testdata/*.txt", func() algotest.Subject { return algotest.Subject{Algo: akw2.New()} })
}

// TestScenariosCatchMutants: the script fails under a mutant that changes what it shows.
func TestScenariosCatchMutants(t *testing.T) {
	t.Parallel()
	algotest.ScriptsCatch(t, map[string]string{"testdata/failure-locality.txt": "eat-with-senior-forks"},
		func(m string) (algotest.Subject, error) {
			a, err := akw2.NewMutant(m)
			return algotest.Subject{Algo: a}, err
		})
}
