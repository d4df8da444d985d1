package kernel

import (
	"sync"
	"testing"
)

// DrainPrefault makes s's setup helper populate every array queued before setup ends, so
// that what it reaches does not depend on the scheduler.
func DrainPrefault(s *Sim) { s.pre.drain = true }

// PrefaultedBytes is how much s's setup helper has populated, every trial.
func PrefaultedBytes(s *Sim) int64 { return s.pre.bytes.Load() }

// PrefaultSupported reports whether the system populates memory on request.
func PrefaultSupported() bool { return prefaultSupported() }

// TestPrefaulterBounded: at most prefaultSlots arrays wait (the helper may take some
// meanwhile); finish returns with arrays still pending, and concurrent adds are safe.
func TestPrefaulterBounded(t *testing.T) {
	f := prefaulter{drain: true}
	if !f.start(true) {
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
	f.finish()
}
