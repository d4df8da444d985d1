package explore

import "fmt"

// sleepStore keeps the sleep set each state was explored with (Godefroid's state caching;
// search.seen maps a state's fingerprint to a sleepRef). A revisit reads only which steps
// were asleep, so each is stored as one packed word, without its footprint, in chunks of a
// fixed size: a search of 10^8 states holds no slice that grows by doubling (which would
// copy the whole and leave up to half of it unused), and nothing the collector scans.
type sleepStore struct {
	chunks [][]packedStep
}

// packedStep is a Step in 32 bits: kind (3), A (13), B (16).
type packedStep uint32

// sleepRef names a stored sleep set: its first step's index in the store, then its length
// (16 bits).
type sleepRef uint64

const (
	sleepChunk  = 1 << 20 // steps per chunk: 4 MiB
	maxNodes    = 1 << 13 // A fits 13 bits
	maxStepB    = 1<<16 - 1
	maxSleepSet = 1<<16 - 1
)

func pack(s Step) packedStep {
	return packedStep(uint32(s.Kind)<<29 | uint32(s.A)<<16 | uint32(s.B)&0xffff)
}

// checkPackable says why steps of sc could not be packed: too many nodes, or more values of
// a request than B holds.
func checkPackable(n, choices int) error {
	switch {
	case n > maxNodes:
		return fmt.Errorf("%d nodes: the search stores at most %d", n, maxNodes)
	case choices >= maxStepB:
		return fmt.Errorf("a request may carry %d values under these parameters: the search explores at most %d", choices, maxStepB-1)
	}
	return nil
}

// store appends sleep set z and returns its reference.
func (st *sleepStore) store(z []sleeper) sleepRef {
	if len(z) > maxSleepSet {
		panic("explore: a sleep set larger than the store holds") // bounded by the steps enabled at once
	}
	last := len(st.chunks) - 1
	if last < 0 || len(st.chunks[last])+len(z) > sleepChunk {
		st.chunks = append(st.chunks, make([]packedStep, 0, sleepChunk))
		last++
	}
	c := &st.chunks[last]
	at := uint64(last)*sleepChunk + uint64(len(*c))
	for _, x := range z {
		*c = append(*c, pack(x.step))
	}
	return sleepRef(at<<16 | uint64(len(z)))
}

// set returns the steps of the sleep set r; narrowing it in place and storing the new
// length (withLen) narrows the stored one. An empty set reads nothing: its place may be the
// start of a chunk not yet opened (stored when the last one was exactly full).
func (st *sleepStore) set(r sleepRef) []packedStep {
	at, n := uint64(r)>>16, uint64(r)&0xffff
	if n == 0 {
		return nil
	}
	chunk, off := at/sleepChunk, at%sleepChunk
	return st.chunks[chunk][off : off+n : off+n]
}

// withLen returns r with length n.
func (r sleepRef) withLen(n int) sleepRef { return r&^0xffff | sleepRef(n) }

// holds reports whether the stored set holds step t.
func holds(set []packedStep, t Step) bool {
	p := pack(t)
	for _, x := range set {
		if x == p {
			return true
		}
	}
	return false
}

// bytes is the memory the store holds.
func (st *sleepStore) bytes() int64 { return int64(len(st.chunks)) * sleepChunk * 4 }
