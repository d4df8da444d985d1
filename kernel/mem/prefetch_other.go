//go:build !amd64

package mem

// prefetch does nothing where the kernel has no prefetch instruction: Prefetch is only a
// hint, and the trial is the same without it.
func prefetch(addr uintptr) {}
