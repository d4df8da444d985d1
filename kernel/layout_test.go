package kernel

import (
	"testing"
	"unsafe"
)

// TestRecordSizes pins the sizes docs/scaling.md counts memory with: a port record is 20
// bytes and an event record 48 (a large trial holds 16 of the first and several of the
// second per node).
func TestRecordSizes(t *testing.T) {
	if got := unsafe.Sizeof(portRec{}); got != 20 {
		t.Errorf("portRec is %d bytes, want 20", got)
	}
	if got := unsafe.Sizeof(eventRec{}); got != 48 {
		t.Errorf("eventRec is %d bytes, want 48", got)
	}
}
