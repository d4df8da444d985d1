package linkrev

import (
	"slices"
	"testing"

	"github.com/mutexlab/mutexlab/kernel"
)

// TestPreallocateSizesReset: on the walter network's graph, Reset keeps every array
// Preallocate made (it was sized as Reset sizes it) and leaves the same state as a Reset
// without it; the queue's values are allocated exactly when Valued (rl: never).
func TestPreallocateSizesReset(t *testing.T) {
	var rng kernel.Stream
	for seed := uint64(1); seed <= 4; seed++ {
		valued := seed%2 == 0
		rng.Seed(seed)
		n := 1000 + rng.IntN(4000)
		links := 4 * n
		topo := &kernel.Topology{}
		topo.Reset(n, kernel.PortCapFor(n, links))
		if err := kernel.RandomConnected(topo, links, &rng); err != nil {
			t.Fatal(err)
		}
		a, b := Links{Valued: valued}, Links{Valued: valued}
		a.Preallocate(nil, n, links) // no setup helper: allocations only
		if want := n * queueWords(qFirst, valued); len(a.q) != want {
			t.Fatalf("seed %d: Valued %v, Preallocate made %d words of queues, want %d", seed, valued, len(a.q), want)
		}
		heights, my := &a.hs.narrow[:1][0], &a.my[0]
		q, rows, next, sets := &a.q[:1][0], &a.rows[0], &a.Next[0], &a.InN.Row(0)[0]
		if err := a.Reset(topo, n, nil, "test", Types{}); err != nil {
			t.Fatal(err)
		}
		if err := b.Reset(topo, n, nil, "test", Types{}); err != nil {
			t.Fatal(err)
		}
		if heights != &a.hs.narrow[:1][0] || my != &a.my[0] || q != &a.q[:1][0] || a.qValued != valued || rows != &a.rows[0] || next != &a.Next[0] || sets != &a.InN.Row(0)[0] {
			t.Fatalf("seed %d: Reset reallocated an array Preallocate made", seed)
		}
		same := slices.Equal(a.my, b.my) && sameHeights(&a.hs, &b.hs) &&
			slices.Equal(a.Next, b.Next) && slices.Equal(a.rows, b.rows) && slices.Equal(a.TokenHolder, b.TokenHolder)
		for i := int32(0); same && int(i) < n; i++ {
			same = slices.Equal(a.InN.Row(i), b.InN.Row(i)) && slices.Equal(a.ReceivedLI.Row(i), b.ReceivedLI.Row(i)) &&
				slices.Equal(a.Lower.Row(i), b.Lower.Row(i)) && slices.Equal(a.Forming.Row(i), b.Forming.Row(i))
		}
		if !same {
			t.Fatalf("seed %d: the state after Preallocate and Reset differs from Reset alone", seed)
		}
	}
}
