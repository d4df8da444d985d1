package mem

import "unsafe"

// Prefetch asks the processor to bring the cache line holding *p into its caches, without
// waiting for it: at n = 10^6 every event reads the state of random nodes, each read a
// trip to main memory (about 100 ns), and a read issued one event ahead (the simulator's look-ahead)
// overlaps that trip with the current event's work instead of stalling on it. A plain Go
// load would not do: the processor retires instructions in order, so a load that misses
// holds up everything after it, while a prefetch retires at once. On amd64 it is one
// PREFETCHT0 instruction; elsewhere it does nothing. It never faults and changes no state a
// program can observe, only speed.
//
// It asks for the line of *p's first byte only: an object of more than 8 bytes can straddle
// two lines (a 48-byte event record), but asking for both lines too measured no faster at
// n = 10^5 and 10^6.
func Prefetch[T any](p *T) { prefetch(uintptr(unsafe.Pointer(p))) }

// PrefetchAt is Prefetch(&s[i]) for an index that may be out of range: then it does nothing,
// so callers can prefetch a guess without checking it first.
func PrefetchAt[T any](s []T, i int) {
	if uint(i) < uint(len(s)) {
		Prefetch(&s[i])
	}
}

// PrefetchRange asks for every cache line s spans (Prefetch says why): a row that a handler
// reads whole, such as a node's row of heights in Reverse Link.
func PrefetchRange[T any](s []T) {
	if len(s) == 0 {
		return
	}
	a := uintptr(unsafe.Pointer(unsafe.SliceData(s)))
	end := a + uintptr(len(s))*unsafe.Sizeof(s[0])
	for a &^= 63; a < end; a += 64 {
		prefetch(a)
	}
}
