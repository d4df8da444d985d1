package hk_test

import (
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/hk"
	"github.com/mutexlab/mutexlab/internal/jiangload"
	"github.com/mutexlab/mutexlab/kernel"
)

// TestTheorem2CatchesFIFOQueue: the power of bench check jiang's Theorem 2 row
// (analysis.JiangHK's hk-thm2-highest-priority-first: 0 inversions on every priority chain).
// The fifo-queue mutant keeps Q in order of arrival; the swarm cannot see it (safety and
// eventual service hold, so TestMutants marks it equivalent), but on the same chains, under
// every reading, it lets lower classes in first, and the real algorithm does not.
func TestTheorem2CatchesFIFOQueue(t *testing.T) {
	t.Parallel()
	for _, r := range jiangload.HKReadings {
		var real, mutant int
		for _, classes := range jiangload.PriorityChains {
			w := jiangload.PriorityChain(classes, r)
			real += inversions(t, w)
			w.Algorithm = func() kernel.Algorithm {
				a, err := hk.NewMutant("fifo-queue")
				if err != nil {
					t.Fatal(err)
				}
				return a
			}
			mutant += inversions(t, w)
		}
		if real != 0 {
			t.Errorf("%s: the real algorithm makes %d priority inversions on the chains, want 0", r.Name, real)
		}
		if mutant == 0 {
			t.Errorf("%s: fifo-queue makes no priority inversion on the chains: Theorem 2's check cannot catch it", r.Name)
		}
		t.Logf("%s: inversions real %d, fifo-queue %d", r.Name, real, mutant)
	}
}

// inversions plays w, which must pass every online check and serve every requester, and
// returns its priority inversions.
func inversions(t *testing.T, w jiangload.Workload) int {
	t.Helper()
	o, err := jiangload.RunOK(w)
	if err != nil {
		t.Fatalf("%s: %v", w.Name, err)
	}
	if k := o.Starved(w); k > 0 {
		t.Fatalf("%s: %d requesters never served", w.Name, k)
	}
	return o.Inversions(w)
}
