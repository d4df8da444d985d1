package kernel_test

import (
	"fmt"
	"os"
	"runtime"
	"strconv"
	"testing"
	"time"

	"github.com/mutexlab/mutexlab/algorithms"
	"github.com/mutexlab/mutexlab/kernel"
)

// BenchmarkInlineWidth runs the trial (n = 10^6, mean degree 8, load 0.01) of rl and
// drs on one warmed simulator, alternately with 16 ports per node inline (the width before
// inlineFor) and with inlineFor's (14), and reports the event loop's rate per CPU-second
// of each; every pair is logged for a paired test (Wilcoxon signed-rank). INLINE_B=w
// compares 16 with w instead. Both widths reuse the same port array (the first trial, at 16,
// allocates the larger), so neither pays the first touch of new memory.
//
//	go test -run '^$' -bench 'InlineWidth/rl' -benchtime 8x -v ./kernel/
func BenchmarkInlineWidth(b *testing.B) {
	wb := 0
	if s := os.Getenv("INLINE_B"); s != "" {
		wb, _ = strconv.Atoi(s)
	}
	for _, name := range []string{"rl", "drs"} {
		info, ok := algorithms.Lookup(name)
		if !ok {
			b.Fatalf("no algorithm %s", name)
		}
		b.Run(name, func(b *testing.B) {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			p := kernel.DefaultParams()
			p.N, p.Degree, p.Load = 1_000_000, 8, 0.01
			sim, algo := kernel.NewSim(), info.New()
			widths := [2]int{16, wb}
			restore := kernel.SpillBeyond(widths[0])
			first, _, err := sim.RunSplit(p, algo)
			restore()
			if err != nil {
				b.Fatal(err)
			}
			want := fmt.Sprintf("%+v", first)
			var cpu [2]time.Duration
			b.ResetTimer()
			for i := range b.N {
				var pair [2]time.Duration
				var inl [2]int
				for k := range 2 {
					j := (i + k) % 2
					restore := kernel.SpillBeyond(widths[j])
					r, split, err := sim.RunSplit(p, algo)
					inl[j], _ = sim.InlineOf()
					restore()
					if err != nil {
						b.Fatal(err)
					}
					if got := fmt.Sprintf("%+v", r); got != want {
						b.Fatalf("inline %d: a different result:\n%s\nwant\n%s", inl[j], got, want)
					}
					pair[j] = split.LoopCPU
				}
				cpu[0] += pair[0]
				cpu[1] += pair[1]
				b.Logf("pair %d: loop-events/cpu-s inline %d %.0f inline %d %.0f", i, inl[0], float64(first.Events)/pair[0].Seconds(), inl[1], float64(first.Events)/pair[1].Seconds())
			}
			b.StopTimer()
			ev := float64(first.Events) * float64(b.N)
			b.ReportMetric(ev/cpu[0].Seconds(), "old-loop-events/cpu-s")
			b.ReportMetric(ev/cpu[1].Seconds(), "new-loop-events/cpu-s")
		})
	}
}
