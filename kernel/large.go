package kernel

import "github.com/mutexlab/mutexlab/kernel/mem"

// LargeN is the number of nodes from which a trial is large: its per-node arrays no longer
// fit in the caches (a few megabytes below it), so the simulator turns on the machinery that
// only pays at that size (Params.LargeMachinery). Below it the papers' trials run the plain
// path: one heap, one goroutine, no prefetching.
const LargeN = 1 << 15

// LargeMode chooses whether a trial runs the large-network machinery: the queue's look-ahead
// with the algorithm's prefetch hints (lookahead.go), the first requests in a sorted start
// stream (eventq/start.go), the drain's requests set aside (drain_aside.go), the setup helper
// that faults memory in on a second core and the split BFS and fills (large_setup.go,
// topology/bfs.go) and port rows spilled past the mean degree (topology/topology.go). None
// of it changes a trial's result (TestLargeMachineryUnchanged), only its speed and memory.
type LargeMode uint8

const (
	// LargeAuto, the zero value, turns the machinery on from LargeN nodes.
	LargeAuto LargeMode = iota
	// LargeOn turns it on whatever the size (tests: the large path on small trials).
	LargeOn
	// LargeOff turns it off whatever the size (tests and benchmarks: the plain path).
	LargeOff
)

// LargeMachinery reports whether a trial of p runs the large-network machinery (LargeMode).
func (p *Params) LargeMachinery() bool {
	switch p.Large {
	case LargeOn:
		return true
	case LargeOff:
		return false
	}
	return p.N >= LargeN
}

// largePart names one mechanism of the large-network machinery, so that its paired benchmark
// and its test can run a large trial with it alone turned off (Sim.without).
type largePart uint8

const (
	partLookahead     largePart = 1 << iota // the queue's look-ahead and prefetching (lookahead.go)
	partStartStream                         // the first requests in a sorted stream (eventq/start.go)
	partDrainAside                          // the drain's requests set aside (drain_aside.go)
	partPrefault                            // the setup helper (large_setup.go)
	partPrefetchHints                       // the algorithm's Prefetcher
	partPreallocHints                       // the algorithm's Preallocator
)

// largeState is what the large-network machinery keeps in a Sim.
type largeState struct {
	pre mem.Prefaulter // faults in a large trial's arrays on another core during setup (large_setup.go)
	// without turns parts of the machinery off (their benchmarks and tests); the zero value
	// runs all of it where Params.LargeMachinery says.
	without largePart
	// ahead: the queue keeps the next events out of its heap and step prefetches their
	// state (lookahead.go); prefetcher is the algorithm's part of it.
	ahead      bool
	prefetcher Prefetcher
	staged     uint32 // the record whose node lookahead prefetched last (its second stage), or noSlot
}

// uses reports whether the trial being set up runs part of the large-network machinery.
func (s *Sim) uses(part largePart) bool { return s.p.LargeMachinery() && s.large.without&part == 0 }

// Preallocator is an optional hint of the large-network machinery, which an algorithm may
// ignore: one that can size its large arrays before the network is built implements it. For
// a large trial on the walter network (a random graph of exactly
// links links, built on an empty topology), the kernel calls Preallocate before building
// the graph; the algorithm allocates what its Reset will fill, sized as Reset will size it,
// and passes the arrays to the setup helper pf (mem.Prefault, mem.PreallocateSlice), so that the helper faults them in while the graph is
// built. Reset then finds them large enough and only fills them: what it writes, and so
// the trial, does not change.
type Preallocator interface {
	Preallocate(pf *mem.Prefaulter, n, links int)
}

// Prefetcher is an optional hint of the large-network machinery, which an algorithm may
// ignore: one whose per-node state is large implements it. In a large trial the
// kernel calls mem.Prefetch(i) two events before it calls one of node i's handlers, then
// PrefetchRows(i, p, m) one event before (p and m: the arrival port and type of a message;
// p is NoPort, and m 0, for a request or release); each asks for the cache lines the
// handler will read (mem.Prefetch), so that their trips to main memory overlap the work
// before. Prefetch asks for what can be found without reading other state (arrays indexed
// by i); PrefetchRows for what is found through what Prefetch brought in (rows that node
// i's state points to, and the port records its sends will update: Topology.PrefetchPort,
// PrefetchPorts, PrefetchPeer), and only what the handler of a message of type m reads: a
// line asked for and not read costs a trip to memory all the same. Neither may change state
// (kernel/lookahead.go).
type Prefetcher interface {
	Prefetch(i int32)
	PrefetchRows(i int32, p Port, m MsgType)
}

// usesStartStream reports whether the trial being set up queues its first requests in the
// start stream: a large one (Params.LargeMachinery), not scripted (a script queues no
// request), with requests at all (Load > 0; Validate refuses 0, requestGap allows it).
func (s *Sim) usesStartStream() bool {
	return s.uses(partStartStream) && !s.scripted && s.p.Load > 0
}
