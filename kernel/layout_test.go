package kernel

import (
	"testing"
	"unsafe"
)

// TestRecordSizes pins the size docs/scaling.md counts memory with of an event record, 48
// bytes (a large trial holds several per node; the topology's records are pinned in
// kernel/topology).
func TestRecordSizes(t *testing.T) {
	if got := unsafe.Sizeof(eventRec{}); got != 48 {
		t.Errorf("eventRec is %d bytes, want 48", got)
	}
}
