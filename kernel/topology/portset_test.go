package topology

import (
	"testing"

	"github.com/mutexlab/mutexlab/kernel/rng"
)

// TestInterleavePortSets drives interleaved sets and independently Reset ones through the same
// random operations and requires them to agree: interleaving changes where rows live, never
// what the sets contain.
func TestInterleavePortSets(t *testing.T) {
	var rng rng.Stream
	rng.Seed(7)
	for _, portCap := range []int{1, 7, 64, 65, 200} {
		const n, k = 9, 4
		var il, ref [k]PortSets
		InterleavePortSets(n, portCap, &il[0], &il[1], &il[2], &il[3])
		for s := range ref {
			ref[s].Reset(n, portCap)
		}
		for range 5000 {
			s, i, p := rng.IntN(k), int32(rng.IntN(n)), Port(rng.IntN(portCap))
			switch rng.IntN(4) {
			case 0:
				il[s].Add(i, p)
				ref[s].Add(i, p)
			case 1:
				il[s].Remove(i, p)
				ref[s].Remove(i, p)
			case 2:
				if rng.IntN(20) == 0 {
					il[s].ClearRow(i)
					ref[s].ClearRow(i)
				}
			case 3:
				on := rng.IntN(2) == 0
				il[s].Set(i, p, on)
				ref[s].Set(i, p, on)
			}
			if il[s].Has(i, p) != ref[s].Has(i, p) || il[s].Count(i) != ref[s].Count(i) ||
				il[s].Empty(i) != ref[s].Empty(i) || il[s].Next(i, p) != ref[s].Next(i, p) ||
				NextIn(&il[s], &il[(s+1)%k], i, 0) != NextIn(&ref[s], &ref[(s+1)%k], i, 0) {
				t.Fatalf("portCap %d: set %d node %d port %d: interleaved and plain sets differ", portCap, s, i, p)
			}
		}
		// Reuse: interleaving again empties every set.
		InterleavePortSets(n, portCap, &il[0], &il[1], &il[2], &il[3])
		for s := range il {
			for i := int32(0); i < n; i++ {
				if !il[s].Empty(i) {
					t.Fatalf("portCap %d: set %d node %d not empty after a second InterleavePortSets", portCap, s, i)
				}
			}
		}
	}
}
