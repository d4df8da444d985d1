package kernel_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/mutexlab/mutexlab/algorithms"
	"github.com/mutexlab/mutexlab/algorithms/rl"
	"github.com/mutexlab/mutexlab/kernel"
)

// TestLookaheadUnchanged: looking ahead and prefetching (kernel/lookahead.go, on by itself
// only from n = 32,768) changes no result. The pinned walter trials stay identical with it
// on, also with every port spilled, and every registered algorithm gives the same results
// with it as without it, under link changes, on small and on sparse networks.
func TestLookaheadUnchanged(t *testing.T) {
	t.Run("walter pins", func(t *testing.T) {
		defer kernel.LookAheadAlways()()
		checkPinned(t)
	})
	t.Run("walter pins spilled", func(t *testing.T) {
		defer kernel.LookAheadAlways()()
		defer kernel.SpillAllPorts()()
		checkPinned(t)
	})
	for _, info := range algorithms.All() {
		for _, p := range lookaheadTrials() {
			name := fmt.Sprintf("%s/n=%d/mobility=%g", info.Name, p.N, p.Mobility)
			t.Run(name, func(t *testing.T) {
				want := runTrial(t, info, p)
				restore := kernel.LookAheadAlways()
				got := runTrial(t, info, p)
				restore()
				if got != want {
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
	defer kernel.LookAheadAlways()()
	for _, p := range lookaheadTrials() {
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

// BenchmarkLookahead runs whole trials of rl and drs at n = 10^4, 10^5 and 10^6 (the scaling
// workload, scaleParams) with the look-ahead on and off, one after the other:
//
//	go test -run '^$' -bench 'Lookahead/.*/.*/n=100000$' -benchtime 2x -count 3 ./kernel/
//	go test -run '^$' -bench 'Lookahead/rl/.*/n=1000000$' -benchtime 1x -count 3 ./kernel/
//
// events/s is wall-clock, setup included; on a shared machine compare with -cpuprofile
// (Sim.step's samples) or /usr/bin/time's CPU time rather than trusting one run.
func BenchmarkLookahead(b *testing.B) {
	for _, name := range []string{"rl", "drs"} {
		info, ok := algorithms.Lookup(name)
		if !ok {
			b.Fatalf("no algorithm %s", name)
		}
		for _, n := range []int{10_000, 100_000, 1_000_000} {
			for _, on := range []bool{true, false} {
				mode := map[bool]string{true: "on", false: "off"}[on]
				b.Run(fmt.Sprintf("%s/%s/n=%d", name, mode, n), func(b *testing.B) {
					from := math.MaxInt
					if on {
						from = 0
					}
					defer kernel.LookAheadFrom(from)()
					benchScale(b, info, scaleParams(n))
				})
			}
		}
	}
}
