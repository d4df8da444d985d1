package kernel

import (
	"github.com/mutexlab/mutexlab/kernel/mem"
	"github.com/mutexlab/mutexlab/kernel/topology"
)

// A large trial's setup on two cores: while the trial's thread builds the network, the
// setup helper (mem.Prefaulter) faults in on the other core the arrays setup writes next.
// They are allocated before the graph is built (allocate), the algorithm's too
// (Preallocator), so that the helper has them to work on meanwhile (prefaultEarly).

// startPrefault starts the setup helper for a large trial, if the machine can run one.
func (s *Sim) startPrefault() {
	s.large.pre.Start(s.uses(partPrefault))
}

// endPrefault stops the setup helper, if one ran: setup has written its arrays.
func (s *Sim) endPrefault() {
	s.large.pre.Finish()
}

// prefaultEarly hands the setup helper, before the graph is built, the kernel's arrays that
// allocate has just made anew (before: their rooms until then), then the algorithm's
// (Preallocator) and the topology's, allocated here, so that the helper faults them in while
// the graph is built: their builders later find them large enough. They are added in reverse
// order of first use, as the helper takes the last added first. The request streams are left
// out: seedStreams writes them at once.
func (s *Sim) prefaultEarly(p *Params, before rooms) {
	pf := &s.large.pre
	if !pf.Running() {
		return
	}
	defer pf.Batch()() // the helper woken once the batch is queued
	n := p.N
	// Of the event records and the queue, only what scheduleStart writes: a record and a
	// heap entry per node, or, with the start stream, an entry of it (in the set-aside's
	// room, where it is sorted in place: sortPairs). The rest of their room is first
	// written, if ever, by the loop (in rl, a handful of heap entries).
	var fresh [][]byte
	if cap(s.status) != before.nodes {
		fresh = append(fresh, mem.Bytes(s.status), mem.Bytes(s.requestedAt))
	}
	if cap(s.recs) != before.recs {
		fresh = append(fresh, mem.Bytes(s.recs[:n]))
	}
	mem.PrefaultAll(pf, fresh...)
	start := s.usesStartStream()
	if h, a := s.q.Rooms(); !start && h != before.heap || start && a != before.aside {
		s.q.Prefault(pf, n, start)
	}
	_, walter := s.net.(*WalterModel)
	if pa, ok := s.algo.(Preallocator); ok && walter && s.uses(partPreallocHints) {
		pa.Preallocate(pf, n, p.LinkCount())
	}
	// Last, so that the helper starts with them: the topology's arrays, the first setup writes.
	if walter {
		links := p.LinkCount()
		if pc := topology.PortCapFor(n, links); topology.CheckPortCap(pc) == nil {
			s.topo.Preallocate(pf, n, pc, links)
		}
	}
}
