package kernel

import (
	"sync"
	"testing"
)

// PrefaultFrom gives trials of n nodes or more the setup helper (when the system supports
// it), which populates every array queued before setup ends, until restore is called.
func PrefaultFrom(n int) (restore func()) {
	old, drain := prefaultMinN, prefaultDrain
	prefaultMinN, prefaultDrain = n, true
	return func() { prefaultMinN, prefaultDrain = old, drain }
}

// PrefaultedBytes is how much s's setup helper has populated, every trial.
func PrefaultedBytes(s *Sim) int64 { return s.pre.bytes.Load() }

// PrefaultSupported reports whether the system populates memory on request.
func PrefaultSupported() bool { return prefaultSupported() }

// TestPrefaulterBounded: at most prefaultSlots arrays wait (the helper may take some
// meanwhile); finish returns with arrays still pending, and concurrent adds are safe.
func TestPrefaulterBounded(t *testing.T) {
	var f prefaulter
	restore := PrefaultFrom(0)
	defer restore()
	if !f.start(1) {
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
