package kernel

import (
	"testing"
	"unsafe"
)

// TestRecordSizes pins the sizes docs/scaling.md counts memory with: a port record is 16
// bytes (so that none straddles two cache lines), a link's kept end 8 and an event record 48
// (a large trial holds about 14 of the first, 4 of the second and several of the third
// per node).
func TestRecordSizes(t *testing.T) {
	if got := unsafe.Sizeof(portRec{}); got != 16 {
		t.Errorf("portRec is %d bytes, want 16", got)
	}
	if got := unsafe.Sizeof(linkEnds{}); got != 8 {
		t.Errorf("linkEnds is %d bytes, want 8", got)
	}
	if got := unsafe.Sizeof(eventRec{}); got != 48 {
		t.Errorf("eventRec is %d bytes, want 48", got)
	}
}
