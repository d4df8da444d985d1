package mem

import "unsafe"

// hugeMin is the size from which an array is worth backing with huge pages: at n = 10^6 the
// arrays of ports, links, events and algorithm state are hundreds of megabytes each, read at
// random nodes, so with 4 KiB pages nearly every access also misses the TLB. One huge page
// is the threshold: the 1- to 8-byte-per-node arrays (4 MB at n = 10^6: next, degrees,
// stamps) are read per event too, and Go places them in fresh, unadvised memory (at 8 MiB
// 66 MB of rl's trial went without huge pages). Smaller arrays (every trial at the papers'
// n) are left alone.
const hugeMin = hugePage

// hugePage is the size of a transparent huge page on amd64 and arm64 Linux.
const hugePage = 2 << 20

// MakeLarge is make([]T, n, capacity) for the large per-trial arrays of the kernel and the
// algorithms: where the operating system supports it (Linux transparent huge pages in
// "madvise" mode, the default of most distributions), the array is advised to be backed by
// 2 MiB pages before it is first written. The result is an ordinary slice; only the speed of
// touching it changes (docs/scaling.md, Huge pages).
func MakeLarge[T any](n, capacity int) []T {
	s := make([]T, n, capacity)
	if size := uintptr(capacity) * unsafe.Sizeof(*new(T)); size >= hugeMin {
		data := unsafe.Pointer(unsafe.SliceData(s))
		base := uintptr(data)
		start := (base + hugePage - 1) &^ (hugePage - 1)
		if end := (base + size) &^ (hugePage - 1); end > start {
			adviseHuge(unsafe.Add(data, start-base), end-start)
		}
	}
	return s
}

// Reserve returns s emptied, with room for at least capacity entries: slices.Grow(s[:0],
// capacity), allocating through MakeLarge when s is too small.
func Reserve[T any](s []T, capacity int) []T {
	if cap(s) < capacity {
		return MakeLarge[T](0, capacity)
	}
	return s[:0]
}

// GrowLarge returns s with room for at least more entries beyond its length, moved into a
// MakeLarge array when it has to move. It is for the arrays that can outgrow the room
// reserved at setup (the event records and the queue, when an algorithm keeps several
// messages per node in flight): append would grow a large slice about 1.25 times at a
// time, copying it whole each time, into memory without the huge-page advice.
func GrowLarge[T any](s []T, more int) []T {
	if cap(s)-len(s) >= more {
		return s
	}
	g := MakeLarge[T](len(s), len(s)+more)
	copy(g, s)
	return g
}

// Resize returns s with length n, reallocating only when its capacity is too small: how
// every per-trial array in mutexlab is sized, so a trial of the same size as the last one
// allocates nothing. Elements kept from before are not cleared.
func Resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return MakeLarge[T](n, n)
	}
	return s[:n]
}

// Zeroed is Resize with every element set to its zero value: per-trial state reset for a
// new trial without a new allocation once the slice is large enough.
func Zeroed[T any](s []T, n int) []T {
	if cap(s) < n {
		return MakeLarge[T](n, n) // new memory is zero already: no second pass over it
	}
	s = s[:n]
	clear(s)
	return s
}
