package jiangload

import (
	"fmt"
	"maps"

	"github.com/mutexlab/mutexlab/kernel"
)

// A Reading is one column of the theorem × reading matrix: the paper's literal text, or one
// named option changed from it.
type Reading struct {
	Name   string            // "literal", or "key=value"
	Params map[string]string // the option it sets (none for literal)
}

// HKReadings and GMEReadings are the readings bench check jiang runs: the literal text, then
// each other value of each named option, one at a time.
var (
	HKReadings = []Reading{
		{Name: "literal"},
		{Name: "aging_at=token-pass", Params: map[string]string{"aging_at": "token-pass"}},
		{Name: "link_to=outgoing", Params: map[string]string{"link_to": "outgoing"}},
		{Name: "request_sink=raise", Params: map[string]string{"request_sink": "raise"}},
	}
	GMEReadings = []Reading{
		{Name: "literal"},
		{Name: "subtokens=session", Params: map[string]string{"subtokens": "session"}},
		{Name: "link_to=outgoing", Params: map[string]string{"link_to": "outgoing"}},
	}
)

// with returns params plus the reading's options.
func with(params map[string]string, r Reading) map[string]string {
	out := maps.Clone(params)
	maps.Copy(out, r.Params)
	return out
}

// RelayChain is hk's sustained load on the edges 0–1, 1–2, 1–3 (node 1 only relays): nodes 0
// and 3 request at class 1 again and again, node 2 once at class 2, node 1 never; k = h = 1,
// two priority levels, the given aging step. Theorem 3 (bounded delay) says node 2 enters.
// Under aging_at = cs-exit only the queue of a node leaving the CS ages: node 2's entry sits
// in relay 1's queue, which never ages, behind the class-1 requests of 0 and 3 that keep
// arriving. Under token-pass it gains the aging step every time the token passes through 1.
func RelayChain(aging, entries int, r Reading) Workload {
	return Workload{
		Name: fmt.Sprintf("relay-chain aging=%d", aging), Algo: "hk", Entries: entries,
		Params: with(map[string]string{"k": "1", "h": "1", "priority_levels": "2", "aging": fmt.Sprint(aging)}, r),
		Edges:  [][2]int32{{0, 1}, {1, 2}, {1, 3}},
		Nodes:  []Node{{Repeat: true, Class: 1}, {Start: -1}, {Start: 1, Class: 2}, {Repeat: true, Class: 1}},
	}
}

// PriorityChain is hk's highest-priority-first setting (Theorem 2) on the chain 0–1–…–(n−1):
// node 0 holds the token and stays in the CS for 2n time units, long enough for every other
// node's request, made at time 1 with class classes[i], to reach it; then each node enters
// once. Theorem 2 says they enter in order of class (ties in any order); no aging.
func PriorityChain(classes []int, r Reading) Workload {
	n := len(classes)
	w := Workload{
		Name: fmt.Sprintf("priority-chain %v", classes[1:]), Algo: "hk", Entries: n, MaxTime: 10 * n * n,
		Params: with(map[string]string{"k": "1", "h": "1", "priority_levels": "4", "aging": "0"}, r),
	}
	for i := range n {
		if i > 0 {
			w.Edges = append(w.Edges, [2]int32{int32(i - 1), int32(i)})
		}
		w.Nodes = append(w.Nodes, Node{Start: 1, Class: classes[i]})
	}
	w.Nodes[0] = Node{Start: 0, CS: 2 * n, Class: classes[0]}
	return w
}

// PriorityChains are the chains bench check jiang runs: classes in increasing, decreasing and
// mixed order along the chain (node 0's class does not matter: it holds the token).
var PriorityChains = [][]int{{1, 4, 3, 2, 1}, {1, 1, 2, 3, 4}, {1, 3, 1, 4, 2, 3}}

// fig3 is the network of Walter, Welch and Vaidya's Figure 3, as gme's scenario scripts use it.
var fig3 = [][2]int32{{0, 2}, {0, 3}, {2, 3}, {1, 3}, {1, 2}}

