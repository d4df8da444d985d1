package drs

import "math/bits"

// Lemma 11's resources as the run used them, beside its formula (MemoryBits):
//
//	drs_ports             Δ, the ports per node (the paper's maximum number of connections)
//	drs_state_bits        the bits of per-node protocol state this implementation holds: lock
//	                      (int16), state, phase and the pending-LOCK flag (a byte each), the
//	                      priorities received (a byte per port and one for the node) and the
//	                      nine port-set rows (whole 64-bit words); the metrics' counters are not
//	                      protocol state and are left out
//	drs_message_bits_max  the largest message sent, in bits: ⌈log2 8⌉ = 3 bits of type plus the
//	                      bits of its largest payload (a priority < K, or win's one bit)
//
// Lemma 11 bounds the first by O(Δ) and the second by Θ(1) (independent of Δ; with K > Δ², as
// footnote 2 would need for O(Δ²) trials, it grows to O(log Δ)).

// Metric names of the resources as run.
const (
	MetricPorts     = "drs_ports"
	MetricStateBits = "drs_state_bits"
	MetricMsgBits   = "drs_message_bits_max"
)

// typeBits is the bits that name one of drs's eight message types.
var typeBits = bits.Len(uint(len(messageTypes) - 1))

// noteSent records the payload of a message sent to a neighbour (self-messages are memory
// updates, not messages).
func (a *DRS) noteSent(payload int64) {
	a.payloadBits = max(a.payloadBits, bits.Len64(uint64(payload)))
	a.sentAny = true
}

// stateBits is drs_state_bits for the trial's Δ.
func (a *DRS) stateBits() int {
	words := len(a.L.Row(0))
	return 16 + 3*8 + 8*(a.delta+1) + 9*64*words
}
