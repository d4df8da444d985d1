package drs_test

import (
	"fmt"
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/drs"
	"github.com/mutexlab/mutexlab/algotest"
	"github.com/mutexlab/mutexlab/kernel"
)

// subject plugs a DRS instance into the scenario driver, with one command of its own:
// "priority i p" makes node i draw priority p in its competition trials from now on
// (otherwise it draws from its random stream).
func subject(a *drs.DRS) algotest.Subject {
	prio := map[int32]int{}
	a.Priority = func(i int32) int { return prio[i] }
	return algotest.Subject{Algo: a, Message: message, Commands: map[string]func([]string) (string, error){
		"priority": algotest.NodeNumber("priority", func(i int32, p int64) { prio[i] = int(p) }),
	}}
}

// message renders drs's messages as the paper writes them: prepare(), request-lock(p),
// win(TRUE), ...
func message(typ string, m kernel.Message) string {
	switch m.Type {
	case drs.MsgRequestLock:
		return fmt.Sprintf("request-lock(%d)", m.A)
	case drs.MsgWin:
		return fmt.Sprintf("win(%s)", map[bool]string{true: "TRUE", false: "FALSE"}[m.A == 1])
	}
	return typ + "()"
}

// TestScenarios plays the scenario scripts in testdata: every action of Algorithms 1-3 of
// Daymude, Richa and Scheideler, each step headed by the action it shows.
func TestScenarios(t *testing.T) {
	t.Parallel()
	algotest.RunScripts(t, "testdata/*.txt", func() algotest.Subject { return subject(drs.New()) })
}

// TestScenariosCatchMutants: each script fails under a mutant that changes what it shows.
func TestScenariosCatchMutants(t *testing.T) {
	t.Parallel()
	algotest.ScriptsCatch(t, map[string]string{
		"testdata/lock.txt":           "enter-early",
		"testdata/unlock.txt":         "keep-lock",
		"testdata/compete.txt":        "ignore-lock",
		"testdata/disconnect.txt":     "forget-port",
		"testdata/late-applicant.txt": "literal-listing",
	}, func(m string) (algotest.Subject, error) {
		a, err := drs.NewMutant(m)
		return subject(a), err
	})
}
