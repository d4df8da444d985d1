package kernel

import "fmt"

// TraceEvent is one line of an event trace: what happened, at which node, with which peer and
// message. Tracing is off unless a function is installed with SetTrace; it is meant for
// scenario tests and for replaying a failing seed, never for sweeps.
type TraceEvent struct {
	Time    float64
	Kind    string // request, enter, release, send, recv, link-down, link-up
	Node    int32
	Peer    int32
	Msg     string // message type name for send/recv
	Message Message
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
