package topology

import "github.com/mutexlab/mutexlab/kernel/mem"

// The hints below are for large trials (n = 10^6, the kernel's Params.Large), where every
// first read of a random node's port record is a trip to main memory: the kernel's
// look-ahead and an algorithm's optional prefetch hints (kernel.Prefetcher) ask for the
// records an event will read before it runs, so the trips overlap. They change no state;
// below a few thousand nodes the records are in cache and nobody asks.

// PrefetchPort prefetches node i's port p record when it is inline (spill rows are rare):
// the record a delivery on p reads, or that a send on p updates (the simulator's send), for
// an algorithm that can tell where its node will send (kernel.Prefetcher).
func (t *Topology) PrefetchPort(i int32, p Port) {
	if uint(p) < uint(t.inline) {
		mem.Prefetch(&t.ports[int(i)*t.inline+int(p)])
	}
}

// PrefetchPorts prefetches the records of node i's ports below end that are inline: those a
// handler that sends on many of them is about to update.
func (t *Topology) PrefetchPorts(i int32, end Port) {
	if end = min(end, Port(t.inline)); end > 0 {
		k := int(i) * t.inline
		mem.PrefetchRange(t.ports[k : k+int(end)])
	}
}

// PrefetchPeer prefetches the record of the port at the far end of node i's port p, when
// both are inline and p is up: the record a send on p updates. It reads node i's
// port p record, so an algorithm that knows its next handler will send on p (a reply on the
// arrival port, whose record the kernel asked for an event before) calls it from
// kernel.Prefetcher.PrefetchRows; the simulator asks again for every send, just before them.
func (t *Topology) PrefetchPeer(i int32, p Port) {
	if uint(p) >= uint(t.inline) {
		return
	}
	r := &t.ports[int(i)*t.inline+int(p)]
	if pp := r.PeerPort(); r.Up() && uint(pp) < uint(t.inline) {
		mem.Prefetch(&t.ports[int(r.Peer())*t.inline+int(pp)])
	}
}
