// Package cm is Chandy and Misra's hygienic dining philosophers ("The Drinking Philosophers
// Problem", ACM TOPLAS 6(4):632–646, 1984, section 3) as the classic static baseline of local mutual
// exclusion: one fork and one request token per link, forks clean or dirty.
//
// Rules (per link): a hungry node sends the request token for every fork it lacks; a node
// that receives a request gives the fork up at once if the fork is dirty and it is not
// eating (and, if it is hungry, sends the request token right after it), and otherwise defers
// the request; a received fork is clean; a node eats when it holds the fork of every current
// link, and all its forks become dirty; when it stops eating it honours every deferred
// request.
//
// # Link changes (the simplest sound handling; the paper has a static graph)
//
//   - Link down: the fork and the request token of the link are destroyed, at both ends
//     and in flight (lossy networks drop the messages; on the walter network a link never
//     goes down with a message in flight). A hungry node that now holds every fork eats.
//   - Link up: a fork is created, dirty, at one end and the request token at the other.
//     An end that is eating takes the fork: an eater holds every fork of its links, and
//     with the fork dirty it is the lowest of its neighbourhood, as every eater is.
//     Otherwise the fork goes to the end that ate more recently (ties: the larger id), so
//     the new link's precedence (the other end has priority) agrees with the order of last
//     meals, which is the acyclic precedence graph Chandy and Misra's proof needs: eating
//     makes a node the lowest of its neighbourhood and fork moves never change precedence.
//     When both ends eat, the fork goes by last meal with the request token beside it, as
//     if the other end had asked already: the holder yields the fork when it leaves the CS,
//     so it cannot eat again beside a neighbour still eating. Giving the fork by last meal
//     alone let a node eat beside a neighbour that was eating when their link formed
//     (bench check exhaustive --algo cm --n 3 --requests 2 --link-changes 1 --graph line;
//     testdata/linkup-while-eating.txt). A real
//     system would settle this with a handshake exchanging meal counts; here each end reads
//     the other's meal count at link-up (ids and meal counts are the one global knowledge
//     cm uses). At the start, every node has eaten "never" and forks sit at the larger id.
//   - Two nodes both in the CS can become neighbours (the link forms while both eat); the
//     kernel's LocalMutexChecker allows exactly that case (see its doc).
package cm

import (
	"github.com/mutexlab/mutexlab/algorithms/internal/forks"
	"github.com/mutexlab/mutexlab/algorithms/internal/stillness"
	"github.com/mutexlab/mutexlab/kernel"
)

// Message types: A is unused.
const (
	MsgFork    kernel.MsgType = iota // the fork of the link (arrives clean)
	MsgRequest                       // the request token of the link
)

var messageTypes = []kernel.MsgTypeInfo{
	MsgFork:    {Name: "fork"},
	MsgRequest: {Name: "request_fork"},
}

// CM holds every node's state: per-port bitsets for the fork, its dirtiness and the token.
type CM struct {
	still              stillness.Split // waits of static and moving requests
	topo               *kernel.Topology
	fork, dirty, token kernel.PortSets
	hungry, eating     []bool
	lastMeal           []int64 // meal number of the node's last meal (0: never)
	meals              int64

	mut mutant // a deliberately broken variant (mutation tests only); mutNone otherwise
}

// New returns a cm instance; Reset sizes it.
func New() *CM { return &CM{} }

func (a *CM) Name() string                       { return "cm" }
func (a *CM) MessageTypes() []kernel.MsgTypeInfo { return messageTypes }

// MetricNames lists the metrics reported for cm: the local-mutex ones (the kernel's) and, on
// the geometric models, the static/moving split.
func MetricNames() []string {
	return append([]string{kernel.MetricConcurrency, kernel.MetricThroughput, kernel.MetricMaxInFlight}, stillness.MetricNames()...)
}

// Metrics reports the static/moving split of the measured waits (geometric models only).
func (a *CM) Metrics(dst []kernel.Metric) []kernel.Metric { return a.still.Metrics(dst) }

