package kernel

// prefetch issues PREFETCHT0 on addr (prefetch_amd64.s). An address, not a pointer: the
// line is only hinted at, never read, so nothing has to keep it alive.
//
//go:noescape
func prefetch(addr uintptr)

// PREFETCHW, PREFETCHNTA, a plain load whose value is dropped, and nothing: the other ways
// of asking for a line that BenchmarkPrefetchWalk and BenchmarkPrefetchUse compare with
// prefetch (walk_linux_amd64_test.go); nothing else calls them.
//
//go:noescape
func prefetchW(addr uintptr)

//go:noescape
func prefetchNTA(addr uintptr)

//go:noescape
func loadLine(addr uintptr)

//go:noescape
func touchNone(addr uintptr)
