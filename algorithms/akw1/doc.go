// Package akw1 is the first local mutual exclusion algorithm of Attiya, Kogan and Welch,
// "Efficient and Robust Local Mutual Exclusion in Mobile Ad Hoc Networks" (section 4,
// Algorithm 1): fork collection inside a double doorway with a return path, recolouring
// inside a double doorway, link creation handled differently by static and moving nodes;
// two colouring procedures, greedy (1a, the default) and Linial's reduction (1b: parameter
// akw_coloring = 2, with akw_n and akw_delta, the n and δ the nodes know). Claims: local
// mutual exclusion; 1a failure locality n and response time O((n + δ³)δ) (Theorem 5),
// O((n + δ²)δ) on a static network; 1b failure locality max(log* n, 4) + 2 and response
// time O((log* n + δ⁴)δ) (Theorem 7).
//
// The handlers carry the paper's line numbers (1–61): akw1.go the link handlers and the
// dispatch, doorway.go the doorways and the recolouring module (lines 36–43), linial.go 1b.
// Fork collection (lines 1–35) is algorithms/internal/forks, the module akw2 runs too: only
// the colours (its priorities: a low neighbour is the module's senior) and the doorway
// position (behind SD^f) are akw1's. The mutation suite (mutation_test.go) lists akw1's
// deliberately broken variants and which checks catch them.
//
// # Doorways as message exchanges (section 3)
//
// A node's position is four bits: behind AD^r, SD^r, AD^f, SD^f. Every cross or exit sends a
// door notice with the new position to every neighbour; L[j] is the last one received from j
// (the paper's L[j]). An asynchronous doorway is crossed once every neighbour has been seen
// outside it at least once since the entry code began (a per-port "seen" set filled from
// L[j] at entry and from later notices); a synchronous one when every neighbour's L[j] shows
// it outside at the same time. Figure 3's order, with the interleaving Lemma 3 needs:
//
//	recolouring: cross AD^r, cross SD^r, new-color(), cross AD^f, exit SD^r and AD^r, cross SD^f
//	otherwise:   cross AD^f, cross SD^f
//	after eating: exit SD^f and AD^f (line 9); return path (line 60): exit SD^f, back to its entry
//
// A node still needs to recolour after any LinkUp in which it is the moving end; until it
// first moves it keeps the colour it was given (initially a greedy colouring of the initial
// graph in id order, computed by Reset: the paper leaves initial colours out).
//
// # The greedy new-color() (1a), and Assumption 1
//
// The paper's greedy procedure gathers the subgraph of concurrently recolouring nodes and
// colours it greedily in a predefined order. We run the same greedy order distributedly with
// fixed-size messages: the order is by id, and a node behind SD^r picks once every
// smaller-id neighbour is known not to compete or has picked; it then takes the smallest
// c >= 0 such that −c−1 is no neighbour's colour (line 38). Who competes: on crossing SD^r a
// node's door notice reaches every neighbour, which answers with a reply tagged with the
// crossing's number: NACK (line 41) unless it is itself behind SD^r and has not picked. A
// node picks once every neighbour has answered the current crossing and every smaller-id
// neighbour is resolved: by a NACK, by an update-color while it is behind SD^r (its pick),
// or by leaving SD^r; its crossing SD^r again (after a move) unresolves it. Why Assumption 1
// holds: two neighbours that recolour at once both crossed SD^r before seeing the other's
// crossing notice (messages are slow; the synchronous doorway only orders crossings that
// see each other). If neither has picked when the other's notice arrives, each answers
// "competing" and the larger waits for the smaller's colour. If one picked before the
// other's notice arrived, its colour went out before its answer (FIFO), and the other waits
// for that answer whatever the ids (the random tests found the case where the smaller id
// crossed while the larger, unseen, had just picked). A neighbour that crosses SD^r later
// cannot, the doorway being synchronous, until we have left it, colour sent. Waiting only on smaller ids
// is acyclic, so there is no deadlock; a chain of waits can span the network, which is the
// paper's failure locality n and time O(n) for 1a. Colours picked are in −δ−1..−1; colours
// chosen on leaving the CS (line 6) in 0..δ.
//
// Tested online at every CS entry and exit (tests' checker): Lemma 3, no two neighbours
// behind SD^f share a colour. A variant that picks without waiting for smaller-id
// competitors is caught by that check.
//
// # Linial's new-color() (1b)
//
// The same crossing and replies decide who competes (a neighbour answering "competing"
// before our first round is a rival). Round 0 colours are ids (< akw_n); round r maps a
// colour c of range m to x·q + p_c(x), where p_c is the polynomial of degree <= d over GF(q)
// whose coefficients are c's base-q digits and x is the smallest point where p_c differs
// from every rival's polynomial. Two distinct polynomials agree on at most d points, so with
// q > δ·d a free x exists: this is the cover-free family of Theorem 6 in its explicit form
// (Linial's construction; Erdős–Frankl–Füredi only prove existence), with q² colours instead
// of ⌈5δ² log m⌉. Each step picks (q, d) to minimise q² and the steps stop when the range no
// longer shrinks: 1 step for n = 1,000, δ = 4 (121 colours), 3 for n = 2⁴⁰, δ = 2 (25);
// log* n steps in general. A node broadcasts its colour of every round (linial messages) and
// starts round r+1 once every rival's round-r colour has arrived; rivals only ever leave
// (link failure, or a move that aborts their recolouring). Distinctness among rivals holds
// round by round (one side's avoidance suffices), so the final colours f differ. The final
// colour is taken in the block f·(δ+1) .. f·(δ+1)+δ, the first value no neighbour uses:
// rivals' blocks are disjoint and at most δ other neighbours exist, so it also differs from
// every non-competing neighbour (Assumption 1). Departure: the final range is q²·(δ+1), a
// factor δ·polylog above the paper's O(δ²) (Δ in Lemma 4), the price of keeping
// non-competitors' older colours out without a further round. akw_delta must bound every
// degree (on waypoint, the port cap delta does); linial_overflow counts steps where it did
// not (0 in every test). Tested: schedule validity, Lemma 3 over random static and mobile
// networks, a variant blind to its rivals caught, failure locality <= 6 measured.
//
// # Choices where the paper is silent or the simulator differs
//
//   - Ties. Lemma 3 makes equal colours between neighbours behind SD^f impossible, but a
//     node outside SD^f can share a colour with one behind it (a static node's line-6 colour
//     and a moving node's ⊥); lines 11–15 compare (colour, id) so that no tie can block.
//   - One request per fork: asked[j] as in akw2 (the paper may re-send req at line 22), so a
//     req always reaches the fork's holder (invariant I2, counted as bad_req: 0 in every test).
//   - Line 31's flag also needs the node to be hungry: at line 8 the leaving node is still
//     behind SD^f, and asking a fork back while thinking would make it hold forks it does
//     not want.
//   - A fork received outside SD^f with the flag set is returned at once (line 12: outside
//     SD^f a node grants every request); lines 19–22 apply behind SD^f only.
//   - The CS cannot be interrupted (line 50 turns a moving eater back to hungry). An eater
//     keeps every fork it holds (a req is suspended, line 51 skipped) until it leaves the
//     CS. Both ends of a new link send a hello with colour, position and state (the paper:
//     the static end only, line 46); a static end that learns that the moving end is eating
//     may not use the new fork until the eater's next update-color (line 7, sent on leaving
//     the CS).
//   - Moving and static ends: Topology.Moving, read through the link layer's notification
//     type (section 2); two moving or two static ends: the smaller id is the static end.
//     On the walter network no node is moving, so the larger id always takes the moving
//     end's role; at high link-change rates it may then restart at AD^r faster than one
//     recolouring completes and wait until the changes stop (the paper's response time
//     holds for nodes that remain static).
//   - The return path is not capped: a return needs a link to a low fork holder to fail,
//     which needs a move; the paper's R of Lemma 2 is the number of such moves.
//   - FIFO links are required (Validate refuses tvg).
//
// # Messages
//
// door(A = position, B = SD^r crossing number), recolor_reply(A = competing, B = crossing
// answered), update_color(A = colour), req, fork(A = flag), hello(A = colour, B = position,
// C = state), linial(A = round, B = colour in that round).
package akw1