// SessionHeldOpen is gme's concurrent entering (Theorem 2) when the holder leaves first
// (testdata/session-held-open.txt, timed): one resource; node 0 opens a session at time 0 and
// leaves at 1, node 3 joins it and stays in the CS for 20 time units, node 2 asks for the
// same resource at time 4, while node 3 is still in. Theorem 2 says node 2 joins while node 3
// is in; under subtokens = in-cs leader 0 holds its request until node 3's weight is back.
func SessionHeldOpen(r Reading) Workload {
	return Workload{
		Name: "session-held-open", Algo: "gme", Entries: 3, MaxTime: 100,
		Params: with(map[string]string{"m": "1"}, r),
		Edges:  fig3,
		Nodes:  []Node{{Start: 0}, {Start: -1}, {Start: 4}, {Start: 0, CS: 20}},
	}
}

// SessionKeptOpen is gme's bounded delay (Theorem 3) against a session kept open: two
// resources; nodes 0 and 3 request resource 0 again and again, so its session always has a
// member in the CS, and node 2 asks for resource 1 once at time 2. Theorem 3 says node 2
// enters; under subtokens = session it must stop the leader from extending the session.
func SessionKeptOpen(entries int, r Reading) Workload {
	return Workload{
		Name: "session-kept-open", Algo: "gme", Entries: entries,
		Params: with(map[string]string{"m": "2"}, r),
		Edges:  fig3,
		Nodes:  []Node{{Start: 0, Repeat: true, CS: 2}, {Start: -1}, {Start: 2, Res: 1}, {Start: 0, Repeat: true, CS: 3}},
	}
}

// RandomSustained is hk's sustained load on a random connected network of 4..9 nodes (a
// random tree plus up to n extra links), drawn from seed: each node is, with equal chance, a
// class-1 requester that asks again and again from time 0, a one-shot requester of class 2..4
// that asks once at a time in 1..5, or idle (never requests; a relay). Theorem 3 says every
// one-shot requester enters however long the class-1 load lasts; four priority classes, the
// given aging step, k = h = 1.
func RandomSustained(seed uint64, aging, entries int, r Reading) Workload {
	var s kernel.Stream
	s.Seed(kernel.DeriveSeed(seed, 0x4a17))
	n := 4 + s.IntN(6)
	w := Workload{
		Name: fmt.Sprintf("random-sustained seed=%d aging=%d", seed, aging), Algo: "hk", Entries: entries,
		Params: with(map[string]string{"k": "1", "h": "1", "priority_levels": "4", "aging": fmt.Sprint(aging)}, r),
	}
	seen := map[[2]int32]bool{}
	for i := 1; i < n; i++ {
		e := [2]int32{int32(s.IntN(i)), int32(i)}
		w.Edges, seen[e] = append(w.Edges, e), true
	}
	for range s.IntN(n + 1) {
		a, b := int32(s.IntN(n)), int32(s.IntN(n))
		if e := [2]int32{min(a, b), max(a, b)}; a != b && !seen[e] {
			w.Edges, seen[e] = append(w.Edges, e), true
		}
	}
	for range n {
		switch s.IntN(3) {
		case 0:
			w.Nodes = append(w.Nodes, Node{Repeat: true, Class: 1})
		case 1:
			w.Nodes = append(w.Nodes, Node{Start: 1 + s.IntN(5), Class: 2 + s.IntN(3)})
		default:
			w.Nodes = append(w.Nodes, Node{Start: -1})
		}
	}
	return w
}

// RandomSessions is gme's sustained load on RandomSustained's networks and roles (drawn from
// the same seed): three resources; the nodes that request again and again all ask for
// resource 0, so its sessions can be kept going, and the one-shot requesters ask for
// resource 1 or 2; every node stays in the CS for 1..3 time units. Theorem 3 says every
// one-shot requester enters.
func RandomSessions(seed uint64, entries int, r Reading) Workload {
	w := RandomSustained(seed, 0, entries, r)
	w.Name, w.Algo = fmt.Sprintf("random-sessions seed=%d", seed), "gme"
	w.Params = with(map[string]string{"m": "3"}, r)
	var s kernel.Stream
	s.Seed(kernel.DeriveSeed(seed, 0x6e3e))
	for i := range w.Nodes {
		nd := &w.Nodes[i]
		nd.CS, nd.Class = 1+s.IntN(3), 0
		if !nd.Repeat && nd.Start > 0 {
			nd.Res = int64(1 + s.IntN(2))
		}
	}
	return w
}
