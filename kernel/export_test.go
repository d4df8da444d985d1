package kernel

import "time"

// SpillAllPorts makes every topology built until restore is called store only its first
// max(16, PortCap/2) ports per node inline, as the largest networks do.
func SpillAllPorts() (restore func()) {
	old := inlineAll
	inlineAll = 0
	return func() { inlineAll = old }
}

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
