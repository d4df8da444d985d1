package kernel

// MsgType numbers an algorithm's message kinds 0, 1, 2, ...; the algorithm's MessageTypes
// table, indexed by MsgType, names each kind and says whether it carries the token.
type MsgType uint8

// Message is a fixed-size typed message: no pointers, no slices, so sending one copies 40
// bytes and allocates nothing. Each algorithm documents what its words A..D mean per type
// (for Reverse Link, a height (h1, h2, id) in A, B, C).
type Message struct {
	Type       MsgType
	A, B, C, D int64
}

// MsgTypeInfo describes one message kind: its column name in results (msgs_<Name>) and
// whether a message of this kind carries the token (used by the token-count safety check).
type MsgTypeInfo struct {
	Name  string
	Token bool
	// Words is how many of a message's words, from A on, are the algorithm's own; the others
	// carry the state of a layer below it (rr: the rest of the route a message carries over
	// its routing layer, and the topology version it was found at). A trace shows only the
	// algorithm's words, the others as zero (Shown). 0: all four.
	Words int
}

// Shown is m as a trace shows it: the words past t.Words zeroed.
func (t MsgTypeInfo) Shown(m Message) Message {
	switch t.Words {
	case 1:
		m.B, m.C, m.D = 0, 0, 0
	case 2:
		m.C, m.D = 0, 0
	case 3:
		m.D = 0
	}
	return m
}

// Algorithm is a distributed algorithm as a set of per-node state machines. The kernel calls
// exactly one handler per input event, for one node i; the handler may read and change only
// node i's own state, and acts on the world only through out (send on one of i's ports, enter
// the critical section). Handlers get no clock, no random source and no global view; the
// simulator owns time, randomness and the network.
//
// Reset is the exception: like the papers' simulations, it may look at the whole initial
// network to set up initial state (Reverse Link's initial heights, Raymond's spanning tree).
type Algorithm interface {
	// Name is the registry name (rl, rr, ...).
	Name() string
	// MessageTypes lists the message kinds, indexed by MsgType.
	MessageTypes() []MsgTypeInfo
	// Reset prepares the state of env.N nodes on env.Topo for a new trial, reusing storage.
	Reset(env *Env) error
	// RequestCS: the application at node i asks for the critical section (RequestCS_i).
	RequestCS(i int32, out *Outbox)
	// ReleaseCS: the application at node i leaves the critical section (ReleaseCS_i).
	ReleaseCS(i int32, out *Outbox)
	// Receive: message m arrives at node i on port p (Recv_i(j, m), j at the other end of p).
	Receive(i int32, p Port, m *Message, out *Outbox)
	// LinkUp: a link has formed at node i's port p (LinkUp_i(l)).
	LinkUp(i int32, p Port, out *Outbox)
	// LinkDown: the link at node i's port p has failed (LinkDown_i(l)); p is already free.
	LinkDown(i int32, p Port, out *Outbox)
}

// MetricsReporter is implemented by algorithms that measure more than the kernel does
// (priority inversions, concurrency, ...). Metrics is called once at the end of a trial and
// appends (name, value) pairs; each name becomes a float64 column of the results file.
type MetricsReporter interface {
	Metrics(dst []Metric) []Metric
}

// Metric is one named algorithm-specific measurement of a trial.
type Metric struct {
	Name  string
	Value float64
}

// TokenHolder is implemented by token-based algorithms so the kernel can check online that
// exactly one token exists: holders plus token messages in flight must always equal one.
type TokenHolder interface {
	HoldsToken(i int32) bool
}

// Env is what an algorithm gets at Reset.
type Env struct {
	N      int
	Params *Params   // the trial's parameters (algorithm-specific ones in Params.Algo)
	Topo   *Topology // the physical network; handlers read only their own node's ports
	Rand   *Stream   // the algorithm's own random stream (StreamAlgorithm)
	Seed   uint64    // the trial's seed, for messages in errors

	sim *Sim // for Probe (instrument.go)
}

// Outbox collects what one handler call does: messages to send and whether the node enters
// the critical section. The kernel drains it after every call; its storage is reused.
type Outbox struct {
	sends []outMsg
	enter bool
}

type outMsg struct {
	port Port
	msg  Message
}

// Send queues m for delivery on port p. It stores field by field: an outMsg built whole was
// written in narrow pieces and copied 16 bytes at a time, a load the CPU cannot forward from
// its store buffer (a stall per message, BenchmarkRL n=30).
func (o *Outbox) Send(p Port, m Message) {
	o.sends = append(o.sends, outMsg{})
	x := &o.sends[len(o.sends)-1]
	x.port = p
	x.msg.Type, x.msg.A, x.msg.B, x.msg.C, x.msg.D = m.Type, m.A, m.B, m.C, m.D
}

// EnterCS tells the application at this node that it may enter the critical section (EnterCS_i).
func (o *Outbox) EnterCS() { o.enter = true }

func (o *Outbox) reset() {
	o.sends = o.sends[:0]
	o.enter = false
}
