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

// RunSplit runs one trial exactly as RunContext does (same steps, same result) and also
// returns the wall time of its setup (the network, the streams, the algorithm's Reset, the
// first requests: everything before the first event) and of the rest (the event loop and
// the result), so a benchmark can report the two rates the scaling table mixes: setup
// dominates the trials with few events at large n. TestRunSplitMatchesRun keeps it equal to
// Run.
func (s *Sim) RunSplit(p Params, algo Algorithm) (r Result, setup, loop time.Duration, err error) {
	if err := p.Validate(); err != nil {
		return Result{}, 0, 0, err
	}
	start := time.Now()
	s.scripted = false
	if err := s.setup(p, algo, nil); err != nil {
		return Result{}, 0, 0, err
	}
	s.budget, s.lastEntry = p.EventBudget(), 0
	s.nextCheck = min(checkEvery, s.budget)
	mid := time.Now()
	s.loop()
	if s.err != nil {
		return Result{}, 0, 0, s.err
	}
	r = s.result()
	s.finishCrashes(&r)
	end := time.Now()
	if s.err != nil {
		return Result{}, 0, 0, s.err
	}
	return r, mid.Sub(start), end.Sub(mid), nil
}