// MeasuredEntry hands the kernel's measured CS entries to the static/moving split
// (kernel.EntryObserver).
func (a *CM) MeasuredEntry(i int32, requested, entered float64) {
	a.still.MeasuredEntry(i, requested, entered)
}

func (a *CM) Reset(env *kernel.Env) error {
	t := env.Topo
	a.topo = t
	n := env.N
	a.still.Reset(env)
	// One node-major matrix: a handler reads and writes node i's three sets in one cache line.
	kernel.InterleavePortSets(n, t.PortCap(), &a.fork, &a.dirty, &a.token)
	a.hungry = kernel.Zeroed(a.hungry, n)
	a.eating = kernel.Zeroed(a.eating, n)
	a.lastMeal = kernel.Zeroed(a.lastMeal, n)
	a.meals = 0
	for i := int32(0); int(i) < n; i++ {
		a.placeInitial(i)
	}
	return nil
}

// placeInitial is place for every initial link of node i at the start, when nobody has
// eaten: the dirty fork at the larger id, the request token at the smaller. It reads only
// node i's own port records, where place would also read the neighbour's meal count (a
// cache miss per link on a large network: a tenth of a trial at n = 10^6), and sets a word
// of ports at a time (a call per port was most of Reset).
func (a *CM) placeInitial(i int32) {
	fork, dirty, token := a.fork.Row(i), a.dirty.Row(i), a.token.Row(i)
	for w, word := range a.topo.Up().Row(i) {
		mine := forks.LowerPeers(a.topo, i, w, word) // the links to smaller ids
		fork[w] |= mine
		dirty[w] |= mine
		token[w] |= word &^ mine
	}
}

// place creates node i's end of a new link at port p: the dirty fork if i is eating and its
// neighbour is not, or if neither or both eat and i ate more recently (ties: the larger id);
// else the request token. When both eat, the fork's end holds the token too (the other
// eater's request, deferred until it leaves the CS) and the other end neither.
func (a *CM) place(i int32, p kernel.Port) {
	j := a.topo.Peer(i, p)
	mi, mj := a.lastMeal[i], a.lastMeal[j]
	if a.mut == mutPlaceByID {
		mi, mj = 0, 0
	}
	if a.eating[i] != a.eating[j] {
		mi, mj = b2i(a.eating[i]), b2i(a.eating[j])
	}
	both := a.eating[i] && a.eating[j]
	a.fork.Remove(i, p)
	a.dirty.Remove(i, p)
	a.token.Remove(i, p)
	if mi > mj || (mi == mj && i > j) {
		a.fork.Add(i, p)
		a.dirty.Add(i, p)
		if both {
			a.token.Add(i, p)
		}
	} else if !both {
		a.token.Add(i, p)
	}
}

// b2i is 1 for true, 0 for false.
func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

func (a *CM) RequestCS(i int32, out *kernel.Outbox) {
	a.hungry[i] = true
	a.progress(i, out)
}

func (a *CM) ReleaseCS(i int32, out *kernel.Outbox) {
	a.eating[i] = false
	for p := kernel.NextIn(&a.fork, &a.token, i, 0); p >= 0; p = kernel.NextIn(&a.fork, &a.token, i, p+1) {
		a.giveFork(i, p, out) // deferred requests
	}
}

func (a *CM) Receive(i int32, p kernel.Port, m *kernel.Message, out *kernel.Outbox) {
	switch m.Type {
	case MsgFork:
		a.fork.Add(i, p)
		a.dirty.Remove(i, p)
		if !a.hungry[i] { // a fork owed to an eater when the link formed (place): no claim on it
			a.dirty.Add(i, p)
			if a.token.Has(i, p) && !a.eating[i] { // its holder's request overtook it
				a.giveFork(i, p, out)
			}
		}
	case MsgRequest:
		a.token.Add(i, p)
		if a.fork.Has(i, p) && (a.dirty.Has(i, p) || a.mut == mutYieldCleanFork) && !a.eating[i] {
			a.giveFork(i, p, out)
		} else if a.mut == mutDropDeferredRequest {
			a.token.Remove(i, p)
		}
	}
	a.progress(i, out)
}

