package hk_test

import (
	"testing"

	"github.com/mutexlab/mutexlab/algorithms"
	"github.com/mutexlab/mutexlab/algorithms/hk"
	"github.com/mutexlab/mutexlab/algorithms/internal/linkrev"
	"github.com/mutexlab/mutexlab/algotest"
)

// subject plugs an HK instance into the scenario driver, with commands of its own: "heights
// h1,h2 ..." (the initial heights, as in rl's scripts), "class i c" (the priority class of
// node i's next request, 1 the highest; default 1) and "need i h" (how many resources it
// asks for; default 1).
func subject(a *hk.HK) algotest.Subject {
	class, need := map[int32]int{}, map[int32]int64{}
	a.Choose = func(i int32) (int64, int) { return max(need[i], 1), max(class[i], 1) }
	return algotest.Subject{Algo: a, Message: linkrev.MessageString, Option: algorithms.ParseOption, Commands: map[string]func([]string) (string, error){
		"heights": func(args []string) (string, error) {
			hs, err := linkrev.ParseHeights(args)
			a.InitialHeights = hs
			return "", err
		},
		"class": algotest.NodeNumber("class", func(i int32, v int64) { class[i] = int(v) }),
		"need":  algotest.NodeNumber("need", func(i int32, v int64) { need[i] = v }),
	}}
}

// TestScenarios plays the scenario scripts in testdata: a priority inversion and the UPDATE
// that avoids one, on the network of Walter, Welch and Vaidya's Figure 3.
func TestScenarios(t *testing.T) {
	t.Parallel()
	algotest.RunScripts(t, "testdata/*.txt", func() algotest.Subject { return subject(hk.New()) })
}

// TestScenariosCatchMutants: each script fails under a mutant that changes what it shows.
func TestScenariosCatchMutants(t *testing.T) {
	t.Parallel()
	algotest.ScriptsCatch(t, map[string]string{
		"testdata/inversion.txt": "highest-neighbour",
		"testdata/update.txt":    "no-request-after-token",
	}, func(m string) (algotest.Subject, error) {
		a, err := hk.NewMutant(m)
		return subject(a), err
	})
}
