package kernel

import "fmt"

// TraceEvent is one line of an event trace: what happened, at which node, with which peer and
// message. Tracing is off unless a function is installed with SetTrace; it is meant for
// scenario tests, for replaying a failing seed and for the trace viewer, never for sweeps.
//
// The function is called before the handler of the event runs (request, release, recv,
// link-down, link-up) or after the fact (send, enter, crash, unsafe-enter): a node's state
// after a handler is what it is at the next event. For link-down the topology does not show
// the change yet (a state read then is the one the previous handler left, its ports still
// mapped); for link-up it does already (the new ports exist, nothing else moved). unsafe-enter: the algorithm let Node
// enter the CS while Peer was in it (or, for the local checks, in a conflicting CS); the
// trial stops there with a safety violation.
type TraceEvent struct {
	Time    float64
	Kind    string // request, enter, release, send, recv, link-down, link-up, crash, unsafe-enter
	Node    int32
	Peer    int32
	Msg     string // message type name for send/recv
	Message Message
	// At is when a sent message is due to arrive (send only): the time the kernel drew for its
	// delivery, FIFO-clamped. A viewer pairs each recv with its send by (sender, receiver, At):
	// out-of-turn deliveries of scripted scenarios (Sim.DeliverTo) arrive earlier, never later.
	At float64
}

func (e TraceEvent) String() string {
	switch e.Kind {
	case "send":
		return fmt.Sprintf("%.6g %d send %s to %d (%d,%d,%d)", e.Time, e.Node, e.Msg, e.Peer, e.Message.A, e.Message.B, e.Message.C)
	case "recv":
		return fmt.Sprintf("%.6g %d recv %s from %d (%d,%d,%d)", e.Time, e.Node, e.Msg, e.Peer, e.Message.A, e.Message.B, e.Message.C)
	case "link-down", "link-up":
		return fmt.Sprintf("%.6g %s %d %d", e.Time, e.Kind, e.Node, e.Peer)
	}
	return fmt.Sprintf("%.6g %d %s", e.Time, e.Node, e.Kind)
}

// SetTrace installs f to receive every event of the following trials (nil turns tracing off).
func (s *Sim) SetTrace(f func(TraceEvent)) { s.trace = f }

func (s *Sim) emit(e TraceEvent) {
	e.Time = s.now
	s.trace(e)
}

// ---- What a trace viewer reads besides the events (never called while a trial runs fast) ----

// NodeView is node i's state in structured form, for drawing: what NodeState says in words,
// in the fields a picture needs. A field that does not apply to the algorithm stays at its
// zero value (empty, false, "", -1 for Next), and the viewer draws nothing for it.
type NodeView struct {
	// Height is the node's height, compared lexicographically: a link is drawn from its
	// higher to its lower end (rl, hk, gme: (h1, h2, id), toward the token; akw1, akw2: the
	// priority key and id, toward the senior end). Empty: the algorithm orients no links.
	Height []int64
	// Next is the neighbour the node sends its requests to (the node itself at the token
	// holder; Raymond's HOLDER), or -1: none, or not known (its link failed).
	Next int32
	// HasQueue says the algorithm keeps a request queue, Queue: that queue, head first, as
	// node ids (the node's own id for its own request).
	HasQueue bool
	Queue    []int32
	// Phase is the node's phase in its paper's words when it says more than remainder,
	// waiting or CS (drs: COMPETE, LOCKED; the fork algorithms: hungry); "" none.
	Phase string
}

// NodeViewer is implemented by algorithms the trace viewer draws beyond their NodeState line:
// ViewNode fills v with node i's state (v comes reset: Next -1, the slices empty with their
// storage kept, so that a viewer can reuse one NodeView). Like NodeState it may allocate and
// is called only by tracing tools.
type NodeViewer interface {
	ViewNode(i int32, v *NodeView)
}

// Reset empties v for the next ViewNode, keeping the slices' storage.
func (v *NodeView) Reset() {
	v.Height, v.Next, v.HasQueue, v.Queue, v.Phase = v.Height[:0], -1, false, v.Queue[:0], ""
}

// Position returns node i's position at the current time on a network model that moves nodes
// (a Mover: waypoint, ns2), and false on a model without positions (graph models).
func (s *Sim) Position(i int32) (x, y float64, ok bool) {
	g, ok := s.net.(Mover)
	if !ok {
		return 0, 0, false
	}
	x, y = g.Position(i, s.now)
	return x, y, true
}

// Crashed reports whether node i has crashed.
func (s *Sim) Crashed(i int32) bool { return s.isDead(i) }
