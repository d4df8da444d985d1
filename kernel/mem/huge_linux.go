package mem

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

// populateWrite faults in the pages of b for writing without changing their contents
// (madvise MADV_POPULATE_WRITE, Linux 5.14 and later), as the first write to each would. It
// returns false where the kernel does not support it.
func populateWrite(b []byte) bool {
	return unix.Madvise(b, unix.MADV_POPULATE_WRITE) == nil
}