func (a *CM) LinkUp(i int32, p kernel.Port, out *kernel.Outbox) {
	a.place(i, p)
	if a.mut == mutNoForkAtLinkUp {
		a.fork.Remove(i, p)
		a.dirty.Remove(i, p)
	}
	a.progress(i, out)
}

func (a *CM) LinkDown(i int32, p kernel.Port, out *kernel.Outbox) {
	a.fork.Remove(i, p)
	a.dirty.Remove(i, p)
	a.token.Remove(i, p)
	a.progress(i, out)
}

// giveFork sends the fork on p; a hungry node asks for it back at once.
func (a *CM) giveFork(i int32, p kernel.Port, out *kernel.Outbox) {
	a.fork.Remove(i, p)
	a.dirty.Remove(i, p)
	out.Send(p, kernel.Message{Type: MsgFork})
	if a.hungry[i] {
		a.token.Remove(i, p)
		out.Send(p, kernel.Message{Type: MsgRequest})
	}
}

// progress lets a hungry node eat if it holds every fork, and otherwise sends the request
// token for every fork it lacks.
func (a *CM) progress(i int32, out *kernel.Outbox) {
	if !a.hungry[i] {
		return
	}
	up := a.topo.Up()
	all := true
	for p := up.Next(i, 0); p >= 0; p = up.Next(i, p+1) {
		if a.fork.Has(i, p) || (a.mut == mutSkipLastFork && up.Next(i, p+1) < 0) {
			continue
		}
		all = false
		if a.token.Has(i, p) {
			a.token.Remove(i, p)
			out.Send(p, kernel.Message{Type: MsgRequest})
		}
	}
	if !all {
		return
	}
	a.hungry[i], a.eating[i] = false, true
	a.meals++
	a.lastMeal[i] = a.meals
	if a.mut != mutNoDirtyAfterEating {
		for p := up.Next(i, 0); p >= 0; p = up.Next(i, p+1) {
			a.dirty.Add(i, p)
		}
	}
	out.EnterCS()
}

// Checker: local mutual exclusion on the current graph, and at every entry the node holds the
// fork of every current link.
func (a *CM) Checker() kernel.Checker {
	return kernel.NewForkChecker("cm", func() (*kernel.Topology, *kernel.PortSets) { return a.topo, &a.fork })
}

// ---- Mutation points ----

// mutant numbers cm's deliberately broken variants (the mutation package says how mutants
// work). CM.mut holds the one in force, mutNone in every real trial; each point above is one
// comparison with it.
type mutant uint8

const (
	mutNone         mutant = iota
	mutSkipLastFork        // progress: the fork of the last link is not checked (eats without it)

	mutNoDirtyAfterEating  // progress: eating does not make the forks dirty
	mutYieldCleanFork      // a request is granted at once even when the fork is clean
	mutDropDeferredRequest // a request that cannot be granted at once is dropped, not deferred
	mutNoForkAtLinkUp      // LinkUp: the fork of the new link is not created
	mutPlaceByID           // LinkUp: the fork goes to the larger id, whoever ate last
)

// mutants names cm's mutants, indexed by mutant, each with the change it makes in
// the paper's terms (mutation.Table).
var mutants = [...][2]string{
	mutSkipLastFork:        {"eat-without-all-forks", "the fork of the last link is not checked (a hungry node eats holding every fork but one)"},
	mutNoDirtyAfterEating:  {"no-dirty-after-eating", "eating does not make the forks dirty (an eater keeps its priority and never yields them)"},
	mutYieldCleanFork:      {"yield-clean-fork", "a request is granted at once even when the fork is clean (no hygiene)"},
	mutDropDeferredRequest: {"drop-deferred-request", "a request that cannot be granted at once is dropped instead of deferred (the request token is lost)"},
	mutNoForkAtLinkUp:      {"no-fork-at-link-up", "link up creates the request token but not the fork"},
	mutPlaceByID:           {"place-by-id", "link up gives the fork to the larger id, not to the end that ate last (precedence may form a cycle)"},
}
