//go:build !linux

package kernel

import "unsafe"

// adviseHuge does nothing where transparent huge pages cannot be requested.
func adviseHuge(start unsafe.Pointer, size uintptr) {}
