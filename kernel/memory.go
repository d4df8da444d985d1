package kernel

import "unsafe"

// MemoryBytes reports the bytes held by the kernel's per-node and per-port state (topology,
// workload, streams), excluding the per-link list, the event queue and the algorithm's own
// state. It counts slice capacities, so it is what the trial really holds.
func (s *Sim) MemoryBytes() (perNodeAndPort, links int) {
	b, links := s.topo.MemoryBytes()
	b += cap(s.status)*int(unsafe.Sizeof(nodeStatus(0))) + cap(s.requestedAt)*8 + cap(s.rand.requestState)*8
	return b, links
}
