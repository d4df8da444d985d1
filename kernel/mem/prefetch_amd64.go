package mem

// prefetch issues PREFETCHT0 on addr (prefetch_amd64.s). An address, not a pointer: the
// line is only hinted at, never read, so nothing has to keep it alive.
//
//go:noescape
func prefetch(addr uintptr)
