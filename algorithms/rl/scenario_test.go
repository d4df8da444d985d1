package rl_test

import (
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/internal/linkrev"
	"github.com/mutexlab/mutexlab/algorithms/rl"
	"github.com/mutexlab/mutexlab/algotest"
)

// subject plugs an RL instance into the scenario driver, with one command of its own:
// "heights h1,h2 ..." sets every node's initial height (node i at (h1, h2, i)), as the
// paper's figures draw them.
func subject(a *rl.RL) algotest.Subject {
	return algotest.Subject{Algo: a, Message: linkrev.MessageString, Commands: map[string]func([]string) (string, error){
		"heights": func(args []string) (string, error) {
			hs, err := linkrev.ParseHeights(args)
			a.InitialHeights = hs
			return "", err
		},
	}}
}

// TestScenarios plays the scenario scripts in testdata: section 4.4's Figures 3 and 4 of
// Walter, Welch and Vaidya, and the link-formation handshake of a node that moves.
func TestScenarios(t *testing.T) {
	t.Parallel()
	algotest.RunScripts(t, "testdata/*.txt", func() algotest.Subject { return subject(rl.New()) })
}

// TestScenariosCatchMutants: each script fails under a mutant that changes the lines it
// shows, so a change of behaviour cannot pass unnoticed.
func TestScenariosCatchMutants(t *testing.T) {
	t.Parallel()
	algotest.ScriptsCatch(t, map[string]string{
		"testdata/figure3.txt":  "no-request-after-token",
		"testdata/figure4.txt":  "skip-raise-height",
		"testdata/mobility.txt": "keep-q-on-link-down",
	}, func(m string) (algotest.Subject, error) {
		a, err := rl.NewMutant(m)
		return subject(a), err
	})
}
