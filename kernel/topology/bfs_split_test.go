package topology

import (
	"runtime"
	"testing"

	"github.com/mutexlab/mutexlab/kernel/rng"
)

// TestBFSSplitMatchesQueue: with the bottom-up levels split over two goroutines (the
// threshold lowered to every network here), the level-by-level distances still equal the
// queue's, and so does the count of nodes reached; run it with -race too.
func TestBFSSplitMatchesQueue(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(max(2, runtime.GOMAXPROCS(0))))
	var rng rng.Stream
	for seed := uint64(1); seed <= 30; seed++ {
		rng.Seed(seed)
		bfsAgainstQueue(t, &rng, seed, 4, "split", spillBySize)
	}
}
