package kernel

// Hooks for exhaustive exploration (package explore): a scripted trial driven one message at
// a time, with what a search needs to recognise a state it has seen. They build on the
// scripted driving of script.go and, like it, never run while a trial runs on its own.

// ScriptAgain is Script for a fresh algorithm instance on a simulator that ran a scripted
// trial before, whose arrays it reuses: the topology's version starts again from 0, as on a
// new simulator, so that the same steps give the same messages and state again (rr's
// messages and memory carry the version). A search re-executes its paths this way.
func (s *Sim) ScriptAgain(p Params, algo Algorithm, edges [][2]int32) error {
	s.topo.RestartVersion()
	return s.Script(p, algo, edges)
}

// DeliverFrom delivers now the first message in transit from node j to node i, the head of
// that directed link: links are FIFO, so it is the only message of the link that may arrive
// next. It reports whether there was one; the messages its delivery sends stay in transit.
func (s *Sim) DeliverFrom(i, j int32) (bool, error) {
	first := true
	n, err := s.deliverNow(func(r *eventRec) bool {
		if first && r.node == i && s.topo.Peer(r.node, r.port) == j {
			first = false
			return true
		}
		return false
	})
	return n == 1, err
}

// InTransit appends the messages in transit to dst in the order they would be delivered,
// whole: with the words that Pending (a trace's view, MsgTypeInfo.Shown) zeroes. Two states
// whose messages differ only in those words behave differently.
func (s *Sim) InTransit(dst []InFlight) []InFlight {
	evs := s.drain(s.pending[:0])
	s.pending = evs
	s.refill(evs)
	for _, e := range evs {
		if r := &s.recs[e.slot]; r.kind == evDeliver {
			dst = append(dst, InFlight{From: s.topo.Peer(r.node, r.port), To: r.node, Type: s.types[r.mtype].Name, Msg: r.message()})
		}
	}
	return dst
}

// AlgorithmStreamState appends the state of the algorithm's random stream (Env.Rand) to dst.
// Handlers that draw from it (a request's resource, priority or class) make the next draw
// part of the trial's state.
func (s *Sim) AlgorithmStreamState(dst []byte) []byte {
	return s.rand.algRand.AppendState(dst)
}
