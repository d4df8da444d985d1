package hk_test

import (
	"fmt"
	"strconv"
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/hk"
	"github.com/mutexlab/mutexlab/algorithms/internal/linkrev"
	"github.com/mutexlab/mutexlab/internal/trialtest"
)

// subject plugs an HK instance into the scenario driver, with commands of its own: "heights
// h1,h2 ..." (the initial heights, as in rl's scripts), "class i c" (the priority class of
// node i's next request, 1 the highest; default 1) and "need i h" (how many resources it
// asks for; default 1).
func subject(a *hk.HK) trialtest.Subject {
	class, need := map[int32]int{}, map[int32]int64{}
	a.Choose = func(i int32) (int64, int) { return max(need[i], 1), max(class[i], 1) }
	set := func(name string, put func(i int32, v int)) func([]string) (string, error) {
		return func(args []string) (string, error) {
			if len(args) != 2 {
				return "", fmt.Errorf("%s takes a node and a number, got %v", name, args)
			}
			i, err1 := strconv.Atoi(args[0])
			v, err2 := strconv.Atoi(args[1])
			if err1 != nil || err2 != nil {
				return "", fmt.Errorf("%s takes a node and a number, got %v", name, args)
			}
			put(int32(i), v)
			return "", nil
		}
	}
	return trialtest.Subject{Algo: a, Message: linkrev.MessageString, Commands: map[string]func([]string) (string, error){
		"heights": func(args []string) (string, error) {
			hs, err := linkrev.ParseHeights(args)
			a.InitialHeights = hs
			return "", err
		},
		"class": set("class", func(i int32, v int) { class[i] = v }),
		"need":  set("need", func(i int32, v int) { need[i] = int64(v) }),
	}}
}

// TestScenarios plays the scenario scripts in testdata: a priority inversion and the UPDATE
// that avoids one, on the network of Walter, Welch and Vaidya's Figure 3.
func TestScenarios(t *testing.T) {
	t.Parallel()
	trialtest.RunScripts(t, "testdata/*.txt", func() trialtest.Subject { return subject(hk.New()) })
}

// TestScenariosCatchMutants: each script fails under a mutant that changes what it shows.
func TestScenariosCatchMutants(t *testing.T) {
	t.Parallel()
	mutant := func(name string) func() trialtest.Subject {
		return func() trialtest.Subject {
			a, err := hk.NewMutant(name)
			if err != nil {
				t.Fatal(err)
			}
			return subject(a)
		}
	}
	trialtest.ScriptsCatch(t, map[string]func() trialtest.Subject{
		"testdata/inversion.txt": mutant("highest-neighbour"),
		"testdata/update.txt":    mutant("no-request-after-token"),
	})
}
