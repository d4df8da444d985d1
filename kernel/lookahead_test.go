package kernel_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/mutexlab/mutexlab/algorithms"
	"github.com/mutexlab/mutexlab/algorithms/rl"
	"github.com/mutexlab/mutexlab/internal/abtest"
	"github.com/mutexlab/mutexlab/kernel"
)

// TestLookaheadUnchanged: looking ahead and prefetching (kernel/lookahead.go, on by itself
// only from n = 32,768) changes no result. The pinned walter trials stay identical with it
// on, also with every port spilled, and every registered algorithm gives the same results
// with it as without it, under link changes, on small and on sparse networks.
func TestLookaheadUnchanged(t *testing.T) {
	for _, info := range algorithms.All() {
		for _, p := range lookaheadTrials() {
			name := fmt.Sprintf("%s/n=%d/mobility=%g", info.Name, p.N, p.Mobility)
			t.Run(name, func(t *testing.T) {
				lookahead := partSwitch(kernel.PartLookahead, kernel.PartStartStream|kernel.PartDrainAside)
				want := runSwitched(t, info, p, lookahead, false)
				if got := runSwitched(t, info, p, lookahead, true); got != want {
					t.Errorf("with look-ahead:\n%s\nwithout:\n%s", got, want)
				}
			})
		}
	}
}

// TestLookaheadStagesInOrder: the look-ahead never asks for a node's rows (the third stage,
// Prefetcher.PrefetchRows, which reads what the second brought in) without having asked for
// the node's state first (the second stage, Prefetcher.Prefetch), also for an event that
// came to the front of the queue without passing the second stage: in the liveness drain
// the queue holds a handful of events, and the Token often comes next right after it is sent.
func TestLookaheadStagesInOrder(t *testing.T) {
	for _, p := range lookaheadTrials() {
		p.Large = kernel.LargeOn
		a := &stagedRL{RL: rl.New(), staged: map[int32]int{}}
		if _, err := kernel.NewSim().Run(p, a); err != nil {
			t.Fatal(err)
		}
		if a.rows == 0 || a.unstaged > 0 {
			t.Errorf("n=%d: %d of %d PrefetchRows calls without a Prefetch of their node before", p.N, a.unstaged, a.rows)
		}
	}
}

// stagedRL is rl, counting its look-ahead's stages (TestLookaheadStagesInOrder).
type stagedRL struct {
	*rl.RL
	staged         map[int32]int // per node: Prefetch calls not yet followed by PrefetchRows
	rows, unstaged int
}

func (a *stagedRL) Prefetch(i int32) {
	a.staged[i]++
	a.RL.Prefetch(i)
}

func (a *stagedRL) PrefetchRows(i int32, p kernel.Port, m kernel.MsgType) {
	a.rows++
	if a.staged[i] == 0 {
		a.unstaged++
	} else {
		a.staged[i]--
	}
	a.RL.PrefetchRows(i, p, m)
}

// lookaheadTrials are short trials with link changes: the paper's n = 30, and a sparse
// network of 300 nodes at mean degree 6.
func lookaheadTrials() []kernel.Params {
	small := kernel.DefaultParams()
	small.Mobility, small.Seed = 0.5, 7
	small.Warmup, small.Measure = 50, 300
	sparse := small
	sparse.N, sparse.Degree, sparse.Load, sparse.Mobility = 300, 6, 0.05, 2
	return []kernel.Params{small, sparse}
}

// runTrial runs one trial and renders its whole result.
func runTrial(t *testing.T, info algorithms.Info, p kernel.Params) string {
	t.Helper()
	r, err := kernel.NewSim().Run(p, info.New())
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%+v", r)
}

// BenchmarkLookahead runs the million-node trial (n = 10^6, mean degree 8, load 0.01) on one warmed
// simulator with the look-ahead and its prefetching on and off, alternated trial by trial
// (internal/abtest), and reports the event loop's events per second of the thread's CPU both
// ways, each pair logged (-v):
//
//	go test -run '^$' -bench 'Lookahead/rl' -benchtime 4x -v ./kernel/
func BenchmarkLookahead(b *testing.B) { benchPart(b, kernel.PartLookahead, loopCost) }

// partCost is what a part of the large-network machinery is for: the work it speeds up and
// the time that work costs, as a rate's unit.
type partCost struct {
	unit string
	work func(kernel.Result) int64
	cost func(kernel.Split) time.Duration
}

var (
	// loopCost: the event loop's events per second of the thread's CPU.
	loopCost = partCost{"loop-events/cpu-s", func(r kernel.Result) int64 { return r.Events },
		func(s kernel.Split) time.Duration { return s.LoopCPU }}
	// warmupCost: the warm-up's events per second of the thread's CPU.
	warmupCost = partCost{"warmup-events/cpu-s", func(r kernel.Result) int64 { return r.EventsWarmup },
		func(s kernel.Split) time.Duration { return s.WarmupCPU }}
	// drainCost: the liveness drain's events per second of the thread's CPU.
	drainCost = partCost{"drain-events/cpu-s", func(r kernel.Result) int64 { return r.EventsDrain },
		func(s kernel.Split) time.Duration { return s.DrainCPU }}
	// setupCost: events per second of the setup's wall time (work on a second core counts).
	setupCost = partCost{"events/setup-s", func(r kernel.Result) int64 { return r.Events },
		func(s kernel.Split) time.Duration { return s.SetupWall }}
)

// benchPart runs the million-node trial of rl and drs with one part of the large-network
// machinery off and on, alternated trial by trial on one warmed simulator, and compares the
// rate c says the part is for.
func benchPart(b *testing.B, part kernel.Part, c partCost) {
	benchPartOf(b, []string{"rl", "drs"}, part, c)
}

// benchPartOf is benchPart for the algorithms named.
func benchPartOf(b *testing.B, names []string, part kernel.Part, c partCost) {
	forMillionNodeTrial(b, names, func(b *testing.B, sim *kernel.Sim, algo kernel.Algorithm, p kernel.Params) {
		first, _, err := sim.RunSplit(p, algo)
		if err != nil {
			b.Fatal(err)
		}
		abtest.Pairs(b, float64(c.work(first)), c.unit, [2]string{"off", "on"}, func(j int) time.Duration {
			sim.Without(part * kernel.Part(1-j))
			r, split, err := sim.RunSplit(p, algo)
			sim.Without(0)
			if err != nil {
				b.Fatal(err)
			}
			if r.Events != first.Events {
				b.Fatalf("%d events, want %d", r.Events, first.Events)
			}
			return c.cost(split)
		})
	})
}
