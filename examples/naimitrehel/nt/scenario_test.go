package nt_test

import (
	"testing"

	"github.com/mutexlab/mutexlab/algotest"
	"github.com/mutexlab/mutexlab/examples/naimitrehel/nt"
	"github.com/mutexlab/mutexlab/kernel"
)

// subject plugs an NT instance into the test kit's scenario driver, with messages rendered
// as testdata/pathreversal.txt writes them.
func subject(a *nt.NT) algotest.Subject {
	return algotest.Subject{Algo: a, Message: nt.MessageText}
}

// TestScenarios plays testdata/*.txt (algotest.RunScripts): pathreversal.txt shows, on a
// ring of five nodes, concurrent requests queueing through next in the order the root saw
// them, the token following that queue, and a request reversing the path it travels, one
// REQUEST message per node on it, whatever the hops between them. go test -rewrite accepts
// new output.
func TestScenarios(t *testing.T) {
	t.Parallel()
	algotest.RunScripts(t, "testdata/*.txt", func() algotest.Subject { return subject(nt.New()) })
}

// TestScenariosCatchMutants: the scenario's output changes under every mutant
// (algotest.ScriptsCatch logs the first line that differs).
func TestScenariosCatchMutants(t *testing.T) {
	t.Parallel()
	mutant := func(m string) (algotest.Subject, error) {
		a, err := nt.NewMutant(m)
		return subject(a), err
	}
	for _, m := range nt.Mutants {
		algotest.ScriptsCatch(t, map[string]string{"testdata/pathreversal.txt": m[0]}, mutant)
	}
}

// TestMessageText: messages render as the scenario script writes them.
func TestMessageText(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		typ  string
		m    kernel.Message
		want string
	}{
		{"request", kernel.Message{Type: nt.MsgRequest, A: 2, B: 3, C: 4}, "request(2: 4=>3)"},
		{"token", kernel.Message{Type: nt.MsgToken, A: 1, B: 2}, "token(1=>2)"},
	} {
		if got := nt.MessageText(c.typ, c.m); got != c.want {
			t.Errorf("MessageText(%s, %+v) = %q, want %q", c.typ, c.m, got, c.want)
		}
	}
}
