package kernel

// DrainDrops runs a trial as Run does (without the event budget's checkpoints) and returns
// the drain's event counts, from the window's close, at which a request set aside was
// dropped (Sim.dropRequest), and how many requests were set aside.
func DrainDrops(p Params, algo Algorithm) (at []int64, setAside int, err error) {
	s := NewSim()
	if err := s.begin(p, algo); err != nil {
		return nil, 0, err
	}
	for s.err == nil && s.q.Len() > 0 && !(s.phase == phaseDrain && s.drainOver()) {
		before, phase := s.q.AsideLen(), s.phase
		s.step()
		if phase != phaseDrain && s.phase == phaseDrain {
			setAside = s.q.AsideLen()
		}
		for d := before - s.q.AsideLen(); d > 0; d-- { // one each, unless a step dropped several
			at = append(at, s.events-s.win.evClose-int64(d-1))
		}
	}
	return at, setAside, s.err
}

// FreeSlots returns the event records' free list (a copy), the order in which they will be
// reused: the same with the drain's requests set aside as without (Sim.dropRequest).
func (s *Sim) FreeSlots() (free []uint32, records int) {
	return append([]uint32(nil), s.free...), len(s.recs)
}
