package mem

import (
	"sync"
	"testing"
)

// TestPrefaulterBounded: at most prefaultSlots arrays wait (the helper may take some
// meanwhile); Finish returns with arrays still pending, and concurrent adds are safe.
func TestPrefaulterBounded(t *testing.T) {
	f := Prefaulter{drain: true}
	if !f.Start(true) {
		t.Skip("no helper here")
	}
	f.held = true // queue without waking
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range prefaultSlots {
				f.add(make([]byte, smallPage))
			}
		}()
	}
	wg.Wait()
	if len(f.pending) > prefaultSlots || cap(f.pending) != prefaultSlots {
		t.Fatalf("%d arrays pending in room for %d, want at most %d", len(f.pending), cap(f.pending), prefaultSlots)
	}
	f.Finish()
}
