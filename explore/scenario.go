// Package explore checks an algorithm exhaustively on a small scenario: it drives the real
// handlers through the kernel's scripted driving (kernel.Sim.Script, RequestCS, ReleaseCS,
// DeliverFrom, LinkDown, LinkUp), so the same dispatch and the same online checks run at every
// step as in a simulated trial, and explores every order of the scenario's nondeterministic
// choices: which node's request arrives next, and which value it carries where the algorithm
// would draw one (kernel.RequestChooser), which message is delivered next (the head of
// any directed link: links are FIFO), when a node in the CS leaves it, where and when a
// bounded number of link changes happen, and which node crashes when (a bounded number, for
// the algorithms that tolerate crashes).
//
// The search is a depth-first search that recognises states it has seen and prunes with
// sleep sets. A state is re-executed from the start of its path whenever the search
// backtracks to it: the kernel has no snapshot, and a trial is a pure function of its steps.
// The re-execution takes a fresh algorithm instance on the one simulator, restarted by
// kernel.Sim.ScriptAgain, which also restarts counts such as the topology's version, which
// rr's messages carry.
//
// The fingerprint (FNV-128) covers every node's section (crashed is one) and requests
// left, each node's ports and their peers, the messages in transit per directed link in
// order (with every word, not only those a trace shows), the link changes and crashes left,
// the messages sent when a message bound is checked, the algorithm's random stream, and the
// algorithm's whole memory as reflection reads it (memhash.go). NodeState lines are not
// enough: they describe a node in its paper's terms and leave out what handlers still read
// (akw2's line omits the priorities a node has heard), and recognising two different states
// as one would prune states never explored. The memory's bytes are more than enough: they
// hold bookkeeping no handler reads (metrics), and rows with stale entries past their
// length, so two orders of the same steps can give two fingerprints; state counts are upper
// bounds of the distinct protocol states. A part of the memory may write its state itself,
// canonically (StateAppender): the Reverse Link family's shared state does (rl, hk, gme);
// and a field tagged `explore:"-"` is left out (hk's and gme's metrics).
// TestStateAppenderIsSound checks that the search then shows exactly the states it shows on
// the bytes.
//
// Sleep sets use Godefroid's state caching: each state stores the sleep set it was explored
// with (packed steps in chunks: sleepstore.go), and a revisit explores what was asleep then
// and is awake now. Two steps are
// independent when their nodes differ (a delivery touches its receiver), at most one of them
// draws from the algorithm's random stream, and at most one makes its node enter or leave the
// CS (the online checks read every node's section: 1 entering before 2 leaves fails, after
// it passes). A crash or a link change is dependent with every step: a crash changes what
// its neighbours' messages do and which waiting nodes it excuses, and a link change is seen
// at every node by an algorithm that reads the whole network (rr). A step that fails is
// never put to sleep.
// Sleep sets visit every reachable state and prune transitions.
//
// At every step the kernel's online checks run (mutual exclusion or the algorithm's own,
// the token count, the kernel's rules); at every quiescent state (no message in transit and
// no node in the CS) every waiting node is a deadlock, unless a crashed node can reach it
// (the kernel's rule for crash trials) or, when the algorithm claims a failure locality m
// (FailureLocalityClaimer) and the scenario has no link changes, unless it lies within m
// hops of one. A path that comes back to a state on it, with a node waiting all along and
// every delivery and release enabled all along taken on the way, is a livelock (livelock.go
// says which cycles the search sees). With every draw a choice (Scenario.EveryDraw), a cycle
// some draw leaves has probability 0 and is none: the papers claim service with probability
// 1 (drs), so a livelock is then a fair end component in which a node waits, one that every
// value of every draw keeps it in (almostsure.go); sleep sets are off, as that analysis reads
// every step. At a terminal state where every request was served, the messages sent are
// checked against the algorithm's bound per request if it declares one (MessageBounder).
// "Sometimes" properties guard against a vacuous pass: every node enters the CS on some
// explored path; with link changes, a link changes on some path while a message is in
// transit; with crashes, a node crashes while its request is pending, and, for an algorithm
// that says when a node is in a doorway (DoorwayReporter: akw1), a node crashes while in one.
package explore

import (
	"fmt"
	"strings"

	"github.com/mutexlab/mutexlab/kernel"
)

