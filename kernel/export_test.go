package kernel

import (
	"time"

	"github.com/mutexlab/mutexlab/internal/abtest"
)

// SpillAllPorts makes every topology built until restore is called store only its first 16
// ports per node inline (all of them when it has no more), the rest in spill rows, as the
// largest networks did before inlineFor sized the rows to the mean degree.
func SpillAllPorts() (restore func()) { return SpillBeyond(16) }

// SpillBeyond makes every topology built until restore is called store only its first w
// ports per node inline (w = 0: as many as inlineFor says), the rest in spill rows, as the
// largest networks do: to pin results with ports spilled, or to compare widths on one
// simulator.
func SpillBeyond(w int) (restore func()) {
	all, force := inlineAll, inlineForce
	inlineAll, inlineForce = 0, w
	return func() { inlineAll, inlineForce = all, force }
}

// InlineOf returns the simulator's topology's inline width and the spill rows it handed out.
func (s *Sim) InlineOf() (inline, spills int) { return s.topo.inline, s.topo.spills }

// LookAheadAlways makes every trial run until restore is called look ahead and prefetch
// (lookahead.go), as trials of large networks do.
func LookAheadAlways() (restore func()) { return LookAheadFrom(0) }

// LookAheadFrom makes trials of n nodes or more look ahead until restore is called.
func LookAheadFrom(n int) (restore func()) {
	old := aheadMinN
	aheadMinN = n
	return func() { aheadMinN = old }
}

// Split is where one trial's time went: setup (the network, the streams, the algorithm's
// Reset, the first requests: everything before the first event) and the rest (the event loop
// and the result), each as wall time and as the CPU time of the calling thread (ThreadCPU:
// meaningful when the goroutine is locked to its thread).
type Split struct {
	SetupWall, LoopWall, SetupCPU, LoopCPU time.Duration
}

// ThreadCPU is the calling thread's CPU time (internal/abtest): lock the goroutine to its
// thread, and the difference of two readings is its own CPU time.
var ThreadCPU = abtest.ThreadCPU

// RunSplit runs one trial as RunContext does (begin, then complete) and also
// returns where its time went, so a benchmark can report the two rates the scaling table
// mixes: setup dominates the trials with few events at large n. TestRunSplitMatchesRun keeps
// it equal to Run.
func (s *Sim) RunSplit(p Params, algo Algorithm) (Result, Split, error) {
	wall0, cpu0 := time.Now(), ThreadCPU()
	if err := s.begin(p, algo); err != nil {
		return Result{}, Split{}, err
	}
	wall1, cpu1 := time.Now(), ThreadCPU()
	r, err := s.complete(nil)
	wall2, cpu2 := time.Now(), ThreadCPU()
	return r, Split{wall1.Sub(wall0), wall2.Sub(wall1), cpu1 - cpu0, cpu2 - cpu1}, err
}
