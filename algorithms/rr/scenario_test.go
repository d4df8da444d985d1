package rr_test

import (
	"fmt"
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/rr"
	"github.com/mutexlab/mutexlab/algotest"
	"github.com/mutexlab/mutexlab/kernel"
)

// subject plugs an RR instance into the scenario driver, with its messages rendered as
// Raymond's message from one tree node to another: "request(3=>0)" is a REQUEST from tree
// node 3 to its tree neighbour 0, on whichever physical hop it is.
func subject(a *rr.RR) algotest.Subject {
	return algotest.Subject{Algo: a, Message: message}
}

func message(typ string, m kernel.Message) string {
	return fmt.Sprintf("%s(%d=>%d)", typ, m.A, m.B)
}

// TestScenarios plays the scenario scripts in testdata, "Raymond's with routing" of Walter,
// Welch and Vaidya's section 6: ASSIGN_PRIVILEGE and MAKE_REQUEST on a five-node tree whose
// edges are routed over a ring (tree.txt), and a message in transit rerouted when a link
// fails (routing.txt).
func TestScenarios(t *testing.T) {
	t.Parallel()
	algotest.RunScripts(t, "testdata/*.txt", func() algotest.Subject { return subject(rr.New()) })
}

// TestScenariosCatchMutants: each script fails under mutants that change what it shows.
func TestScenariosCatchMutants(t *testing.T) {
	t.Parallel()
	mutant := func(m string) (algotest.Subject, error) {
		a, err := rr.NewMutant(m)
		return subject(a), err
	}
	for _, m := range []string{"keep-asked", "wrong-neighbour", "ignore-using", "lifo"} {
		algotest.ScriptsCatch(t, map[string]string{"testdata/tree.txt": m}, mutant)
	}
	algotest.ScriptsCatch(t, map[string]string{"testdata/routing.txt": "wrong-neighbour"}, mutant)
}