// Scenario is one small instance to explore.
type Scenario struct {
	Algorithm string                  // the registry name, for messages and scripts
	New       func() kernel.Algorithm // a fresh instance; it must implement kernel.NodeStater
	Params    map[string]float64      // the algorithm's parameters (kernel.Params.Algo); nil: defaults
	N         int                     // nodes
	Edges     [][2]int32              // the initial network, connected, in port order
	Requests  int                     // requests each node makes
	// LinkChanges bounds the link changes of a path: a link that carries no message goes
	// down (the network stays connected), or two nodes not linked form a link.
	LinkChanges int
	// Crashes bounds the crashes of a path (crash-stop, kernel.Sim.Crash): any live node may
	// crash at any step while crashes are left and another node stays live. Only for
	// algorithms that tolerate crashes; the caller decides which (bench check exhaustive
	// takes the local mutual exclusion family).
	Crashes int
	Seed    uint64 // the trial's seed (the algorithm's random stream)
	// EveryDraw makes the values the algorithm draws choices (kernel.DrawChooser): a step
	// that draws is explored with every value a draw can give, and liveness is almost-sure
	// (almostsure.go). Otherwise the draws are the seed's.
	EveryDraw bool
}

// params returns the trial's parameters as a scenario script's "network" command builds
// them (algotest), so that a counterexample replays there exactly.
func (sc *Scenario) params() kernel.Params {
	p := kernel.DefaultParams()
	p.N, p.Seed, p.Delay = sc.N, sc.Seed, kernel.Delay{Kind: kernel.DelayConstant, A: 1}
	p.Algo = sc.Params
	// Room for every entry of the scenario (n·requests), so the measurement window never
	// closes, as under the script's default: nothing a handler sees changes, and a trial
	// does not clear the default's 2,000 entries at each of the search's re-executions.
	p.Measure = sc.N*sc.Requests + 1
	return p
}

// Validate checks the scenario's sizes and network.
func (sc *Scenario) Validate() error {
	switch {
	case sc.N < 2:
		return fmt.Errorf("n: want at least 2 nodes, got %d", sc.N)
	case sc.Requests < 1:
		return fmt.Errorf("requests: want at least 1 request per node, got %d", sc.Requests)
	case sc.LinkChanges < 0:
		return fmt.Errorf("link changes: want 0 or more, got %d", sc.LinkChanges)
	case sc.Crashes < 0 || sc.Crashes >= sc.N:
		return fmt.Errorf("crashes: want 0..%d (one node stays live), got %d", sc.N-1, sc.Crashes)
	case sc.New == nil:
		return fmt.Errorf("no algorithm constructor")
	}
	if _, ok := sc.New().(kernel.NodeStater); !ok {
		return fmt.Errorf("%s does not describe its node states (kernel.NodeStater), which the search recognises states by", sc.Algorithm)
	}
	for _, e := range sc.Edges {
		if e[0] < 0 || e[1] < 0 || int(e[0]) >= sc.N || int(e[1]) >= sc.N || e[0] == e[1] {
			return fmt.Errorf("link %d-%d: nodes are 0..%d", e[0], e[1], sc.N-1)
		}
	}
	if !connected(sc.N, sc.Edges) {
		return fmt.Errorf("the network %s is not connected", EdgeList(sc.Edges))
	}
	e := newEngine(sc, false) // the values a request may carry are known once the trial starts
	if err := e.reset(); err != nil {
		return fmt.Errorf("%s on %s: %w", sc.Algorithm, EdgeList(sc.Edges), err)
	}
	if _, ok := e.algo.(kernel.DrawChooser); sc.EveryDraw && !ok {
		return fmt.Errorf("every draw: %s draws no value a search can choose (kernel.DrawChooser); explore the seed's draws", sc.Algorithm)
	}
	return checkPackable(sc.N, e.choices)
}

// EdgeList renders edges as a script's "network" command takes them: "0-1 1-2".
func EdgeList(edges [][2]int32) string {
	parts := make([]string, len(edges))
	for k, e := range edges {
		parts[k] = fmt.Sprintf("%d-%d", e[0], e[1])
	}
	return strings.Join(parts, " ")
}

// connected reports whether the n nodes and edges form one component.
func connected(n int, edges [][2]int32) bool {
	parent := make([]int32, n)
	for i := range parent {
		parent[i] = int32(i)
	}
	var find func(int32) int32
	find = func(x int32) int32 {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	parts := n
	for _, e := range edges {
		if a, b := find(e[0]), find(e[1]); a != b {
			parent[a] = b
			parts--
		}
	}
	return parts == 1
}

// EdgesAndSize names the scenario briefly: "n=3 r=2 l=1 c=0 0-1 1-2".
func (sc *Scenario) EdgesAndSize() string {
	return fmt.Sprintf("n=%d r=%d l=%d c=%d %s", sc.N, sc.Requests, sc.LinkChanges, sc.Crashes, EdgeList(sc.Edges))
}
