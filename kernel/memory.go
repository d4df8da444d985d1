package kernel

import "unsafe"

// MemoryBytes reports the bytes held by the kernel's per-node and per-port state (topology,
// workload, streams), excluding the per-link list, the event queue and the algorithm's own
// state. It counts slice capacities, so it is what the trial really holds.
func (s *Sim) MemoryBytes() (perNodeAndPort, links int) {
	t := &s.topo
	b := cap(t.ports)*int(unsafe.Sizeof(portRec{})) + cap(t.lastArr)*8 + cap(t.spill)*4 +
		cap(t.up.words)*8 + cap(t.deg)*4 + cap(t.adj)*8 + cap(t.stamp)*4 + cap(t.bfsQueue)*4 + cap(t.removable)*4 +
		cap(s.status)*int(unsafe.Sizeof(nodeStatus(0))) + cap(s.requestedAt)*8 + cap(s.rand.requestState)*8
	return b, cap(t.links)*int(unsafe.Sizeof(linkEnds{})) + cap(t.linkSince)*8
}
