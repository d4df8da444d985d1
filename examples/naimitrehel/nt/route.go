package nt

import "github.com/mutexlab/mutexlab/kernel"

// Sending to a node id over the ideal routing layer, as rr does: a message carries the id of
// the node it is for (word B) and takes, at every node it reaches, the first hop of a current
// shortest path toward it (routing.Oracle.NextHop: the lowest such port). A node on the way
// forwards it and changes no state of its own. rr carries the rest of a route in its words C
// and D while the network is unchanged, for speed, and takes exactly the port NextHop would
// answer; nt asks NextHop at every hop, the model itself, with the same ports.
//
// When no route reaches the recipient, NextHop answers kernel.NoPort and the send stops the
// trial with the kernel's invariant error (a send on a port that is down), as in rr: the
// ideal routing layer the paper grants has a route whenever the network is connected, which
// Reset requires and the walter network keeps.

// sendRequest sends REQUEST(requester) from node i, the algorithm's sender, to node to.
func (a *NT) sendRequest(i, to, requester int32, out *kernel.Outbox) {
	a.stats.requestMsgs++
	a.send(i, to, kernel.Message{Type: MsgRequest, A: int64(requester), B: int64(to), C: int64(i)}, out)
}

// sendToken sends the token from node i to node to.
func (a *NT) sendToken(i, to int32, out *kernel.Outbox) {
	a.send(i, to, kernel.Message{Type: MsgToken, A: int64(i), B: int64(to)}, out)
}

// send puts m, for node to, on node i's first hop toward it.
func (a *NT) send(i, to int32, m kernel.Message, out *kernel.Outbox) {
	a.stats.sent++
	a.forward(i, to, m, out)
}

// forward puts m, for node to, on node i's next hop toward it: one physical message.
func (a *NT) forward(i, to int32, m kernel.Message, out *kernel.Outbox) {
	a.stats.hops++
	out.Send(a.oracle.NextHop(i, to), m)
}
