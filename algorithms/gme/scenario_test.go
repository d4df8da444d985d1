package gme_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/algorithms"
	"github.com/mutexlab/mutexlab/algorithms/gme"
	"github.com/mutexlab/mutexlab/algorithms/internal/linkrev"
	"github.com/mutexlab/mutexlab/algotest"
	"github.com/mutexlab/mutexlab/kernel"
)

// subject plugs a GME instance into the scenario driver, with commands of its own: "heights
// h1,h2 ..." (the initial heights, as in rl's scripts), "resource i r" (node i asks for
// resource r at its next request; by default resource 0) and "ce" (the concurrent-entering
// watch so far). Named options take their names on the network line (subtokens=session).
func subject(a *gme.GME) algotest.Subject {
	res := map[int32]int64{}
	a.Choose = func(i int32) int64 { return res[i] }
	return algotest.Subject{Algo: a, Message: message, Option: algorithms.ParseOption, Commands: map[string]func([]string) (string, error){
		"heights": func(args []string) (string, error) {
			hs, err := linkrev.ParseHeights(args)
			a.InitialHeights = hs
			return "", err
		},
		"resource": algotest.NodeNumber("resource", func(i int32, r int64) { res[i] = r }),
		"ce":       func([]string) (string, error) { return ceLine(a), nil },
	}}
}

// ceLine is the "ce" command's output: the concurrent-entering watch so far (gme_ce_misses,
// gme_ce_miss_time).
func ceLine(a *gme.GME) string {
	var misses, time float64
	for _, m := range a.Metrics(nil) {
		switch m.Name {
		case gme.MetricCEMisses:
			misses = m.Value
		case gme.MetricCETime:
			time = m.Value
		}
	}
	return fmt.Sprintf("concurrent-entering misses=%g time=%g", misses, time)
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
	algotest.RunScripts(t, "testdata/*.txt", func() algotest.Subject { return subject(gme.New()) })
}

// TestScenariosCatchMutants: each script fails under a mutant that changes what it shows.
func TestScenariosCatchMutants(t *testing.T) {
	t.Parallel()
	algotest.ScriptsCatch(t, map[string]string{
		"testdata/session.txt":        "end-session-early",
		"testdata/other-resource.txt": "other-resource-subtoken",
		"testdata/split-at-relay.txt": "drop-last-piece",
		"testdata/holder-rejoins.txt": "holder-enters-at-once",
	}, func(m string) (algotest.Subject, error) {
		a, err := gme.NewMutant(m)
		return subject(a), err
	})
}

// TestSessionHeldOpen: testdata/session-held-open.txt, replayed under the paper's literal
// reading (subtokens = in-cs), plays differently: node 2's request waits in leader 0's Q
// while node 3 is still in the session's CS, and the concurrent-entering watch records the
// miss (with ce_check = fail it stops the trial); under subtokens = session (the script) it
// records none.
func TestSessionHeldOpen(t *testing.T) {
	t.Parallel()
	const file = "testdata/session-held-open.txt"
	text, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	literal := strings.Replace(string(text), "subtokens=session", "subtokens=in-cs", 1)
	got, err := algotest.Play(file, literal, subject(gme.New()))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"node 0: NCS R=0 weight=1 session=0 h=(0,0) next=0 Q=[2:0] token",
		"concurrent-entering misses=1 time=",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("under subtokens = in-cs the script does not show %q:\n%s", want, got)
		}
	}
	strict := strings.Replace(string(text), "subtokens=session", "subtokens=in-cs ce_check=fail", 1)
	if got, err = algotest.Play(file, strict, subject(gme.New())); err != nil {
		t.Fatal(err)
	}
	if want := "safety violation: algorithm=gme seed=1 time=3 nodes=2,0: concurrent entering (Jiang's Theorem 2): leader 0 holds the request of node 2"; !strings.Contains(got, want) {
		t.Errorf("under ce_check = fail the script does not stop with %q:\n%s", want, got)
	}
	if !strings.Contains(string(text), "concurrent-entering misses=0 time=0") {
		t.Errorf("%s does not show a clean watch under subtokens = session", file)
	}
}
