package kernel

// A trial's setup: everything before its first event (Sim.begin), one step per concern, in
// the order each needs the one before: the run's state and the algorithm's traits first,
// then the network model (allocate sizes for it), the arrays, the random streams (the
// graph's build draws from one), the initial graph, the algorithm on it, the measurement
// window, the first events and the crashes.

// setup prepares a trial. edges, when not nil, gives the initial network explicitly (scripted
// scenarios); otherwise it is the network model's (for walter, a random connected graph with
// p.LinkCount() links).
func (s *Sim) setup(p Params, algo Algorithm, edges [][2]int32) error {
	s.p = p
	s.resetRun()
	s.bindAlgorithm(algo)
	s.startPrefault()
	defer s.endPrefault()
	s.topo.SetStop(s.guard.stop)
	s.topo.SetParallel(p.LargeMachinery())
	defer s.topo.SetStop(nil)
	net, err := networkFor(&p, edges)
	if err != nil {
		return err
	}
	s.net = net
	s.allocate(&p)
	s.seedStreams(&p)
	if err := s.buildNetwork(&p); err != nil {
		return err
	}
	if s.interrupted() {
		return ErrInterrupted
	}
	if err := s.startAlgorithm(algo); err != nil {
		return err
	}
	if s.interrupted() {
		return ErrInterrupted
	}
	if s.resetWindow(&s.p) {
		s.openWindow()
	}
	if !s.scripted {
		s.scheduleStart()
	}
	s.setupCrashes()
	return nil
}

// resetRun starts the run's clock and counts from zero, before anything of the new trial
// happens: the algorithm's start may already send, fail or count.
func (s *Sim) resetRun() {
	s.out.reset()
	s.waiting, s.critical = 0, 0
	s.now, s.events, s.entries = 0, 0, 0
	s.phase = phaseWarmup
	s.meas.winStart, s.meas.winEnd = 0, 0
	s.meas.csArea, s.meas.csAreaT = 0, 0
	s.meas.linkChanges, s.meas.skipped, s.meas.lost = 0, 0, 0
	s.tok.inFlightTok = 0
	s.err = nil
	s.starveAfter = s.p.starveAfter()
}

// bindAlgorithm records what the kernel learns of the trial's algorithm once, rather than
// asking it on every event: its message types, whether it holds a token, which checker
// watches it, its bound on a link's load and whether it splits the measured waits.
func (s *Sim) bindAlgorithm(algo Algorithm) {
	s.algo = algo
	s.types = algo.MessageTypes()
	s.tok.holder, _ = algo.(TokenHolder)
	s.observer, _ = algo.(EntryObserver)
	s.check = checkerFor(algo)
	if b, ok := s.check.(interface{ bind(*Sim) }); ok {
		b.bind(s)
	}
	s.linkBound, s.maxLinkLoad = 0, 0
	if lb, ok := algo.(LinkLoadBounder); ok {
		s.linkBound = lb.MaxInFlightPerLink()
	}
}
