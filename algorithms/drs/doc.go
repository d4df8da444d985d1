// Package drs is the anonymous local mutual exclusion algorithm of Daymude, Richa and
// Scheideler ("Local Mutual Exclusion for Dynamic, Anonymous, Bounded Memory Message Passing
// Systems", 1st Symposium on Algorithmic Foundations of Dynamic Networks (SAND), LIPIcs 221,
// 2022), Algorithms 1-3, action by action: INITLOCK, RECEIVEPREPARE, RECEIVEREADY,
// CHECKSTART, CLEANUP (Algorithm 1); RECEIVEREQUEST, CHECKPRIORITIES, RECEIVEWIN, CHECKWIN,
// RECEIVESETLOCK, RECEIVEACKLOCK, CHECKDONE (Algorithm 2); INITUNLOCK, RECEIVERELEASE,
// RECEIVEACKUNLOCK, CHECKUNLOCKED (Algorithm 3).
//
// Nodes are anonymous: a handler sees its own state, its own up ports (N[u], read from the
// kernel's port bitsets) and the port a message came in on; it never learns a node id. The
// variables L, R, H, A, C, W and P of Table 1, and the disconnection detector D, are
// kernel.PortSets rows of Δ+1 bits, bit Δ standing for the node itself (the paper's port 0);
// W is two rows (received, outcome FALSE), P a row plus one priority byte per port. LOCK is
// the kernel's RequestCS; success (CHECKDONE) is EnterCS; UNLOCK is ReleaseCS.
//
// # Choices where the paper is silent or ambiguous
//
//   - CLEANUP, lines 27-31: the listing indents line 29 ("A ← A ∪ H, H ← ∅") and lines
//     30-31 (the phase update) at the level of "if C = ∅". Read literally, held initiators
//     would become applicants without a ready() while a competition runs, and the phase of a
//     competing participant would be reset. The prose ("once the candidate set is empty, v
//     promotes all initiators that were on hold to applicants") and Lemma 9's proof need
//     lines 28-31 inside the if; that is what is implemented.
//   - Self-messages ("port 0") are in-memory: a message to oneself is queued and delivered
//     right after the action that sent it, in the order sent, before any other event; no
//     kernel message is sent or counted.
//   - Scheduling: after every event a node runs to quiescence: its self-messages are
//     delivered and every enabled guarded action (CHECKSTART, CHECKPRIORITIES, CHECKWIN,
//     CHECKDONE, CHECKUNLOCKED, and CLEANUP when it would change something) runs, in that
//     order of preference. This is a weakly fair schedule.
//   - Disconnections: the kernel's LinkDown adds the port to D and the node runs CLEANUP at
//     once. Processing D eagerly is the schedule in which the adversary activates the node
//     right after the disconnection; it is equivalent to deferring D to the next action
//     (CLEANUP on a node with phase ⊥ only clears D), and it means a port label reused by a
//     new link is never confused with the old one.
//   - LOCK while the previous UNLOCK still awaits its ack-unlock() replies (state = UNLOCK):
//     INITLOCK's guard (state = ⊥) is false, so the call is remembered and INITLOCK runs when
//     CHECKUNLOCKED completes. The kernel's wait therefore includes the end of the unlock.
//   - CHECKPRIORITIES and CHECKWIN compare sets (C = P's ports, W = L) rather than sizes; the
//     two agree because P ⊆ C and W ⊆ L (a request-lock from a port that is neither an
//     applicant nor a candidate is recorded as an anomaly and fails the trial's check).
//     CHECKPRIORITIES with C = ∅ does nothing and is not run.
//   - CHECKUNLOCKED also empties L (the paper leaves it; it is rebuilt by the next INITLOCK).
//   - Late applicants. The listing lets a participant decide a trial (CHECKPRIORITIES) as
//     soon as P = C, while applicants' first request-lock messages may still be in transit;
//     such a request then waits for the next trial, which waits for the last trial's
//     candidates to ask again, and they may be waiting for the late applicant's own
//     participants. Lemma 4's proof overlooks requests in transit, and the listing
//     deadlocks (TestLiteralListingDeadlocks: 3 nodes, static network). The fix, the
//     smallest we found: a request-lock that promotes an applicant to candidate while some
//     candidate of the decided trial has not yet asked again (C ⊄ P) is answered at once
//     with win(FALSE); the applicant then asks again as an ordinary candidate. It keeps the
//     pairs request-lock/win of Lemma 11 (at most two messages per edge still holds, and is
//     checked).
//   - K defaults to 64 (the paper asks only K = Θ(1); its footnote 2 suggests K > Δ² for
//     O(Δ²) trials). With K = 2 and Δ = 6 a node wins an open trial with probability about
//     1e-24, so lockout freedom holds only in the limit and the watchdog fires; presets use
//     K >= Δ². Parameter k_priorities, 2..256.
//
// # Checks and metrics
//
// drs.go holds the state and the kernel's events, actions.go the actions of Algorithms 1-3,
// each a function named as in the paper; testdata/*.txt are scenario scripts, one per
// action, that show them happen step by step (scenario_test.go).
//
// Checker: the kernel's LocalMutexChecker (no two neighbours in the CS unless their link is
// younger than both requests, see kernel.LocalMutexChecker) plus the lock sets: at every CS
// entry and exit the node is locked by itself and every neighbour in L is locked by it (so
// lock sets never intersect and L contains only persistent neighbours). MaxInFlightPerLink
// declares Lemma 11's bound of two messages in transit per edge, which the kernel enforces
// after every send. Metrics: drs_trials_per_lock (competition trials per measured lock),
// drs_memory_bits (MemoryBits(Δ, K)), and the kernel's concurrency_mean, throughput and
// max_in_flight_per_link. The mutation suite (mutation_test.go) shows that the checks catch
// seven deliberately broken variants, among them the literal listing.
package drs
