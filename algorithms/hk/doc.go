// Package hk implements Jiang's prioritized h-out-of-k mutual exclusion for mobile ad hoc
// networks (J.-R. Jiang, "Prioritized h-out of-k mutual exclusion for mobile ad hoc networks
// and distributed systems", ACTA Press (IASTED), 2002) on the Reverse Link machinery shared
// with algorithms/rl (algorithms/internal/linkrev: heights, partial reversal, the LINK
// handshake, the request queue).
//
// hk.go follows section 3 handler by handler: each handler carries the paper's name and its
// statements are numbered in the order of the paper's sentences. A unique TOKEN(t) carries the
// number t of free resources (k at node 0 initially); a node enters the CS once it holds the
// token with t ≥ h and takes h; RELEASE(r) carries r resources back to the token holder;
// REQUEST(i, R) and UPDATE(i, S) carry priorities; Q is a priority queue.
//
// # Messages
//
// Every message carries the sender's height in words A, B, C; D is the data field (R, t, r or
// S). Types: request, token (the only one that counts as a token), release, update, and
// linkinfo (the paper's LINK; named like RL's column because it is the same message).
//
// # Workload and parameters (kernel.Params.Algo)
//
// The kernel's workload is generic (request, enter, release after the CS time), so at every
// RequestCS the algorithm itself draws the request's h and priority class from env.Rand (the
// algorithm stream): h = the parameter h, or uniform on 1..k when h = 0; the class c from
// priority_p1 .. priority_p4 (class 1 is the highest; all zero means uniform over
// priority_levels classes). Parameters: k ≥ 1, h ∈ {0} ∪ 1..k, priority_levels ∈ 1..4,
// priority_p1..4 summing to 1, aging ≥ 0. Validate rejects anything else naming the parameter.
//
// # Readings (named options; the default is the paper's literal text)
//
// Three places where the paper's text and what its proofs need (or what RL, on which it is
// built, does) differ are named options: spec keys and results columns that take the names
// below (kernel.Params.Algo holds the index). docs/reproducing-jiang.md shows which theorem
// holds under which reading; `bench check jiang` prints it.
//
//   - aging_at = cs-exit (default) | token-pass. The paper ages in one place: "When i leaves
//     the CS to release r copies of resources, it first calls aging procedure to increase the
//     priority of every request message in Q" (RELEASE). Theorem 3's proof speaks more
//     generally: "the proposed algorithm applies aging procedure to increase the priorities of
//     pending requests in queue. Thus, every node's request will eventually be of the highest
//     priority". Under cs-exit only the queue of a node leaving the CS ages; a relay that
//     never enters the CS never ages its entries, and aging built up at a holder is lost when
//     the token moves (TOKEN(t) carries only t). Theorem 3 then fails: on the edges 0–1,
//     1–2, 1–3, with 0 and 3 requesting at class 1 again and again, 2 once at class 2 and 1
//     never, node 2 is never served in 2,000 CS entries, with aging step 1 or 10 (sustained
//     load and no liveness drain: TestRelayChainStarves; the sweeps' drain stops new
//     requests and hides it). Under token-pass a node also ages its Q every time the token
//     leaves it (giveTokenToFrontOfQ), relays included, before the REQUEST that follows the
//     token carries the front's priority: node 2 is served within 10 time units
//     (TestRelayChainStarves; testdata/relay-chain.txt, which TestRelayChainScript replays
//     under cs-exit, where node 2 never enters). The chain is not a corner case: on random
//     networks of 4..9 nodes with sustained class-1 load, one-shot requesters of classes
//     2..4 and idle relays (jiangload.RandomSustained), cs-exit leaves a requester unserved
//     in 361 of seeds 1..1000 and token-pass in none (TestRandomSustained runs seeds
//     1..200). Theorems 1 and 2 hold under both.
//   - link_to = all (default) | outgoing. Jiang's token handler: i "informs all its neighbors
//     of its new height by sending LINK messages"; RL's Token handler line 3 sends LinkInfo
//     "to all outgoing k ∈ N and to j" (linkrev.LinkRule). Safety and the DAG are the same
//     (the node only gets lower); what incoming neighbours know of its height, and so whom they
//     choose as next, differs: routes and message counts change (docs/reproducing-jiang.md
//     measures both on the jiang-hk grid). The pinned trials "hk" run under outgoing, as hk
//     ran before the option existed.
//   - request_sink = forward (default) | raise. Jiang's request handler: "Non-token holding
//     node i calls forwardRequest() if |Q|=1 or if Q is non-empty and the link to next has
//     reversed"; RL's Request handler first raises the height of a sink (its line 7). The two
//     give the same trial, event for event, on every random trial tested
//     (TestRequestSinkNeverFires: a neighbour's height change reaches a node in a LINK before
//     any REQUEST sent after it, and a node that becomes a sink raises its height in that same
//     handler), so following Jiang literally costs no theorem; raise is kept so that hk at
//     k = h = 1 replays RL's code path (TestDegenerateIsReverseLink runs both).
//
// # Where the paper is open, we chose (and the tests check)
//
//   - Priority values. A request of class c enters Q with priority levels − c (higher value =
//     higher priority); Q is ordered by priority, highest first, first come first served among
//     equals, so with one class and aging 0 Q is RL's FIFO queue (the paper's "non-prioritized
//     one if we assume that each node has the same priority").
//   - Aging: when a node leaves the CS it adds the aging step (parameter aging; default 0, so
//     that one class is the non-prioritized algorithm; use a positive step with several classes) to
//     the priority of every request in its Q, as the paper's RELEASE description says ("When i
//     leaves the CS … it first calls aging procedure to increase the priority of every request
//     message in Q"). Aging does not reorder Q and sends no UPDATE; the raised priorities
//     travel on with the next REQUEST (the one that follows a TOKEN carries the front's aged
//     priority), so aged values are compared across nodes' queues. Two consequences a
//     researcher must know:
//     (1) The paper's aging does not deliver Theorem 3 in general: see Readings, aging_at.
//     (2) With one class and aging > 0 the algorithm is not the non-prioritized one: aging
//     makes equal priorities unequal, the order is no longer FIFO (at n = 30, load 1, 20%
//     connectivity, about 44% of dequeues overtake an older entry) and the token travels
//     further (3.5 instead of 1.9 hops per CS entry, wait ~130 instead of ~86, measured under
//     link_to = outgoing). Compare with RL using aging = 0; the jiang-hk preset sweeps aging ∈
//     {0, 1}.
//   - "Token passed on while resources remain": the holder calls giveTokenToFrontOfQ whenever
//     it is not itself waiting for t ≥ h, Q is not empty and t > 0 — after entering the CS
//     (the paper's concurrent access), on a REQUEST even while in the CS (the paper's request
//     handler says state ≠ CS, but its overview passes the token after entering; we take the
//     latter, which only adds concurrency), on a RELEASE and when leaving the CS. With t = 0 it
//     keeps the token: passing an empty token only makes the RELEASEs chase it. This is our
//     choice, not the paper's text: its giveTokenToFrontOfQ passes the token after a CS entry
//     whatever t is; the t > 0 guard is what makes k = h = 1 equal RL. Theorem 1
//     holds (t is only taken when t ≥ h), and with k = h = 1 a node in the CS keeps the token,
//     so no RELEASE is ever sent (tested: hk then reproduces RL exactly).
//   - How the holder waits for t ≥ h: when its own request reaches the front of Q and t < h,
//     it dequeues it and keeps the token (waitT), serving nobody else, until RELEASEs raise t
//     to h; then it enters, and passes the token on if t > 0 remains (the paper's "the node
//     with the highest priority will hold the token until it acquires enough resources").
//     While it waits, requests are queued (and reordered by priority) but not served; the token
//     stays put, so every RELEASE reaches it (the literal request handler would give the token
//     away while the holder waits, losing its already dequeued request). A holder that requests
//     while others are queued inserts its own request by priority and waits for t ≥ h only once
//     that request reaches the front, so a RELEASE may first send the token to a
//     higher-priority neighbour; the paper's "persists in waiting for the condition t ≥ h" does
//     not say what happens to the queue meanwhile.
//   - Where RELEASE goes: to the lowest-height neighbour (the paper's forwardRelease), which is
//     downhill toward the token holder; a node that is a sink first raises its height (as the
//     group-mutex paper's sendRelease does). Unlike the paper we leave next alone: next belongs
//     to the request chain, and moving it without sending a REQUEST could orphan a pending
//     request. If N is empty (every link still forming) the count waits in owed and goes out
//     at the first LINK; a node that receives the token adds what it owes to t. RELEASE is
//     never lost: links never fail with a message in flight, and the holder is the DAG's only
//     sink once links stop changing (Lemma 1).
//   - UPDATE. A node that does not hold the token sends UPDATE(i, S) to next when the front of
//     its Q gets a strictly higher priority S without a REQUEST being sent in the same step: a
//     REQUEST that lands at the front (the paper's "|Q| ≥ 2 and REQUEST(j, S) is at the front"),
//     an UPDATE that moves j to the front (the paper), and — not in the paper — the node's own
//     new request landing at the front, which is the same situation. Priorities only rise: an
//     UPDATE or a repeated REQUEST from a neighbour already in Q raises its entry's priority if
//     higher and is otherwise ignored (enqueue never duplicates, as in RL).
//   - Everything the paper takes from RL (LINK handshake, partial reversal, rerouting, empty N,
//     reused ports) is RL's, with RL's documented choices (go doc ./algorithms/rl).
//
// # Checks and metrics
//
// Checker: at every CS entry, the resources held by the nodes in the CS (each its request's
// h) must not exceed k (Theorem 1). TokenHolder: exactly one TOKEN, held or in flight; RELEASE
// carries resources, not the token, and is not counted. Metrics, over the kernel's measurement
// window: hk_inversions_per_cs, the fraction of entries made while a node of a strictly higher
// class had been waiting since before the entering node requested (by class, not by aged
// priority: promotions that aging is meant to cause count as inversions, and with one class it
// is 0 by definition); hk_resources_in_use_mean, resources in use just after an entry (a
// sample at entries, not a time average: releases at the same instant are processed first);
// hk_wait_entries_c1..c4, per class the mean number of CS entries between a request and its
// entry (NaN for a class without entries). The time-based wait per class, wait_mean_c1..c4,
// is timed by the kernel, because handlers get no clock: the kernel hands every measured
// entry's request and entry times to hk (MeasuredEntry, kernel.EntryObserver), which adds
// them up by the class of the request; the kernel's wait_mean is the wait over all classes.
package hk
