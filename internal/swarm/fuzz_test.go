package swarm_test

import (
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/internal/swarm"
	"github.com/mutexlab/mutexlab/internal/swarm/swarmtest"
)

// FuzzScenario plays byte-encoded scenarios (link up/down, request, release and delivery
// actions; see swarm.RunScenario) on the default algorithms through the kernel's scripted
// driver: no check may fire, nothing may panic, and every request must be served once the
// actions stop. Run: go test ./internal/swarm -run '^$' -fuzz FuzzScenario -fuzztime 60s
//
// drs is left out: a drs node that loses a competition starts another one, so while a
// neighbour stays in the CS (the driver releases only after settling) events never stop, and
// the driver's "deliver until nothing is pending" step cannot end. Its swarm trials, which
// have a clock, cover it.
func FuzzScenario(f *testing.F) {
	f.Add([]byte{1, 3, 0, 1, 0, 1, 0, 0, 0, 2, 0, 0, 6, 0, 0})                            // two requests on a path
	f.Add([]byte{2, 4, 0, 0, 1, 0, 1, 0, 0, 3, 0, 0, 2, 0, 0, 5, 1, 2, 4, 1, 3, 6, 0, 0}) // request, link changes, settle
	f.Add([]byte{3, 6, 0, 1, 2, 3, 4, 7, 0, 0, 7, 1, 0, 7, 5, 0, 4, 0, 5, 5, 0, 1, 2, 0, 0, 7, 3, 0, 6, 0, 0})
	f.Add([]byte{9, 2, 0, 0, 1, 0, 0, 0, 0, 1, 1, 0, 2, 0, 0, 2, 0, 0, 1, 0, 0, 1, 1, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, name := range swarm.DefaultAlgorithms {
			if name == "drs" {
				continue
			}
			tg, err := swarm.Lookup(name)
			if err != nil {
				t.Fatal(err)
			}
			if err := swarm.RunScenario(tg, data); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
		}
	})
}

// TestScenarioCatches: the scenario driver's checks can fail: two overlapping requests under
// an algorithm that grants everything violate mutual exclusion, and a request under one that
// grants nothing starves in the final liveness phase.
func TestScenarioCatches(t *testing.T) {
	twoRequests := []byte{1, 1, 0, 0, 0, 0, 0, 0, 1, 0} // seed 1, n = 3, a star, request 0, request 1
	if err := swarm.RunScenario(swarmtest.Broken("enter-at-once"), twoRequests); err == nil || !strings.Contains(err.Error(), "in the CS at once") {
		t.Errorf("enter-at-once: %v, want a mutual exclusion violation", err)
	}
	if err := swarm.RunScenario(swarmtest.Broken("never-enter"), twoRequests); err == nil || !strings.Contains(err.Error(), "starvation") {
		t.Errorf("never-enter: %v, want starvation", err)
	}
}
