//go:build !linux

package mem

import "unsafe"

// adviseHuge does nothing where transparent huge pages cannot be requested.
func adviseHuge(start unsafe.Pointer, size uintptr) {}

// populateWrite is unsupported here: the pages fault in when first written.
func populateWrite(b []byte) bool { return false }
