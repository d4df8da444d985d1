package kernel

import (
	"unsafe"

	"golang.org/x/sys/unix"
)

// adviseHuge marks the size bytes from start for transparent huge pages (madvise MADV_HUGEPAGE).
// Pages already touched are collapsed by the kernel's khugepaged later; fresh ones fault in
// as huge pages. An error (THP disabled, an old kernel) leaves the memory as it was.
func adviseHuge(start unsafe.Pointer, size uintptr) {
	_ = unix.Madvise(unsafe.Slice((*byte)(start), size), unix.MADV_HUGEPAGE)
}
