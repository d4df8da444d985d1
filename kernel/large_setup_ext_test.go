package kernel_test

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"testing"
	"time"

	"github.com/mutexlab/mutexlab/algorithms"
	"github.com/mutexlab/mutexlab/internal/abtest"
	"github.com/mutexlab/mutexlab/kernel"
	"github.com/mutexlab/mutexlab/kernel/mem"
)

// TestPrefaultUnchanged runs trials with the setup helper (mem.Prefaulter, large_setup.go) and without:
// every result must be the same, since populating a page does not change it, and arrays
// allocated early (allocate, prefaultEarly, Preallocator) are filled by setup as before. Under -race
// it also checks that the helper never reads or writes the arrays from Go.
func TestPrefaultUnchanged(t *testing.T) {
	if !mem.Supported() {
		t.Skip("the system does not populate memory on request")
	}
	p := kernel.DefaultParams()
	p.N, p.Degree, p.Load, p.Seed = 3000, 8, 0.01, 5
	p.Warmup, p.Measure = 20, 200
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("one processor: no helper")
	}
	for _, name := range []string{"rl", "drs", "hk", "gme"} {
		info, _ := algorithms.Lookup(name)
		p.Large = kernel.LargeOn
		without := kernel.NewSim()
		without.Without(kernel.PartPrefault)
		off, err := without.Run(p, info.New())
		if err != nil {
			t.Fatal(err)
		}
		s := kernel.NewSim()
		kernel.DrainPrefault(s)
		var on kernel.Result
		for range 2 { // a fresh trial, then one on the arrays it left
			if on, err = s.Run(p, info.New()); err != nil {
				t.Fatal(err)
			}
			if fmt.Sprintf("%+v", on) != fmt.Sprintf("%+v", off) { // NaN metrics: not DeepEqual
				t.Fatalf("%s: results differ with the setup helper:\n on %+v\noff %+v", name, on, off)
			}
		}
		if kernel.PrefaultedBytes(s) == 0 {
			t.Fatalf("%s: the helper populated nothing", name)
		}
	}
}

// BenchmarkPrefault runs the million-node trial of rl and drs with the setup helper off and on,
// alternated trial by trial on fresh memory (benchFreshSetup): the helper is for the first
// touch of memory a process has not used yet, which a warmed simulator never does.
//
//	go test -run '^$' -bench 'Prefault/rl' -benchtime 3x -v ./kernel/
func BenchmarkPrefault(b *testing.B) { benchFreshSetup(b, []string{"rl", "drs"}, kernel.PartPrefault) }

// BenchmarkPreallocHints is BenchmarkPrefault for the algorithms' Preallocator: their
// arrays allocated before the graph is built, for the helper to fault in meanwhile.
//
//	go test -run '^$' -bench 'PreallocHints/drs' -benchtime 3x -v ./kernel/
func BenchmarkPreallocHints(b *testing.B) {
	benchFreshSetup(b, []string{"rl", "drs", "hk"}, kernel.PartPrealloc)
}

// benchFreshSetup runs the million-node trial of each algorithm named with part off and on,
// alternated trial by trial, each on a fresh simulator and algorithm after the Go runtime
// has returned its free memory to the system (debug.FreeOSMemory), and compares the setup's
// wall time (the helper works on a second core).
func benchFreshSetup(b *testing.B, names []string, part kernel.Part) {
	for _, name := range names {
		info, _ := algorithms.Lookup(name)
		b.Run(name, func(b *testing.B) {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			p := kernel.DefaultParams()
			p.N, p.Degree, p.Load = 1_000_000, 8, 0.01
			abtest.Pairs(b, float64(p.N), "nodes/setup-s", [2]string{"off", "on"}, func(j int) time.Duration {
				debug.FreeOSMemory()
				sim := kernel.NewSim()
				sim.Without(part * kernel.Part(1-j))
				_, split, err := sim.RunSplit(p, info.New())
				if err != nil {
					b.Fatal(err)
				}
				return split.SetupWall
			})
		})
	}
}
