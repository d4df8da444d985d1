package kernel

import (
	"time"

	"github.com/mutexlab/mutexlab/internal/abtest"
)

// SpillBeyond makes s's topology spill its ports beyond the first w per node
// (Topology.SpillBeyond says how w is read): to pin results with ports spilled, or to compare
// widths on one simulator.
func (s *Sim) SpillBeyond(w int) { s.topo.SpillBeyond(w) }

// InlineOf returns the simulator's topology's inline width and the spill rows it handed out.
func (s *Sim) InlineOf() (inline, spills int) { return s.topo.Layout() }

// Part names a mechanism of the large-network machinery (large.go).
type Part = largePart

// The mechanisms a test or a paired benchmark can turn off alone (Sim.Without).
const (
	PartLookahead   = partLookahead
	PartStartStream = partStartStream
	PartDrainAside  = partDrainAside
	PartPrefault    = partPrefault
	PartPrefetch    = partPrefetchHints
	PartPrealloc    = partPreallocHints
)

// Without turns the given parts of the large-network machinery off for s's trials, and the
// others on where Params.LargeMachinery says: to prove a part changes no result, and to
// measure what it gains.
func (s *Sim) Without(parts Part) { s.large.without = parts }

// Split is where one trial's time went: setup (the network, the streams, the algorithm's
// Reset, the first requests: everything before the first event) and the rest (the event loop
// and the result), each as wall time and as the CPU time of the calling thread (ThreadCPU:
// meaningful when the goroutine is locked to its thread). The rest is split again by phase:
// the warm-up (up to the window's opening) and the drain (from the window's closing to the
// end, the result included); the window is what is left.
type Split struct {
	SetupWall, LoopWall, SetupCPU, LoopCPU     time.Duration
	WarmupWall, WarmupCPU, DrainWall, DrainCPU time.Duration
}

// ThreadCPU is the calling thread's CPU time (internal/abtest): lock the goroutine to its
// thread, and the difference of two readings is its own CPU time.
var ThreadCPU = abtest.ThreadCPU

// RunSplit runs one trial as RunContext does (begin, then complete) and also
// returns where its time went, so a benchmark can report the rates the scaling table
// mixes: setup dominates the trials with few events at large n, and the warm-up and the
// drain run at different rates. TestRunSplitMatchesRun keeps it equal to Run.
func (s *Sim) RunSplit(p Params, algo Algorithm) (Result, Split, error) {
	wall0, cpu0 := time.Now(), ThreadCPU()
	if err := s.begin(p, algo); err != nil {
		return Result{}, Split{}, err
	}
	wall1, cpu1 := time.Now(), ThreadCPU()
	var opened, closed struct {
		wall time.Time
		cpu  time.Duration
	}
	s.phaseClock = func(ph phase) {
		if ph == phaseMeasure {
			opened.wall, opened.cpu = time.Now(), ThreadCPU()
		} else {
			closed.wall, closed.cpu = time.Now(), ThreadCPU()
		}
	}
	defer func() { s.phaseClock = nil }()
	r, err := s.complete(nil)
	wall2, cpu2 := time.Now(), ThreadCPU()
	split := Split{SetupWall: wall1.Sub(wall0), LoopWall: wall2.Sub(wall1), SetupCPU: cpu1 - cpu0, LoopCPU: cpu2 - cpu1}
	if !opened.wall.IsZero() && !closed.wall.IsZero() {
		split.WarmupWall, split.WarmupCPU = opened.wall.Sub(wall1), opened.cpu-cpu1
		split.DrainWall, split.DrainCPU = wall2.Sub(closed.wall), cpu2-closed.cpu
	}
	return r, split, err
}
