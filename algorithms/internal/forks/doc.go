// Package forks is the fork collection module of Attiya, Kogan and Welch's Algorithm 1
// (H. Attiya, A. Kogan and J. L. Welch, "Efficient and Robust Local Mutual Exclusion in
// Mobile Ad Hoc Networks", ICDCS 2008; lines 1-35, and the fork parts of the
// link handlers, lines 44-61), which both of their local mutual exclusion algorithms run:
// algorithms/akw1 behind its double doorway, with colours as priorities, and algorithms/akw2
// with no doorway and timestamps as priorities (section 5: "the fork collection module of
// Algorithm 1 with the colour comparisons replaced by a flag per neighbour"). It is to akw1
// and akw2 what algorithms/internal/linkrev is to rl, hk and gme: only what the two state
// identically lives here; each algorithm keeps what its paper makes different and calls the
// functions below where its pseudocode has the lines they name.
//
// # Priorities: seniors and juniors
//
// Both algorithms order two neighbours by a key and then by id: neighbour j has priority
// over node i, is i's senior, when (key[j], j) < (key[i], i). In akw1 the key is the colour
// and a senior is a "low" neighbour (color[j] < color[i]); in akw2 the key is the timestamp
// ts and a senior is a "higher" neighbour (higher(j)). The table below maps the paper's
// words to the module's:
//
//	Algorithm 1 (akw1)       akw2 (package doc)       forks
//	color[i], color[j]       ts_i, ts[j]              Key[i], KeyOf[i·Cap+p]
//	low neighbour            higher neighbour         senior (Senior(i, p))
//	all-low-forks            all-higher-forks         allSenior (Forks)
//	request-low-forks        request(higher)          Request(i, true, out)
//	request-high-forks       request(lower)           Request(i, false, out)
//	release-high-forks       release-lower-forks      ReleaseJuniorForks
//	behind SD^f              hungry or eating         Behind[i]
//	(both)                   (both)                   at, asked, S, known, eats: At, Asked, Susp, Known, Eats
//
// Ties cannot block: the ids make the order total, and Lemma 3 (akw1) or claim C1 (akw2)
// keeps the keys of two neighbours that compete for a fork apart. A neighbour whose key is
// not known yet (a new link before its hello) gets the algorithm's own placeholder: akw1's ⊥
// ranks it junior, akw2's −∞ senior (NewLink).
//
// # Choices both algorithms make (their package docs say why)
//
//   - One request per fork: asked[j] (a request, or a fork lent with the flag, is
//     outstanding) so a req always reaches the fork's holder (invariant I2; a req that does
//     not is counted in BadReq, 0 in every test).
//   - The flag of send-fork (line 31) also needs the node to be hungry.
//   - An eater keeps every fork it holds: a request to an eater is suspended (S), because the
//     kernel cannot interrupt a critical section (Algorithm 1's line 50).
//   - The fork of a new link is created at the static end (section 2's notification type;
//     two moving or two static ends: the smaller id), and it is not usable until the other
//     end's hello (known[j]) and, if the other end was eating, until it says it has stopped
//     (eats[j]).
//
// Storage is struct-of-arrays, sized at Reset and reused: per node State, Behind and Key;
// per port KeyOf and the bitsets. Mutants of the module (mutation.go) are shared by both
// algorithms. LowerPeers (lower.go), the initial placement of a link's fork at its smaller
// id, serves cm too, whose hygienic forks start where Algorithm 1's do.
package forks
