package kernel_test

import (
	"fmt"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/mutexlab/mutexlab/internal/abtest"
	"github.com/mutexlab/mutexlab/kernel"
)

// BenchmarkInlineWidth runs the million-node trial (n = 10^6, mean degree 8, load 0.01) of rl and
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
	forMillionNodeTrial(b, []string{"rl", "drs"}, func(b *testing.B, sim *kernel.Sim, algo kernel.Algorithm, p kernel.Params) {
		widths := [2]int{16, wb}
		sim.SpillBeyond(widths[0])
		first, _, err := sim.RunSplit(p, algo)
		if err != nil {
			b.Fatal(err)
		}
		want := fmt.Sprintf("%+v", first)
		abtest.Pairs(b, float64(first.Events), "loop-events/cpu-s", [2]string{"old", "new"}, func(j int) time.Duration {
			sim.SpillBeyond(widths[j])
			r, split, err := sim.RunSplit(p, algo)
			inl, _ := sim.InlineOf()
			if err != nil {
				b.Fatal(err)
			}
			if got := fmt.Sprintf("%+v", r); got != want {
				b.Fatalf("inline %d: a different result:\n%s\nwant\n%s", inl, got, want)
			}
			return split.LoopCPU
		})
	})
}
