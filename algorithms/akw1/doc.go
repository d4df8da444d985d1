// Package akw1 is the first local mutual exclusion algorithm of Attiya, Kogan and Welch,
// "Efficient and Robust Local Mutual Exclusion in Mobile Ad Hoc Networks", 28th IEEE
// International Conference on Distributed Computing Systems (ICDCS), 2008 (section 4,
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
// A node needs to recolour at its first request and after any LinkUp in which it is the
// moving end.
//
// # Initial colours (akw_init_colors)
//
// Section 4: "The recoloring module is also executed by each node to obtain an initial color;
// we do not discuss this issue further." By default (InitRecolor, 1) every node starts with
// colour ⊥ (ranked below every colour, as a new neighbour's) and a recolouring due, and runs
// the recolouring module at its first request, exactly as after a move: a static network
// recolours once per node and then keeps the colours of line 6 ("after all nodes in the
// static system set a color upon the exit from the critical section, the recoloring module
// is never run again"), so 1a and 1b differ on static networks too. InitGiven (2) starts from
// a legal colouring in 0..δ computed by Reset (greedy in id order): the "initial valid
// coloring" Table 1 lists for Choy and Singh, the setting of the paper's O(δ²) special case,
// and akw1's behaviour before this reading existed (the pins akw1g are those trials).
//
// # A node that moves (lines 47–55)
//
// The listing exits the doorways inside "if behind SD^f" (lines 49–52), then waits for the new
// neighbours' update-color and, if hungry, goes to the entry of AD^r. Read literally, a
// hungry node that moves while in the recolouring doorway or at SD^f's entry keeps the
// doorways it crossed while it runs AD^r's entry code again; the text says otherwise ("When
// a moving node arrives at a new neighborhood, it exits any doorway that it has crossed"),
// and the literal reading deadlocks: a node at AD^r's entry still behind AD^f waits to see a
// neighbour outside AD^r, which waits behind AD^r to see it outside AD^f (mutant
// keep-doorways, caught by the liveness phase in the first seed). We follow the text: a
// moving node exits every doorway it crossed; one behind SD^f first releases its suspended
// forks (line 51).
//
// Line 50 turns an eater back to hungry. The kernel's critical section cannot be
// interrupted (an application step of at most τ; taking a node out of it would need a
// preemption the kernel does not have), so this line cannot be done as written. The eater
// does the rest of lines 49–52 at once, leaving every doorway (its neighbours see it
// outside, as in the paper), keeps every fork it holds until its meal ends (an eater never
// yields one: a request is suspended and granted at line 8), and, its request having been
// served, recolours at its next one. The other way to approximate line 50, finishing the
// meal behind SD^f and AD^f and leaving them at line 9, breaks Lemma 3: the eater arrives
// behind SD^f with the colour of its old neighbourhood, which a new neighbour behind SD^f
// can share (mutant eater-stays, caught by the Lemma 3 check in about half the
// random-waypoint seeds).
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
//   - The CS cannot be interrupted (see "A node that moves"). Both ends of a new link send a
//     hello with colour, position and state (the paper: the static end only, line 46); a
//     static end that learns that the moving end is eating may not use the new fork until
//     the eater's next update-color (line 7, sent on leaving the CS).
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
// # Measured: the colour range and the doorway passages
//
// metrics.go measures what Lemmas 1, 2 and 4 bound, with the kernel's Probe (times) and
// record of motion (static passages): color_range (Δ, the largest |colour| from the
// recolouring module), recolor_time_max (T_c), doorway1_time_max and doorway1_module_max
// (Lemma 1: a static node's passage through the first double doorway and the longest stay
// behind SD^r), doorway2_time_max, doorway2_module_max and sdf_entries_max (Lemma 2: the same
// for the second double doorway, and R), forks_time_max (section 4.3's X = O(Δ + δ)). bench
// check bounds checks them (docs/claims.md); the mutant color-stride (a legal colouring in a
// range O(δΔ)) shows that the colour-range check can fail (TestColorRangePower).
//
// Worst cases are played on purpose in adversarial_test.go: a path whose ids increase along
// it, all hungry at once (the greedy new-color()'s chain of waits, Table 1's n term), a crash
// during the first recolouring (1b's locality against 1a's), and sustained saturation on
// that path (n drops out once line 6's colours settle).
//
// # Messages
//
// door(A = position, B = SD^r crossing number), recolor_reply(A = competing, B = crossing
// answered), update_color(A = colour), req, fork(A = flag), hello(A = colour, B = position,
// C = state), linial(A = round, B = colour in that round).
package akw1
