package topology

import (
	"fmt"
	"math"
)

// PortRec is one end of a link as the link layer sees it, kept together so that delivering a
// message touches one cache line per end instead of one per field. It is 16 bytes, so that
// in the page-aligned port array no record straddles two cache lines (a 20-byte one did
// about a quarter of the time, and the loop waits on these records), and so that the
// largest array of a large trial is a fifth smaller (231 MB instead of 288 at n = 10^6 and
// mean degree 8). Two fields are 16 bits wide for that, and their limits are refused, never
// wrapped: peerPort holds every port below MaxPortCap and NoPort, and ResetLinks refuses a
// larger port cap; inflight counts up to MaxInFlight, and the simulator's send stops a trial
// that would send one more toward a port.
//
// A free port is all zero bytes: the peer, its port and the link are stored plus one (0:
// none), and read through Peer, PeerPort and Link. So a port array fresh from the system is
// already an empty topology, and a large trial's setup does not write its 224 MB before the
// first link (ResetLinks): on a first run that pass faulted in the pages on the trial's
// thread, while the setup helper can fault them in without writing (mem.Prefaulter,
// Topology.Preallocate).
type PortRec struct {
	peerPlus1     uint32 // neighbour at this port plus one, 0 if the port is free
	peerPortPlus1 uint16 // the neighbour's port for the same link plus one, 0 if the port is free
	inflight      uint16 // messages in flight toward this port: sent at the other end, not yet delivered
	gen           uint32 // generation of the link at this port: bumped at every Connect
	linkPlus1     uint32 // index into links of the link at this port plus one, 0 if the port is free
}

// linkedPort is the record of a port whose link k goes to port pp of node peer, in
// generation gen, with no message in flight.
func linkedPort(peer int32, pp Port, gen uint32, k int32) PortRec {
	return PortRec{peerPlus1: uint32(peer) + 1, peerPortPlus1: uint16(pp) + 1, gen: gen, linkPlus1: uint32(k) + 1}
}

// Peer is the neighbour at this port, -1 if the port is free.
func (r PortRec) Peer() int32 { return int32(r.peerPlus1 - 1) }

// PeerPort is the neighbour's port for the same link, NoPort if the port is free: the
// wrapped subtraction gives 0xFFFF for a free port, which int16 reads as -1.
func (r PortRec) PeerPort() Port { return Port(int16(r.peerPortPlus1 - 1)) }

// Link is the index into links of the link at this port, -1 if the port is free.
func (r PortRec) Link() int32 { return int32(r.linkPlus1 - 1) }

// Up reports whether a link is at this port.
func (r PortRec) Up() bool { return r.peerPlus1 != 0 }

// Gen is the generation of the link at this port: a message carries the generation of its
// arrival port when it is sent, and is lost if the port's link has changed since.
func (r *PortRec) Gen() uint32 { return r.gen }

// InFlight is the number of messages in flight toward this port.
func (r *PortRec) InFlight() int { return int(r.inflight) }

// Sent counts one more message in flight toward this port (the simulator's send, which
// refuses to count beyond MaxInFlight).
func (r *PortRec) Sent() { r.inflight++ }

// Delivered counts one message fewer in flight toward this port (its delivery).
func (r *PortRec) Delivered() { r.inflight-- }

// setLink records that the link at this port is now links[k] (Disconnect moves the last
// link into the place of the one taken down).
func (r *PortRec) setLink(k int32) { r.linkPlus1 = uint32(k) + 1 }

// release frees the port, keeping its generation and its count in flight.
func (r *PortRec) release() { r.peerPlus1, r.peerPortPlus1, r.linkPlus1 = 0, 0, 0 }

// MaxPortCap is the most ports a node can have: port numbers 0..MaxPortCap-1, plus one, are
// what PortRec.peerPortPlus1 holds (uint16).
const MaxPortCap = math.MaxInt16 + 1

// CheckPortCap refuses a port cap above MaxPortCap: ResetLinks, and Params.Validate before a
// trial starts, ask it.
func CheckPortCap(portCap int) error {
	if portCap > MaxPortCap {
		return fmt.Errorf("a port cap of %d ports per node is above %d, the most a node can have", portCap, MaxPortCap)
	}
	return nil
}

// MaxInFlight is the most messages in flight toward one port that PortRec.inflight counts.
const MaxInFlight = math.MaxUint16
