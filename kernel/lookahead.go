package kernel

// aheadMinN is the network size from which the simulator looks ahead (a variable so that
// tests can turn it on for small trials). Below it a trial's state mostly fits in the
// caches: BenchmarkLookahead measured on and off alike within the noise at n = 10^4, and on
// 1.3-1.5 times as fast at n = 10^5 (rl and drs); BenchmarkRL (n = 30, 10^4) does not use it.
var aheadMinN = 1 << 15

// aheadDepth is how many events the queue keeps ahead of the heap: one per stage below.
const aheadDepth = 3

// setupLookahead turns the look-ahead on for large networks (lookahead says what it does).
func (s *Sim) setupLookahead() {
	s.ahead = s.p.N >= aheadMinN
	s.prefetcher, _ = s.algo.(Prefetcher)
	if s.ahead {
		s.q.SetAhead(aheadDepth)
	}
}

// lookahead prefetches the state the events after the next one will read while the current
// one runs: at n = 10^6 each event reads the records of random nodes, and every first read of
// one is a trip to main memory (and, with pages this many, often a page-table walk first).
// It works in three stages, each needing what the one before brought in: the record of the
// event three ahead; the state of the node of the event two ahead (its port record, the
// kernel's status and the algorithm's state, Prefetcher.Prefetch); the algorithm's rows of
// the node of the next event (Prefetcher.PrefetchRows), so that each prefetch has an event's
// time to arrive. The queue knows the next events (Queue.SetAhead); an event pushed
// in between (rare at that size: its delay is long against the time between events) only
// goes unprefetched. Prefetching changes no state, so the trial is the same with it or
// without it (TestLookaheadUnchanged).
func (s *Sim) lookahead() {
	if slot, ok := s.q.Ahead(aheadDepth - 1); ok {
		PrefetchAt(s.recs, int(slot))
	}
	if slot, ok := s.q.Ahead(aheadDepth - 2); ok {
		s.prefetchNode(&s.recs[slot])
	}
	if slot, ok := s.q.Ahead(aheadDepth - 3); ok && s.prefetcher != nil {
		s.prefetchRows(&s.recs[slot])
	}
}

// prefetchNode prefetches what event r's handler reads first at its node: the arrival
// port's record (a delivery) or the first port records (a request or release, which may
// send), the node's status, and the algorithm's state of the node.
func (s *Sim) prefetchNode(r *eventRec) {
	i := r.node
	switch r.kind {
	case evDeliver:
		s.topo.prefetchPort(i, r.port)
	case evRequest:
		s.topo.prefetchPort(i, 0)
		PrefetchAt(s.requestedAt, int(i))
	case evRelease:
		s.topo.prefetchPort(i, 0)
	default:
		return
	}
	PrefetchAt(s.status, int(i))
	if s.prefetcher != nil {
		s.prefetcher.Prefetch(i)
	}
}

// prefetchRows asks the algorithm for the rows of event r's node (its third stage).
func (s *Sim) prefetchRows(r *eventRec) {
	switch r.kind {
	case evDeliver:
		s.prefetcher.PrefetchRows(r.node, r.port)
	case evRequest, evRelease:
		s.prefetcher.PrefetchRows(r.node, NoPort)
	}
}

// prefetchSends prefetches the port records at the far end of the links node i is about to
// send on: after reads each to bound the link's load and to stamp the message with the
// generation of its arrival port. All of them are asked for before the first is needed, so
// their trips to memory overlap.
func (s *Sim) prefetchSends(i int32) {
	for k := range s.out.sends {
		s.topo.prefetchPeer(i, s.out.sends[k].port)
	}
}

// prefetchPort prefetches node i's port p record when it is inline (spill rows are rare).
func (t *Topology) prefetchPort(i int32, p Port) {
	if uint(p) < uint(t.inline) {
		Prefetch(&t.ports[int(i)*t.inline+int(p)])
	}
}

// prefetchPeer prefetches the record of the port at the far end of node i's port p, when
// both are inline and p is up.
func (t *Topology) prefetchPeer(i int32, p Port) {
	if uint(p) >= uint(t.inline) {
		return
	}
	r := &t.ports[int(i)*t.inline+int(p)]
	if r.peer >= 0 && uint(r.peerPort) < uint(t.inline) {
		Prefetch(&t.ports[int(r.peer)*t.inline+int(r.peerPort)])
	}
}
