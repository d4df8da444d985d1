package kernel

// prefetch issues PREFETCHT0 on addr (prefetch_amd64.s). An address, not a pointer: the
// line is only hinted at, never read, so nothing has to keep it alive.
//
//go:noescape
func prefetch(addr uintptr)

// prefetch2 issues PREFETCHT0 on first and on last: the two ends of an object that may
// straddle two cache lines, in one call (when both are in the same line, the second hint
// costs an instruction and no trip to memory).
//
//go:noescape
func prefetch2(first, last uintptr)
