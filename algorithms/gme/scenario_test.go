package gme_test

import (
	"fmt"
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/gme"
	"github.com/mutexlab/mutexlab/algorithms/internal/linkrev"
	"github.com/mutexlab/mutexlab/internal/trialtest"
	"github.com/mutexlab/mutexlab/kernel"
)

// subject plugs a GME instance into the scenario driver, with two commands of its own:
// "heights h1,h2 ..." (the initial heights, as in rl's scripts) and "resource i r" (node i
// asks for resource r at its next request; by default resource 0).
func subject(a *gme.GME) trialtest.Subject {
	res := map[int32]int64{}
	a.Choose = func(i int32) int64 { return res[i] }
	return trialtest.Subject{Algo: a, Message: message, Commands: map[string]func([]string) (string, error){
		"heights": func(args []string) (string, error) {
			hs, err := linkrev.ParseHeights(args)
			a.InitialHeights = hs
			return "", err
		},
		"resource": trialtest.NodeNumber("resource", func(i int32, r int64) { res[i] = r }),
	}}
}

// message renders gme's messages with what they carry: REQUEST its resource R, SUBTOKEN its
// resource, weight w = 2^-e and "dropped" flag, RELEASE its weight.
func message(typ string, m kernel.Message) string {
	r, dropped, e := gme.Decode(&m)
	h := fmt.Sprintf("(%d,%d,%d)", m.A, m.B, int32(m.C))
	switch m.Type {
	case gme.MsgRequest:
		return fmt.Sprintf("request%s R=%d", h, r)
	case gme.MsgSubtoken:
		s := fmt.Sprintf("subtoken%s R=%d w=%s", h, r, weight(e))
		if dropped {
			s += " dropped"
		}
		return s
	case gme.MsgRelease:
		return fmt.Sprintf("release%s w=%s", h, weight(e))
	}
	return typ + h
}

// weight writes 2^-e.
func weight(e int64) string {
	if e == 0 {
		return "1"
	}
	return fmt.Sprintf("1/%d", int64(1)<<e)
}

// TestScenarios plays the scenario scripts in testdata: sessions of Jiang's group mutual
// exclusion on the network of Walter, Welch and Vaidya's Figure 3, weight thrown and
// returned exactly.
func TestScenarios(t *testing.T) {
	t.Parallel()
	trialtest.RunScripts(t, "testdata/*.txt", func() trialtest.Subject { return subject(gme.New()) })
}

// TestScenariosCatchMutants: each script fails under a mutant that changes what it shows.
func TestScenariosCatchMutants(t *testing.T) {
	t.Parallel()
	trialtest.ScriptsCatch(t, map[string]string{
		"testdata/session.txt":        "end-session-early",
		"testdata/other-resource.txt": "other-resource-subtoken",
		"testdata/split-at-relay.txt": "drop-last-piece",
		"testdata/holder-rejoins.txt": "holder-enters-at-once",
	}, func(m string) (trialtest.Subject, error) {
		a, err := gme.NewMutant(m)
		return subject(a), err
	})
}
