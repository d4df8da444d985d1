package abtest

import (
	"runtime"
	"testing"
	"time"
)

// TestPairsAlternates checks the order of the runs (0, 1 then 1, 0 in turn, every pair both
// variants) and that each variant's metric is its own work per CPU-second.
func TestPairsAlternates(t *testing.T) {
	var order []int
	res := testing.Benchmark(func(b *testing.B) {
		order = order[:0]
		Pairs(b, 100, "events/cpu-s", [2]string{"a", "b"}, func(j int) time.Duration {
			order = append(order, j)
			return time.Duration(j+1) * time.Second // a: 100 per s, b: 50 per s
		})
	})
	if len(order) != 2*res.N {
		t.Fatalf("%d runs for %d pairs", len(order), res.N)
	}
	for i := 0; i < len(order); i += 2 {
		want := [2]int{0, 1}
		if (i/2)%2 == 1 {
			want = [2]int{1, 0}
		}
		if order[i] != want[0] || order[i+1] != want[1] {
			t.Fatalf("pair %d ran %v, want %v", i/2, order[i:i+2], want)
		}
	}
	if a, b := res.Extra["a-events/cpu-s"], res.Extra["b-events/cpu-s"]; a != 100 || b != 50 {
		t.Fatalf("metrics %v, want a 100 and b 50", res.Extra)
	}
}

// TestThreadCPUCounts checks that the thread's CPU time grows while a locked goroutine
// spins (Linux; elsewhere it is 0): 20 ms of it within 10 s of wall time, however loaded
// the machine.
func TestThreadCPUCounts(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("ThreadCPU is 0 here")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	c0 := ThreadCPU()
	for deadline := time.Now().Add(10 * time.Second); ThreadCPU()-c0 < 20*time.Millisecond; {
		if time.Now().After(deadline) {
			t.Fatalf("10 s of spinning counted %v of thread CPU", ThreadCPU()-c0)
		}
	}
}
