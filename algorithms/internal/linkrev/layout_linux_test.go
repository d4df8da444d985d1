package linkrev_test

import (
	"fmt"
	"runtime"
	"syscall"
	"testing"
	"time"

	"github.com/mutexlab/mutexlab/algorithms/internal/linkrev"
	"github.com/mutexlab/mutexlab/kernel"
)

// threadCPU returns the calling thread's CPU time, user and system.
func threadCPU() time.Duration {
	const rusageThread = 1 // RUSAGE_THREAD (Linux 2.6.26 and later)
	var u syscall.Rusage
	if syscall.Getrusage(rusageThread, &u) != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

// BenchmarkHeightLayout runs the trial (n = 10^6, mean degree 8, load 0.01, the
// default window and the full drain) of rl, hk and gme on one warmed simulator with the
// heights stored in 12 bytes and in 24 (linkrev.StartWide), alternated trial by trial
// (each pair in the order narrow, wide or wide, narrow, in turn), and reports the event
// loop's events per second of the thread's CPU both ways. Each pair is logged (-v) for a
// paired test (Wilcoxon signed-rank): the machine's state moves between pairs more than
// within one.
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
			algo := newShifted(name, &shift{reset: func() { mark = threadCPU() }})
			first, err := sim.Run(p, algo)
			if err != nil {
				b.Fatal(err)
			}
			var cpu [2]time.Duration // narrow, wide
			b.ResetTimer()
			for i := range b.N {
				var pair [2]time.Duration
				for k := range 2 {
					wide := (i+k)%2 == 1
					restore := linkrev.StartWide(wide)
					r, err := sim.Run(p, algo)
					end := threadCPU()
					restore()
					if err != nil {
						b.Fatal(err)
					}
					if fmt.Sprintf("%+v", r) != fmt.Sprintf("%+v", first) {
						b.Fatalf("wide %v: the result differs from the first trial's", wide)
					}
					pair[map[bool]int{false: 0, true: 1}[wide]] = end - mark
				}
				cpu[0] += pair[0]
				cpu[1] += pair[1]
				b.Logf("pair %d: loop-events/cpu-s narrow %.0f wide %.0f", i, float64(first.Events)/pair[0].Seconds(), float64(first.Events)/pair[1].Seconds())
			}
			b.StopTimer()
			b.ReportMetric(float64(first.Events)*float64(b.N)/cpu[0].Seconds(), "narrow-events/cpu-s")
			b.ReportMetric(float64(first.Events)*float64(b.N)/cpu[1].Seconds(), "wide-events/cpu-s")
		})
	}
}
