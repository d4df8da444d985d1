package kernel

import "github.com/mutexlab/mutexlab/kernel/mem"

// A trial's arrays: the kernel sizes every per-trial array of its own here, once per trial,
// and keeps it for the next (Sim), so that a trial of the size of the last one allocates
// nothing. It does so before the graph is built: in a large trial the setup helper then
// faults the new arrays in while the graph is built (prefaultEarly).

// rooms is how much room the kernel's per-trial arrays have: taken before allocate, it
// tells which arrays allocate made anew, those the setup helper is to fault in. The
// statuses, request times and request streams are sized together (n each), so one room
// stands for them.
type rooms struct{ nodes, recs, heap, aside int }

// allocate sizes the kernel's per-trial arrays for a trial of p.N nodes, each cleared or
// fresh from the system (zero already: not cleared a second time), and hands those made
// anew to the setup helper of a large trial.
func (s *Sim) allocate(p *Params) {
	heap, aside := s.q.Rooms()
	before := rooms{nodes: cap(s.status), recs: cap(s.recs), heap: heap, aside: aside}
	s.reserveEvents(p)
	n := p.N
	s.status = mem.Zeroed(s.status, n)
	s.requestedAt = mem.Zeroed(s.requestedAt, n)
	s.rand.requestState = mem.Resize(s.rand.requestState, n)
	s.meas.msgs = mem.Zeroed(s.meas.msgs, len(s.types))
	s.meas.msgsAll = mem.Zeroed(s.meas.msgsAll, len(s.types))
	s.meas.waits = mem.Resize(s.meas.waits, int(min(p.MeasureEntries(), 1<<20)))[:0]
	s.prefaultEarly(p, before)
}

// recordRoom is the number of event records a trial of n nodes reserves at setup: every
// node's own pending event (its next request or its release: n) and as many again for the
// messages in flight, plus 64 for the kernel's own events (the watchdog, link changes,
// crashes). Only room is reserved: a page of it is first written, and costs memory and a
// fault, when a record on it is first used, so room never used costs nothing but address
// space (MakeLarge). It is enough for the million-node workload (mean degree 8, load 0.01),
// where the algorithms have used 1.00n (rl, hk, gme) to 1.49n (akw1) records at once at
// n = 10^6: there no algorithm's loop allocates. It is not a bound: at load 0.1 (the
// default) and n = 10^4, drs had 2.88n in use, akw1 3.62n, akw2 4.59n, and at load 1 drs
// 7.18n (rl and gme stay near n at every load). When the room is too small newRec doubles
// it (GrowLarge), and with it the free list; the results are the same either way. Before,
// setup reserved n + 64 and drs, akw1, akw2 and cm doubled their records in the event loop
// of the million-node workload: a 92 MB array new to the process, the old 46 MB copied into it
// and left to the collector.
func recordRoom(n int) int { return 2*n + 64 }

// reserveEvents empties the queue and the event records, with room for a trial of p.N
// nodes (recordRoom says for which trials it suffices; beyond it each part doubles): the
// free list has room for every record; the heap for each node's own pending event (a
// request or a release: n + 64), or, when deliveries go to the heap rather than the run
// (deliversInOrder false), for every record; the run, when deliveries go there, for the
// record room less n own events, twice over (Queue.Reserve says why), which is short when
// most nodes are waiting and the messages in flight take more of the records; the entries
// set aside for the drain's dropped requests in a large trial, one per node at most (a room
// that holds every node's first request until then: eventq/start.go). A trial on reused
// arrays of its size and its kind of delay allocates nothing here. The queue's look-ahead
// (setupLookahead) is set once it is empty.
func (s *Sim) reserveEvents(p *Params) {
	n, room := p.N, recordRoom(p.N)
	s.inOrder = deliversInOrder(p)
	heap, run, aside := n+64, 2*(room-n), 0
	if !s.inOrder {
		heap, run = room, 0
	}
	if s.uses(partDrainAside) || s.usesStartStream() {
		aside = n + 64
	}
	s.q.Reset()
	s.q.Reserve(heap, run, aside)
	s.setupLookahead()
	s.recs = mem.Reserve(s.recs, room)
	s.free = mem.Reserve(s.free, room)
}

// deliversInOrder reports whether a trial's deliveries go to the queue's run rather than its
// heap (Sim.inOrder): under a constant delay, arrival times increase in the order messages
// are sent, whatever the link.
func deliversInOrder(p *Params) bool { return p.Delay.Kind == DelayConstant }
