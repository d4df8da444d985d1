package kernel

import (
	"github.com/mutexlab/mutexlab/kernel/mem"
	"github.com/mutexlab/mutexlab/kernel/topology"
)

// A large trial's setup on two cores: while the trial's thread builds the network, the
// setup helper (mem.Prefaulter) faults in on the other core the arrays setup writes next.
// allocateEarly allocates them before the graph is built, the algorithm's too
// (Preallocator), so that the helper has them to work on meanwhile.

// startPrefault starts the setup helper for a large trial, if the machine can run one.
func (s *Sim) startPrefault() {
	s.large.pre.Start(s.uses(partPrefault))
}

// endPrefault stops the setup helper, if one ran: setup has written its arrays.
func (s *Sim) endPrefault() {
	s.large.pre.Finish()
}

// allocateEarly allocates, before the graph is built, the per-node arrays setup writes
// after it (the request streams, the event records, the queue, the statuses, and the
// algorithm's through Preallocator), and hands those newly allocated to the helper.
// resetCounters and seedStreams later find them large enough. The arrays are added in
// reverse order of first use: the helper takes the last added first.
func (s *Sim) allocateEarly(p *Params) {
	pf := &s.large.pre
	if !pf.Running() {
		return
	}
	defer pf.Batch()() // the helper woken once the batch is queued

	n := p.N
	if cap(s.status) < n {
		s.status = Zeroed(s.status, n)
		mem.Prefault(pf, s.status)
	}
	if cap(s.requestedAt) < n {
		s.requestedAt = Zeroed(s.requestedAt, n)
		mem.Prefault(pf, s.requestedAt)
	}
	// The event records and the queue, with the room the loop may need (reserveEvents), of
	// which only what scheduleStart writes is faulted in: a record and a heap entry per
	// node, or, with the start stream, an entry of it (in the set-aside's room, where it is
	// sorted in place: sortPairs). The rest of the room is first written, if ever, by the
	// loop (in rl, a handful of heap entries).
	recs := cap(s.recs)
	heap, aside := s.q.Rooms()
	s.reserveEvents(p)
	if cap(s.recs) != recs {
		mem.Prefault(pf, s.recs[:n])
	}
	start := s.usesStartStream()
	if h, a := s.q.Rooms(); !start && h != heap || start && a != aside {
		s.q.Prefault(pf, n, start)
	}
	if pa, ok := s.algo.(Preallocator); ok && s.uses(partPreallocHints) {
		if _, walter := s.net.(*WalterModel); walter {
			pa.Preallocate(pf, n, p.LinkCount())
		}
	}
	mem.PreallocateSlice(pf, &s.rand.requestState, n)
	// Last, so that the helper starts with them: the topology's arrays, the first setup writes.
	if _, walter := s.net.(*WalterModel); walter {
		links := p.LinkCount()
		if pc := PortCapFor(n, links); topology.CheckPortCap(pc) == nil {
			s.topo.Preallocate(pf, n, pc, links)
		}
	}
}
