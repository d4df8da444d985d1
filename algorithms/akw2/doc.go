// Package akw2 is the second local mutual exclusion algorithm of Attiya, Kogan and Welch,
// "Efficient and Robust Local Mutual Exclusion in Mobile Ad Hoc Networks", 28th IEEE
// International Conference on Distributed Computing Systems (ICDCS), 2008 (section 5):
// fork collection with dynamic priorities (the higher flags) and notification of hunger, no
// doorways and no colours. Claims: local mutual exclusion in a MANET, failure locality 2,
// response time O(n²) with mobility (Theorem 8) and O(n) on a static network (Theorem 9).
//
// # What the paper gives, and what it leaves to the thesis
//
// Section 5 describes the algorithm in three sentences and gives no pseudocode: it is the
// fork collection module of Algorithm 1 (lines 1–35) with the colour comparisons replaced by
// a flag per neighbour, higher[j], "p_j has priority over p_i"; a node leaving the CS sets all
// its flags (lowers itself below every neighbour); a node becoming hungry notifies its
// neighbours, and a thinking node that is notified by a neighbour it has priority over lowers
// itself. We write the algorithm out below, numbered, and the handlers in akw2.go carry the
// numbers. Algorithm 1's "low neighbour" (smaller colour, higher priority) is our "higher
// neighbour", its low/high forks our higher/lower forks, "behind SD^f" our hungry or eating.
// Lines 12–30 and the fork parts of lines 31–38 are Algorithm 1's fork collection module,
// which akw1 runs too: they live in algorithms/internal/forks (a higher neighbour is the
// module's senior, ts_i its key), and akw2.go keeps what is akw2's own: notify, prio,
// lower() and the hello.
//
//	Algorithm 2, code for p_i. higher(j) ≡ (ts[j], j) < (ts_i, i); usable(j) ≡ at[j] ∧ known[j] ∧ ¬eats[j]
//	all-forks ≡ usable(j) for every j ∈ N; all-higher-forks ≡ usable(j) for every j ∈ N with higher(j)
//
//	 1: when state is set to hungry:
//	 2:   broadcast notify(ts_i)
//	 3:   try-eat()
//	 4: when state is set to thinking:
//	 5:   lower()
//	 6:   for each j ∈ S do send-fork(j)
//	 7: when notify(t) is received from j:
//	 8:   ts[j] := t
//	 9:   if state = thinking ∧ ¬higher(j) then lower()
//	10: when prio(t) is received from j:
//	11:   ts[j] := t; eats[j] := false; try-eat()
//	12: when req is received from j (at[j] holds: see invariant I2): if state = eating then S := S ∪ {j}, else
//	13:   if ¬higher(j) ∧ (¬all-higher-forks ∨ state = thinking) then send-fork(j)
//	14:   else if higher(j) ∧ (¬all-forks ∨ state = thinking) then send-fork(j); release-lower-forks()
//	15:   else S := S ∪ {j}
//	16: when ⟨fork, flag⟩ is received from j:
//	17:   at[j] := true; asked[j] := false
//	18:   if state = hungry ∧ all-forks then (if flag then S := S ∪ {j}); eat
//	19:   else if all-higher-forks then (if flag then S := S ∪ {j}); request(lower)
//	20:   else if flag then send-fork(j)
//	21: lower():                                      [the paper: higher[j] := true for every j]
//	22:   ts_i := 1 + max{ts[j] : j ∈ N, known[j]} (at least ts_i + 1); broadcast prio(ts_i)
//	23: try-eat():
//	24:   if state ≠ hungry then return
//	25:   if all-forks then eat else if all-higher-forks then request(lower) else request(higher)
//	26: request(side): for each j ∈ N on that side with ¬at[j] ∧ ¬asked[j]: send req to j; asked[j] := true
//	27: send-fork(j):
//	28:   flag := higher(j) ∧ state = hungry; send ⟨fork, flag⟩ to j
//	29:   at[j] := false; S := S \ {j}; asked[j] := flag
//	30: release-lower-forks(): for each j ∈ S with ¬higher(j) ∧ at[j] do send-fork(j)
//	31: LinkUp(j):
//	32:   at[j] := static-end(i, j); ts[j] := −∞; known[j] := false; eats[j] := false; asked[j] := false
//	33:   send hello(ts_i, state) to j
//	34: when hello(t, st) is received from j:
//	35:   ts[j] := t; known[j] := true; eats[j] := (st = eating)
//	36:   if st = hungry then (as line 9); try-eat()
//	37: LinkDown(j):
//	38:   at[j], asked[j], known[j], eats[j] := false; S := S \ {j}; try-eat()
//
// # Choices where the paper is silent, and why the lemmas stay true
//
//   - Priorities as timestamps. The higher flags must be antisymmetric per link, stay
//     consistent while messages are in flight, and form an acyclic relation (a cycle of
//     nodes each deferring to the next is a deadlock). We store a logical timestamp ts_i per
//     node and a cached ts[j] per neighbour; higher(j) compares (ts, id) pairs, a total order,
//     so the true relation is always acyclic. A node changes its own ts only by raising it
//     (lower(), line 22), only while thinking or leaving the CS, and tells every neighbour at
//     once (prio); caches only lag. Claim C1 (tested): two neighbours never both believe
//     they have priority over each other: if i believes (ts_i,i) < (ts[j],j) and j believes
//     (ts_j,j) < (ts[i],i), then since caches never exceed true values, ts_i < ts_j < ts_i. A
//     stale cache can only make both believe the other higher, which costs a returned fork,
//     never safety; FIFO links bound it to one exchange (the prio is sent before anything
//     else the lowered node sends).
//   - Lowering on notification lowers below every neighbour (line 9 calls lower()), not on
//     the one link: flipping one link can close a cycle of priorities, lowering to a sink
//     cannot.
//   - A hungry node's ts is constant, and its notify (sent first, FIFO) reaches every
//     neighbour before its requests, so the priority between two hungry neighbours is fixed
//     and known to both while they compete: the wait-for relation among hungry nodes follows
//     the total order, so there is no deadlock (claim C2, tested as liveness on every seed).
//   - Fork collection is Algorithm 1's: collect higher forks while yielding every request
//     (line 13: a node still missing a higher fork holds nothing against anyone), then lower
//     forks while deferring lower requesters (line 15). This two-phase rule is what makes
//     failure locality 2 (claim C3, measured): a live node next to a crash may block (it
//     waits for the crashed node's fork); a node two hops away may block (a blocked node that
//     holds all its higher forks defers it); a node three hops away cannot: the node between
//     it and the crash is blocked waiting for a higher fork, and line 13 makes it yield.
//   - Duplicate requests. Algorithm 1 can re-send req (line 22 runs at every fork received);
//     we keep asked[j] (a request or a fork lent with flag is outstanding) and send at most
//     one. Invariant I2 (tested by counting violations): a req arrives only at the holder of
//     the fork, because a fork travels towards i only in answer to i's outstanding request.
//   - Link creation. The paper creates the fork at the static end (ties between two moving or
//     two static ends broken by id: the smaller id gets the static notification). The new
//     neighbour's priority is unknown until its hello arrives (ts[j] = −∞: treated as higher,
//     the harmless direction of C1), and its fork is not usable until then (known[j]). The
//     kernel cannot take a node out of its CS (Algorithm 1's line 50 turns an eater back to
//     hungry), so a node eating when a link forms finishes its meal; the hello says so
//     (eats[j]) and the other end may not use the new fork until the eater's next prio,
//     which it sends on leaving the CS. Both ends may still be in the CS when the link
//     formed while both were already waiting or eating: exactly the case the kernel's
//     LocalMutexChecker accepts.
//   - An eater never gives a fork away (line 12). In Algorithm 1, "¬all-forks" implies "not
//     eating" because a moving node that gains a link while eating is made hungry again
//     (line 50); here the CS cannot be interrupted, so an eater can lack the fork of a link
//     formed during its meal, and "¬all-forks" alone would let it hand over forks of older
//     links while still in the CS (the first version did; the random tests found it).
//   - Link failure destroys the fork and all per-link state at both ends (lossy networks
//     drop what was in flight); a hungry node re-evaluates at once (line 38).
//   - The network must be FIFO (the paper's assumption; Validate refuses tvg).
//
// # Messages
//
// notify(A = ts), prio(A = ts), req, fork(A = flag), hello(A = ts, B = state).
package akw2
