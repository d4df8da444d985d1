// Package rl implements the Reverse Link (RL) mutual exclusion algorithm of J. E. Walter,
// J. L. Welch and N. H. Vaidya, "A Mutual Exclusion Algorithm for Ad Hoc Mobile Networks",
// Wireless Networks 7(6):585–600, 2001.
//
// rl.go follows the pseudocode of section 4.3 handler by handler and line by line: each
// handler carries the paper's name and its statements carry the paper's line numbers. A node's
// neighbour j is addressed by the port it is reached on; Q holds ports (and a marker for the
// node itself), and height[j], formHeight[j], N, receivedLI and forming are per-port arrays
// and bitsets.
//
// Initial state (section 4.1): node 0 holds the token at height (0, 0, 0); node i starts at
// (0, d_i, i), d_i its hop distance to node 0, so every node but 0 has a lower neighbour and
// the links form a DAG toward node 0; next is the lowest neighbour.
//
// Where the paper is ambiguous, we chose (and the tests check):
//
//   - Token handler, line 3: "Send LinkInfo(h.h1, h.h2 − 1, i) to all outgoing k ∈ N and to
//     j" is evaluated with the height from before lines 4-5 lower it. This is the literal
//     reading: the message carries the new height written out by hand, which only makes sense
//     if the height has not been lowered yet. Lemma 4, case 2.1 needs exactly this LinkInfo to a
//     lower neighbour ("the LinkInfo was sent by j when j received the token and lowered its
//     height"), and section 6 describes its effect as "token movement to change link direction
//     in the vicinity of the token holder" and requests going "over direct links to the token
//     holder rather than over the last link on which they sent the token" (former holders are
//     the neighbours that were outgoing). Reading "outgoing" after the lowering would leave no
//     outgoing neighbour at all in a static network, contradicting section 6.2's LinkInfo count
//     growing with connectivity. If j is itself an outgoing neighbour it gets one LinkInfo, not
//     two.
//   - Empty N: a node may momentarily know no neighbour (all its remaining links are still
//     forming when its last known link fails). The sink test "myHeight < height[k] ∀k ∈ N" is
//     taken as false for an empty N (RaiseHeight's minimum would be undefined) and
//     ForwardRequest sends nothing; next is marked as gone. When the first LinkInfo of a
//     forming link arrives, LinkInfo lines 8-9 run the sink test and the reroute, and the
//     reroute condition "the link to next has reversed" is extended to "next ∉ N". Without this
//     a request could be lost (starvation); with it, Lemma 4's request chains stay intact.
//   - A failed link's port can be reused by a new link to a different node. next is therefore
//     reset to "gone" when its link fails (the paper's next is a node id, which then is not in
//     N), and forming[j] is cleared on failure so the new link starts its own handshake.
//   - Request handler, line 8: "Q = [j]" is "Q holds exactly j".
package rl
