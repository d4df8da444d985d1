// Package gme implements Jiang's group mutual exclusion for mobile ad hoc networks (J.-R.
// Jiang, "A Group Mutual Exclusion Algorithm for Ad Hoc Mobile Networks", Proc. 6th
// International Conference on Computer Science and Informatics, pp. 266–270, 2002) on the
// Reverse Link machinery shared with
// algorithms/rl and algorithms/hk (algorithms/internal/linkrev: heights, partial reversal,
// the LINK handshake, the request queue Q).
//
// m resources are shared; nodes that request the same resource may be in the CS together,
// nodes that request different ones may not (Theorem 1). A unique TOKEN makes its holder the
// leader of a session: the holder enters the CS for its resource R and answers requests with
// SUBTOKEN(R, w), which travel back along the request paths, are split among the requests
// queued at every relay, and let every node waiting for R join the session (Theorem 2,
// concurrent entering). Every SUBTOKEN carries a piece of weight; nodes give it back with
// RELEASE(w), routed downhill to the holder, which passes the token on only when all the
// weight it threw has come back (Tseng's weight throwing): then nobody is in the CS with a
// subtoken and the next session may use another resource.
//
// gme.go follows section 3 handler by handler: each handler carries the paper's name and
// its statements are numbered in the order of the paper's sentences (the paper gives prose,
// not pseudocode); what the paper takes from RL is RL's, with RL's documented choices (go doc
// ./algorithms/rl) and linkrev's functions named after RL's lines.
//
// # Messages
//
// Every message carries the sender's height (h1, h2, id) in words A, B, C. REQUEST(i, R)
// carries R in D. SUBTOKEN(R, w) and RELEASE(w) carry w's exponent in D (w = 2^-D); SUBTOKEN
// packs R (bits 33 and up) and a "dropped" flag (bit 32) above the id in C. Types: request,
// token (the only one the token check counts), subtoken, release, and linkinfo (the paper's
// LINK, named like RL's column because it is the same message).
//
// # Exact weights
//
// A piece of weight is 2^-e, carried as e in one int64 word. The holder throws pieces of 1
// (e = 0). A relay splits 2^-e into q pieces 2^-(e+1), 2^-(e+2), ..., 2^-(e+q-1), 2^-(e+q-1),
// which add up to 2^-e exactly; q = 1 passes the piece on whole. The holder keeps its
// weight as the number of pieces thrown (an int64) minus a Sum of the pieces returned: a
// growable bit array (bit b is 2^-(b+1)) plus a whole part, to which a piece is added with
// binary carries, so nothing is ever rounded; the count of set bits makes "weight = 0" an O(1)
// test. We chose it over big.Rat because it allocates only when a deeper level than ever
// before arrives (the bit array is reused from session to session and trial to trial), and
// an Add is amortised O(1) (each carry clears a bit an earlier Add set). A float64 would be
// wrong: 2^-1 + ... + 2^-60 rounds to 1 while 2^-60 is still out, ending a session with a
// node in the CS (TestFloatWouldFail). TestDeepSplitExact splits a unit 5,000 levels deep
// (exponents past 10,000) and gets exactly 1 back; TestWeightConserved checks in trials with
// mobility, with big.Rat, that the holder's weight always equals the weight held in the CS
// plus the weight in flight. Exponents are bounded by MaxExponent (2^30 levels).
//
// # Workload and parameters (kernel.Params.Algo)
//
// The kernel's workload is generic, so at every RequestCS the algorithm draws the requested
// resource from env.Rand (the algorithm stream): uniform on 0..m-1 (resource_dist = 0), or
// Zipf (resource_dist = 1): P(r) ∝ 1/(r+1)^zipf_s, resource 0 the most popular. Parameters:
// m ≥ 1 (default 1), resource_dist ∈ {0, 1} (default 0), zipf_s > 0 (default 1). Validate
// rejects anything else with a one-line *kernel.ParamError naming the parameter.
//
// # Where the paper is open, we chose (and the tests check)
//
//   - Who throws weight. Only the token holder throws new weight (SUBTOKEN(R, 1)), and only
//     while it is in the CS, as the paper says (under subtokens = session, also while its
//     session runs: Readings). A non-holder in the CS that receives a REQUEST
//     does not answer with a SUBTOKEN of its own (that would create weight the holder never
//     counted); it queues and forwards the request like any non-holder, and the holder's
//     SUBTOKEN comes back along the path (TestEveryoneInTogether: node 3 relays for node 1).
//   - Which requesters get a SUBTOKEN. The holder in the CS answers every incoming REQUEST(j,
//     S), and on entering every neighbour in Q, whatever S, as the paper says ("to every
//     requesting neighbor"): S names only the head of j's queue, and requests for R may wait
//     behind it. A relay likewise splits among every neighbour in Q. Entries for R leave Q;
//     the others stay. A node that gets a SUBTOKEN it cannot use — no neighbour in Q and no
//     own request for R, including an empty Q, which the paper does not mention — returns the
//     weight at once with RELEASE (TestOtherResourceWaits).
//   - The "dropped" flag. A neighbour whose entry left Q may still have requests for other
//     resources queued behind it; without a request at its next they would starve. The
//     SUBTOKEN says whether the sender deleted the receiver's entry, and a receiver whose
//     entry at next was deleted sends a new REQUEST (with the resource now at the head of
//     its Q) if its Q is not empty. A repeated REQUEST from a neighbour already in Q updates
//     the resource its entry names and keeps its place (Enqueue never duplicates).
//   - The holder's own requests. The paper lets a holder enter at once and set weight = 0,
//     which would lose weight still out and admit two resources. Here the holder enters at
//     once only when no session runs (weight = 0 already), or joins its running session when
//     it asks for the session's resource and nobody waits in Q; otherwise its request waits
//     in Q like any other (TestHolderJoinsOwnSession). Joining only with an empty Q keeps
//     Theorem 3 (bounded delay): a waiting request stops further joins once it reaches Q.
//   - When the token moves. The holder calls transmitToken when it is not in the CS, all its
//     weight is back and Q is not empty — on RELEASE, on leaving the CS, on REQUEST. The paper
//     says "state is NCS"; a holder in ES (its own request queued behind others) must move the
//     token too, or it would wait forever.
//   - A SUBTOKEN that reaches the holder (possible only through a stale queue entry while
//     links change) is treated as RELEASE: the weight is home.
//   - Where RELEASE goes: to the lowest-height neighbour, which is downhill toward the holder;
//     a sink first raises its height (the paper's sendRelease). Unlike the paper we leave next
//     alone, as hk does: next belongs to the request chain, and moving it without a REQUEST
//     could orphan a pending request. With N empty (every link still forming) the weight waits
//     in owed and goes out at the first LINK; no other message can arrive before that LINK,
//     so at most one piece is ever owed. RELEASE is never lost: the token does not move while
//     weight is out, links never fail with a message in flight, and once links stop changing
//     the holder is the DAG's only sink (Lemma 1).
//   - Everything else the paper takes from RL (LINK handshake, partial reversal, rerouting,
//     empty N, reused ports) is RL's.
//
// # Readings (named options; the default is the paper's literal text)
//
// Spec keys and results columns that take the names below (kernel.Params.Algo holds the
// index); docs/reproducing-jiang.md shows which theorem holds under which, `bench check
// jiang` prints it.
//
//   - subtokens = in-cs (default) | session. The paper: "If node i receives any request
//     message, say REQUEST(j, S), while it is in the CS, it sends SUBTOKEN(R, w) with w=1 to
//     every requesting neighbor." Theorem 2 (concurrent entering: "If there are some nodes
//     requesting to access the same resource while no node is accessing a different resource,
//     then all the requesting nodes can enter the CS concurrently") then fails as stated: the
//     holder 0 leaves the CS while node 3 is still in resource 0's session; node 2 then
//     requests resource 0 and waits until the session ends (testdata/session-held-open.txt;
//     TestSessionHeldOpen, TestSessionWorkloads: one miss, 18 time units). Under session the
//     leader keeps handing out weight while its session runs (weight still out) and no
//     request for another resource waits in its Q: at the end of every handler it lets every
//     queued request join (SUBTOKEN(R, 1) to each neighbour in Q, its own request at once).
//     Node 2 then joins node 3 in the CS, and no random trial misses
//     (TestConcurrentEnteringPerReading). A request for another resource stops the session's
//     growth, so Theorem 3 (bounded delay) still holds: the workload in which two nodes keep
//     resource 0's session going serves node 2's request for resource 1 under both readings
//     (TestSessionWorkloads), and so do random networks under sustained load
//     (TestRandomSessions). Theorem 1 holds under both (the online check).
//   - link_to = all (default) | outgoing: whom a new token holder tells its lowered height.
//     The paper: i "informs all its neighbors of its new height by sending LINK messages";
//     RL's Token handler line 3, "to all outgoing k ∈ N and to j" (linkrev.LinkRule). Safety
//     is the same; routes and message counts differ (docs/reproducing-jiang.md). The pinned
//     trials "gme" run under outgoing, RL's rule.
//   - ce_check = off (default) | fail: not a reading but the concurrent-entering check (ce.go):
//     the misses are always measured (gme_ce_misses, gme_ce_miss_time); under fail the first
//     one stops the trial as a safety violation naming the leader and the waiting node.
//
// # Checks and metrics
//
// Checker (Theorem 1): gme implements kernel.CheckerProvider; the check reads R_i from the
// algorithm's per-node array, written once per request at RequestCS from the drawn resource
// and never by a handler, and fails an entry while a node of another resource is in the CS.
// TokenHolder: exactly one TOKEN, held or in flight. SUBTOKENs are not the token (any number
// may exist; they only admit nodes to the running session) and are not counted.
//
// Metrics, over the kernel's measurement window (entries Warmup+1 .. Warmup+Measure):
// gme_concurrency_mean and gme_concurrency_max, the number of nodes in the CS just after each
// measured entry (the entering node included; 1 for a lone entry); gme_session_entries_mean,
// measured entries per session, a session being everything from the holder's entry with
// weight 0 to the weight's return (sessions cut by the window's ends count their measured
// entries only). Session length is counted in CS entries, not time, because handlers (and
// MetricsReporter) get no clock; concurrency is sampled at entries for the same reason.
package gme
