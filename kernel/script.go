package kernel

// Scripted driving: scenario tests (the papers' figures) and replay build a network by hand,
// issue requests, releases and link changes at chosen moments, and deliver messages one at a
// time. Nothing happens on its own: no Poisson requests, no automatic release after CSTime,
// no mobility, no watchdog. The online safety checks stay on.

// Script starts a scripted trial of algo on the network given by edges (node pairs). p.N must
// cover the edges' nodes; p.Delay gives message delays as usual.
func (s *Sim) Script(p Params, algo Algorithm, edges [][2]int32) error {
	if p.CSTime == 0 {
		p.CSTime = 1
	}
	if p.Delay.A == 0 {
		p.Delay = Delay{Kind: DelayConstant, A: 1}
	}
	if p.Measure == 0 {
		p.Measure = 1 << 20
	}
	s.scripted = true
	p.Warmup = 0
	if err := s.setup(p, algo, edges); err != nil {
		return err
	}
	return s.err
}

// Now returns the current simulated time.
func (s *Sim) Now() float64 { return s.now }

// Err returns the error that stopped the trial, if any.
func (s *Sim) Err() error { return s.err }

// Topology returns the network (for inspection in tests).
func (s *Sim) Topology() *Topology { return &s.topo }

// InCS reports whether node i is in its critical section.
func (s *Sim) InCS(i int32) bool { return s.status[i] == critical }

// Waiting reports whether node i has a pending request.
func (s *Sim) Waiting(i int32) bool { return s.status[i] == waiting }

// RequestCS makes node i request the CS now.
func (s *Sim) RequestCS(i int32) error { s.request(i); return s.err }

// ReleaseCS makes node i leave the CS now.
func (s *Sim) ReleaseCS(i int32) error { s.release(i); return s.err }

// LinkDown takes down the link between u and v now (it must carry no message in flight).
func (s *Sim) LinkDown(u, v int32) error {
	p := s.topo.PortTo(u, v)
	if p == NoPort {
		return s.fail(ErrInvariant, []int32{u, v}, "script: no link between %d and %d", u, v)
	}
	k := s.topo.LinkIndex(u, p)
	if !s.topo.LinkIdle(k) {
		return s.fail(ErrInvariant, []int32{u, v}, "script: link %d-%d carries a message", u, v)
	}
	a, b, pa, pb := s.topo.Disconnect(k)
	s.linkEvent(a, pa, false)
	s.linkEvent(b, pb, false)
	return s.err
}

// LinkUp forms a link between u and v now.
func (s *Sim) LinkUp(u, v int32) error {
	pu, pv, err := s.topo.Connect(u, v)
	if err != nil {
		return s.fail(ErrInvariant, []int32{u, v}, "script: %v", err)
	}
	s.linkEvent(u, pu, true)
	s.linkEvent(v, pv, true)
	return s.err
}

// Step processes the next pending event; it reports false when none is pending.
func (s *Sim) Step() bool {
	if s.q.Len() == 0 || s.err != nil {
		return false
	}
	s.step()
	return true
}

// RunUntil processes every event with time <= t, then sets the clock to t.
func (s *Sim) RunUntil(t float64) error {
	for s.err == nil && s.q.Len() > 0 && s.q.PeekTime() <= t {
		s.step()
	}
	if s.err == nil && t > s.now {
		s.now = t
	}
	return s.err
}

// Settle processes events until none is pending.
func (s *Sim) Settle() error {
	for s.Step() {
	}
	return s.err
}
