package linkrev_test

import (
	"fmt"
	"runtime"
	"testing"
	"time"

	"github.com/mutexlab/mutexlab/algorithms/internal/linkrev"
	"github.com/mutexlab/mutexlab/internal/abtest"
	"github.com/mutexlab/mutexlab/kernel"
)

// BenchmarkHeightLayout runs the million-node trial (n = 10^6, mean degree 8, load 0.01, the
// default window and the full drain) of rl, hk and gme on one warmed simulator with the
// heights stored in 8 bytes and in 16 (linkrev.StartWide), alternated trial by trial
// (each pair in the order narrow, wide or wide, narrow, in turn), and reports the event
// loop's events per second of the thread's CPU both ways, each pair logged (-v) for a paired
// test (internal/abtest).
//
//	go test -run '^$' -bench 'HeightLayout/rl' -benchtime 8x -v ./algorithms/internal/linkrev/
func BenchmarkHeightLayout(b *testing.B) {
	for _, name := range []string{"rl", "hk", "gme"} {
		b.Run(name, func(b *testing.B) {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			p := kernel.DefaultParams()
			p.N, p.Degree, p.Load, p.Seed = 1_000_000, 8, 0.01, 1
			sim := kernel.NewSim()
			// The default heights, given (widen_test.go); the thread's CPU time is noted when
			// Reset ends: setup is then over but for the first requests' scheduling, so the
			// trial's CPU time after the mark is its event loop's.
			var mark time.Duration
			algo := newShifted(name, &shift{reset: func() { mark = abtest.ThreadCPU() }})
			first, err := sim.Run(p, algo)
			if err != nil {
				b.Fatal(err)
			}
			abtest.Pairs(b, float64(first.Events), "events/cpu-s", [2]string{"narrow", "wide"}, func(j int) time.Duration {
				restore := linkrev.StartWide(j == 1)
				r, err := sim.Run(p, algo)
				end := abtest.ThreadCPU()
				restore()
				if err != nil {
					b.Fatal(err)
				}
				if fmt.Sprintf("%+v", r) != fmt.Sprintf("%+v", first) {
					b.Fatalf("wide %v: the result differs from the first trial's", j == 1)
				}
				return end - mark
			})
		})
	}
}
