package akw2_test

import (
	"context"
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/akw2"
	"github.com/mutexlab/mutexlab/explore"
	"github.com/mutexlab/mutexlab/explore/exploretest"
	"github.com/mutexlab/mutexlab/kernel"
)

// TestExplorerCatchesMutants: the exhaustive explorer on akw2's mutants: three nodes on a
// line with one request each, then with one link change (bounded at 64,000 states of its
// 176,481), then with one crash (15,722 states; Theorem 8's failure locality 2 excuses every
// node of it, so only safety is at stake).
func TestExplorerCatchesMutants(t *testing.T) {
	exploretest.Mutants{Name: "akw2", Mutants: akw2.Mutants,
		New: func(m string) (kernel.Algorithm, error) { return akw2.NewMutant(m) },
		Sizes: []exploretest.Size{{N: 3, Requests: 1, Graph: "line"}, {N: 3, Requests: 1, LinkChanges: 1, Graph: "line"},
			{N: 3, Requests: 1, Crashes: 1, Graph: "line"}},
		Short:   1,
		Options: explore.Options{MaxStates: 64_000},
		Want: map[string]string{
			"no-lower-on-release":   "deadlock at 1",
			"ignore-notify":         "-", // response time only (mutation_test.go)
			"prio-keeps-eats":       "deadlock at 1",
			"eat-with-senior-forks": "safety violation at 0",
			"ignore-eats":           "safety violation at 1",
			"eater-yields":          "safety violation at 1",
			"keep-junior-forks":     "-", // failure locality only, on five nodes: TestExplorerCatchesFailureLocality
			"no-flag":               "-", // failure locality only, on five nodes: TestExplorerCatchesFailureLocality
			"fork-at-both-ends":     "safety violation at 1",
		},
	}.Run(t)
}

// TestExplorerCatchesFailureLocality: keep-junior-forks and no-flag break only Theorem 8's
// failure locality 2, which the explorer checks on a static network (a node waiting for good
// more than two hops from a crash is a deadlock). Each shows it on five nodes with one
// request each and one crash: node 1 crashes holding the fork of 1-2, node 2 holds every
// higher fork and waits for it, and node 4, three hops from node 1, waits for good:
//
//   - keep-junior-forks: node 3 suspends node 4's request while it holds every higher fork,
//     then, node 0's fork still missing, gives node 2 its fork and keeps node 4's (line 14's
//     release-lower-forks skipped). Node 3 needs that third neighbour.
//   - no-flag: node 4, node 0's fork still missing, gives node 3 its fork without the flag;
//     node 3, missing node 2's, keeps it instead of sending it back (line 20), and node 4
//     never asks again. Node 4 needs that second neighbour.
//
// A line of 4 has neither node. The networks are explicit because the ids set the initial
// priorities and forks, and with them how soon the depth-first search reaches the deadlock:
// here at 30,468 and 36,718 states, past 100,000 on the line 0-1-2-3-4 (which catches
// no-flag too) and on most other labellings. Every search stops at 40,000 states; the real
// akw2 shows no violation there. The shortened counterexample replays as a scenario script.
func TestExplorerCatchesFailureLocality(t *testing.T) {
	for _, c := range []struct {
		mutant string
		edges  [][2]int32
	}{
		{"keep-junior-forks", [][2]int32{{1, 2}, {2, 3}, {3, 4}, {3, 0}}},
		{"no-flag", [][2]int32{{1, 2}, {2, 3}, {3, 4}, {4, 0}}},
	} {
		t.Run(c.mutant, func(t *testing.T) {
			t.Parallel()
			if r, _ := exploreFailureLocality(t, "", c.edges); len(r.Violations) > 0 {
				t.Errorf("the real akw2 on %s: %s", explore.EdgeList(c.edges), r.Violations[0].Key)
			}
			r, sc := exploreFailureLocality(t, c.mutant, c.edges)
			if len(r.Violations) == 0 || r.Violations[0].Key != "deadlock [4]" {
				t.Fatalf("mutant %s on %s: %s, want deadlock [4]", c.mutant, explore.EdgeList(c.edges), explore.Verdict(r))
			}
			exploretest.Replay(t, sc, r.Violations[0], "akw2 mutant "+c.mutant)
		})
	}
}

// exploreFailureLocality explores akw2 with mutant on (""; the real one) on edges, one
// request per node and one crash, up to 40,000 states.
func exploreFailureLocality(t *testing.T, mutant string, edges [][2]int32) (*explore.Result, *explore.Scenario) {
	t.Helper()
	if _, err := akw2.NewMutant(mutant); err != nil {
		t.Fatal(err)
	}
	sc := &explore.Scenario{Algorithm: "akw2", N: 5, Edges: edges, Requests: 1, Crashes: 1, Seed: 1,
		New: func() kernel.Algorithm {
			a, _ := akw2.NewMutant(mutant) // checked above
			return a
		}}
	r, err := explore.Run(context.Background(), sc, explore.Options{MaxStates: 40_000})
	if err != nil {
		t.Fatal(err)
	}
	return r, sc
}
