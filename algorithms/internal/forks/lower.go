package forks

import (
	"math/bits"

	"github.com/mutexlab/mutexlab/kernel"
)

// LowerPeers returns, of the ports in word w of node i's port set word (ports w·64 ..
// w·64+63), those whose neighbour in t has a smaller id than i: where the fork-based
// algorithms place each initial fork (cm, and akw1's and akw2's fork module), a word at a
// time, since it runs for every link at every trial's Reset.
func LowerPeers(t *kernel.Topology, i int32, w int, word uint64) uint64 {
	var lower uint64
	for ; word != 0; word &= word - 1 {
		b := bits.TrailingZeros64(word)
		if t.Peer(i, kernel.Port(w*64+b)) < i {
			lower |= 1 << b
		}
	}
	return lower
}
