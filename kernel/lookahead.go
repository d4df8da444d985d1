package kernel

import "github.com/mutexlab/mutexlab/kernel/mem"

// aheadDepth is how many events the queue keeps ahead of the heap: one per stage below.
const aheadDepth = 3

// setupLookahead turns the look-ahead on for large networks (lookahead says what it does):
// below LargeN a trial's state mostly fits in the caches, and BenchmarkLookahead measured on
// and off alike at n = 10^4.
func (s *Sim) setupLookahead() {
	s.large.ahead = s.uses(partLookahead)
	s.large.prefetcher = nil
	if s.uses(partPrefetchHints) {
		s.large.prefetcher, _ = s.algo.(Prefetcher)
	}
	s.large.staged = noSlot
	if s.large.ahead {
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
// time to arrive. The queue knows the next events (Queue.SetAhead). An event pushed in
// between lands nearer the front and skips stages: in the liveness drain, where the queue
// holds a handful of events, the Token often comes next right after it is sent. One that
// comes next without having had the second stage gets it together with the third (its
// node's state then arrives while the third stage waits for rows[i], instead of one line
// after another in the handler); an event pushed straight to the front of the queue goes
// unprefetched. Prefetching changes no state, so the trial is the same with it or without
// it (TestLookaheadUnchanged).
func (s *Sim) lookahead() {
	if slot, ok := s.q.Ahead(aheadDepth - 1); ok {
		mem.PrefetchAt(s.recs, int(slot))
	}
	next, hasNext := s.q.Ahead(aheadDepth - 3)
	if hasNext && next != s.large.staged {
		s.prefetchNode(&s.recs[next]) // it skipped the second stage
	}
	s.large.staged = noSlot
	if slot, ok := s.q.Ahead(aheadDepth - 2); ok {
		s.prefetchNode(&s.recs[slot])
		s.large.staged = slot
	}
	if hasNext && s.large.prefetcher != nil {
		s.prefetchRows(&s.recs[next])
	}
}

// noSlot is no event record's index (Sim.staged: no event had the second stage).
const noSlot = ^uint32(0)

// prefetchNode prefetches what event r's handler reads first at its node: the arrival
// port's record (a delivery) or the first port records (a request or release, which may
// send), the node's status and request time where the kernel reads them, and the
// algorithm's state of the node. The kernel reads a node's status only at a request, a
// release and an entry to the CS, which only a token's delivery can bring about in an
// algorithm with a token (without one, any delivery can): asking for it at every delivery
// fetched a line that went unused at 58% of rl's LinkInfo deliveries and 51% of its
// Request deliveries at n = 10^6 (counted by instrumenting the handlers).
func (s *Sim) prefetchNode(r *eventRec) {
	i := r.node
	switch r.kind {
	case evDeliver:
		s.topo.PrefetchPort(i, r.port)
		if s.tok.holder == nil {
			mem.PrefetchAt(s.status, int(i))
		} else if s.types[r.mtype].Token {
			mem.PrefetchAt(s.status, int(i))
			mem.PrefetchAt(s.requestedAt, int(i)) // for the wait, if the token lets the node in
		}
	case evRequest:
		s.topo.PrefetchPort(i, 0)
		mem.PrefetchAt(s.status, int(i))
		mem.PrefetchAt(s.requestedAt, int(i))
	case evRelease:
		s.topo.PrefetchPort(i, 0)
		mem.PrefetchAt(s.status, int(i))
	default:
		return
	}
	if s.large.prefetcher != nil {
		s.large.prefetcher.Prefetch(i)
	}
}

// prefetchRows asks the algorithm for the rows of event r's node (its third stage).
func (s *Sim) prefetchRows(r *eventRec) {
	switch r.kind {
	case evDeliver:
		s.large.prefetcher.PrefetchRows(r.node, r.port, r.mtype)
	case evRequest, evRelease:
		s.large.prefetcher.PrefetchRows(r.node, NoPort, 0)
	}
}

// prefetchSends prefetches the port records at the far end of the links node i is about to
// send on: after reads each to bound the link's load and to stamp the message with the
// generation of its arrival port. All of them are asked for before the first is needed, so
// their trips to memory overlap.
func (s *Sim) prefetchSends(i int32) {
	for k := range s.out.sends {
		s.topo.PrefetchPeer(i, s.out.sends[k].port)
	}
}
