package kernel

import (
	"github.com/mutexlab/mutexlab/kernel/mem"
	"github.com/mutexlab/mutexlab/kernel/rng"
	"math"
)

// Event records and their scheduling: what the queue's payloads name.

type eventKind uint8

const (
	evRequest eventKind = iota
	evRelease
	evDeliver
	evLinkChange
	evWatchdog
	evCrash // node crashes (node -1: the next rate-driven crash)
)

// eventRec is a scheduled event: 48 bytes, the message's words stored flat (a Message
// field would pad its type byte to 8 and make it 56): the queue of a large trial holds
// several per node.
type eventRec struct {
	a, b, c, d int64 // the message's words (evDeliver)
	node       int32
	port       Port   // arrival port (evDeliver)
	gen        uint32 // generation of the arrival port's link when sent (evDeliver)
	kind       eventKind
	mtype      MsgType // the message's type (evDeliver)
}

// message is the message a delivery event carries.
func (r *eventRec) message() Message {
	return Message{Type: r.mtype, A: r.a, B: r.b, C: r.c, D: r.d}
}

// loadMessage copies the message a delivery event carries into m field by field: a Message
// value built and then copied whole is stored in narrow pieces and read back 16 bytes at a
// time, which the CPU cannot forward from its store buffer (a stall on every delivery,
// BenchmarkRL n=30).
func (r *eventRec) loadMessage(m *Message) {
	m.Type, m.A, m.B, m.C, m.D = r.mtype, r.a, r.b, r.c, r.d
}

// requestGap draws node i's next exponential think time. Each node has its own counter-based
// stream, so node i's k-th gap is the same whatever the algorithm does: two algorithms run on
// one seed see the same request stream (common random numbers).
func (s *Sim) requestGap(i int32) float64 {
	if s.p.Load == 0 {
		return math.Inf(1)
	}
	s.rand.requestState[i] += 0x9e3779b97f4a7c15
	u := float64(rng.Mix64(s.rand.requestState[i])>>11) * (1.0 / (1 << 53)) // [0, 1)
	return -math.Log1p(-u) / s.p.Load
}

// scheduleStart schedules every node's first request (into the queue's start stream in a
// large trial: eventq/start.go), the first link change and the starvation watchdog.
func (s *Sim) scheduleStart() {
	n := s.p.N
	if !s.usesStartStream() {
		for i := int32(0); int(i) < n; i++ {
			s.schedule(s.requestGap(i), evRequest, i)
		}
	} else {
		for i := int32(0); int(i) < n; i++ {
			s.q.PushStart(s.now+s.requestGap(i), s.newEvent(evRequest, i)) // Load > 0: no gap is infinite
		}
		s.q.SortStart()
	}
	if t := s.net.NextChange(0, &s.rand.mobility); !math.IsInf(t, 1) {
		s.schedule(t, evLinkChange, 0)
	}
	s.schedule(s.starveAfter/4, evWatchdog, 0)
}

// schedule queues an event of kind at node after delay (none if the delay is infinite).
func (s *Sim) schedule(delay float64, kind eventKind, node int32) {
	if math.IsInf(delay, 1) {
		return
	}
	s.scheduleAt(s.now+delay, kind, node)
}

// scheduleAt queues an event of kind at node (not a delivery: send schedules those) at
// absolute time t.
func (s *Sim) scheduleAt(t float64, kind eventKind, node int32) {
	s.q.Push(t, s.newEvent(kind, node))
}

// newEvent returns the slot of a new event record of kind at node (not a delivery), written
// field by field, as loadMessage says why.
func (s *Sim) newEvent(kind eventKind, node int32) uint32 {
	slot := s.newRec()
	x := &s.recs[slot]
	x.a, x.b, x.c, x.d = 0, 0, 0, 0
	x.node, x.port, x.gen, x.kind, x.mtype = node, 0, 0, kind, 0
	return slot
}

// newRec returns the index of a free event record: one freed by an event already handled,
// or a new one.
func (s *Sim) newRec() uint32 {
	if k := len(s.free); k > 0 {
		slot := s.free[k-1]
		s.free = s.free[:k-1]
		return slot
	}
	if len(s.recs) == cap(s.recs) {
		s.growRecs()
	}
	s.recs = s.recs[:len(s.recs)+1]
	return uint32(len(s.recs) - 1)
}

// growRecs doubles the event records, when more are in flight than setup reserved
// (recordRoom), and the free list with them: the free list has room for every record, so
// that appending to it never reallocates. Out of line: it is rare, and newRec is hot.
//
//go:noinline
func (s *Sim) growRecs() {
	s.recs = mem.GrowLarge(s.recs, len(s.recs))
	s.free = mem.GrowLarge(s.free, cap(s.recs)-len(s.free))
}
