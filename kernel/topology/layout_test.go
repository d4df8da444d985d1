package topology

import (
	"testing"
	"unsafe"
)

// TestRecordSizes pins the sizes docs/scaling.md counts memory with: a port record is 16
// bytes (so that none straddles two cache lines) and a link's kept end 8 (a large trial
// holds about 14 of the first and 4 of the second per node).
func TestRecordSizes(t *testing.T) {
	if got := unsafe.Sizeof(PortRec{}); got != 16 {
		t.Errorf("PortRec is %d bytes, want 16", got)
	}
	if got := unsafe.Sizeof(linkEnds{}); got != 8 {
		t.Errorf("linkEnds is %d bytes, want 8", got)
	}
}
