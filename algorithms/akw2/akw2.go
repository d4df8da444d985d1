package akw2

import (
	"slices"

	"math"

	"github.com/mutexlab/mutexlab/algorithms/internal/forks"
	"github.com/mutexlab/mutexlab/algorithms/internal/stillness"
	"github.com/mutexlab/mutexlab/kernel"
)

// Message types (see the package doc for the words).
const (
	MsgNotify kernel.MsgType = iota // A = the sender's ts: it has become hungry (line 2)
	MsgPrio                         // A = the sender's new ts: it has lowered itself (line 22)
	MsgReq                          // request for the fork of the link (line 26)
	MsgFork                         // the fork; A = 1: the sender wants it back (line 28)
	MsgHello                        // A = ts, B = state: sent by both ends of a new link (line 33)
)

var messageTypes = []kernel.MsgTypeInfo{
	MsgNotify: {Name: "notify"},
	MsgPrio:   {Name: "prio"},
	MsgReq:    {Name: "req"},
	MsgFork:   {Name: "fork"},
	MsgHello:  {Name: "hello"},
}

// forkTypes are the message types the shared fork collection module sends for akw2.
var forkTypes = forks.MsgTypes{Req: MsgReq, Fork: MsgFork}

// State is a node's state: thinking, hungry or eating.
type State = forks.State

const (
	Thinking = forks.Thinking
	Hungry   = forks.Hungry
	Eating   = forks.Eating
)

const unknownTS = math.MinInt64 // ts[j] before j's hello: j is treated as higher

// AKW2 holds every node's state in the shared fork collection table (forks.Table): per node
// its state and its timestamp ts_i (the table's key), per port the cached timestamp ts[j] of
// the neighbour and the bitsets at, asked, S, known and eats. higher(j) is the table's
// Senior: (ts[j], j) < (ts_i, i).
type AKW2 struct {
	f   forks.Table
	mut mutant // a deliberately broken variant (mutation tests only); mutNone otherwise

	still stillness.Split // waits of static and moving requests
}

// New returns an akw2 instance; Reset sizes it.
func New() *AKW2 { return &AKW2{} }

func (a *AKW2) Name() string                       { return "akw2" }
func (a *AKW2) MessageTypes() []kernel.MsgTypeInfo { return messageTypes }

// MetricNames lists the metrics reported for akw2: the local-mutex ones, the crash ones,
// bad_req (invariant I2's violations, 0 in a correct run) and the static/moving split.
func MetricNames() []string {
	return slices.Concat([]string{kernel.MetricConcurrency, kernel.MetricThroughput, kernel.MetricMaxInFlight, MetricBadReq},
		kernel.CrashMetricNames(), stillness.MetricNames())
}

// MetricBadReq counts requests that arrived at a node not holding the fork (invariant I2).
const MetricBadReq = "bad_req"

// Metrics reports bad_req, then the static/moving split of the measured waits.
func (a *AKW2) Metrics(dst []kernel.Metric) []kernel.Metric {
	return a.still.Metrics(append(dst, kernel.Metric{Name: MetricBadReq, Value: float64(a.f.BadReq)}))
}

// MeasuredEntry hands the kernel's measured CS entries to the static/moving split
// (kernel.EntryObserver).
func (a *AKW2) MeasuredEntry(i int32, requested, entered float64) {
	a.still.MeasuredEntry(i, requested, entered)
}

// Validate refuses networks that are not FIFO (the paper assumes FIFO links).
func Validate(p *kernel.Params) error { return forks.RequireFIFO("akw2", p) }

// Reset sets the initial state: every node thinking with ts_i = 0, every initial link known
// with its fork at the smaller id (the paper's "at[j] is true when ID[i] < ID[j]").
func (a *AKW2) Reset(env *kernel.Env) error {
	a.f.Reset(env.Topo, env.N, forkTypes)
	a.still.Reset(env)
	return nil
}

// Lines 1–3.
func (a *AKW2) RequestCS(i int32, out *kernel.Outbox) {
	a.setState(i, Hungry)
	a.f.Broadcast(i, kernel.Message{Type: MsgNotify, A: a.f.Key[i]}, out) // 2
	a.f.TryEat(i, out)                                                    // 3
}

// Lines 4–6.
func (a *AKW2) ReleaseCS(i int32, out *kernel.Outbox) {
	a.setState(i, Thinking)
	if a.mut != mutNoLowerOnRelease {
		a.lower(i, out) // 5
	}
	a.f.ReleaseSuspended(i, out) // 6
}

// setState sets node i's state; a hungry or eating node runs fork collection (Algorithm 1's
// "behind SD^f").
func (a *AKW2) setState(i int32, s State) {
	a.f.State[i] = s
	a.f.Behind[i] = s != Thinking
}

func (a *AKW2) Receive(i int32, p kernel.Port, m *kernel.Message, out *kernel.Outbox) {
	switch m.Type {
	case MsgNotify: // 7–9
		a.f.SetKeyOf(i, p, m.A)
		a.notified(i, p, out)
	case MsgPrio: // 10–11
		a.f.SetKeyOf(i, p, m.A)
		if a.mut != mutPrioKeepsEats {
			a.f.Eats.Remove(i, p)
		}
		a.f.TryEat(i, out)
	case MsgReq: // 12–15
		a.f.Req(i, p, out)
	case MsgFork: // 16–20
		a.f.Received(i, p)               // 17
		a.f.Collect(i, p, m.A != 0, out) // 18–20
	case MsgHello: // 34–36
		a.f.Hello(i, p, m.A, State(m.B) == Eating)
		if State(m.B) == Hungry {
			a.notified(i, p, out)
		}
		a.f.TryEat(i, out)
	}
}

// notified is line 9: a thinking node with priority over a hungry neighbour lowers itself.
func (a *AKW2) notified(i int32, p kernel.Port, out *kernel.Outbox) {
	if a.f.State[i] == Thinking && !a.f.Senior(i, p) && a.mut != mutIgnoreNotify {
		a.lower(i, out)
	}
}

// lower is lines 21–22: ts_i rises above every known neighbour's; prio tells them.
func (a *AKW2) lower(i int32, out *kernel.Outbox) {
	t := a.f.Key[i] + 1
	up := a.f.Topo.Up()
	for p := up.Next(i, 0); p >= 0; p = up.Next(i, p+1) {
		if ts := a.f.KeyOfPort(i, p); a.f.Known.Has(i, p) && ts >= t {
			t = ts + 1
		}
	}
	a.f.Key[i] = t
	a.f.Broadcast(i, kernel.Message{Type: MsgPrio, A: t}, out)
}

// LinkUp is lines 31–33.
func (a *AKW2) LinkUp(i int32, p kernel.Port, out *kernel.Outbox) {
	a.f.NewLink(i, p, unknownTS)                                                       // 32
	out.Send(p, kernel.Message{Type: MsgHello, A: a.f.Key[i], B: int64(a.f.State[i])}) // 33
}

// LinkDown is lines 37–38: the fork and everything known about the link are gone.
func (a *AKW2) LinkDown(i int32, p kernel.Port, out *kernel.Outbox) {
	a.f.LinkGone(i, p)
	a.f.TryEat(i, out)
}

// Checker: local mutual exclusion on the current graph, and at every entry the node holds
// the fork of every current link.
func (a *AKW2) Checker() kernel.Checker { return a.f.Checker("akw2") }

// State returns node i's state (tests and tooling).
func (a *AKW2) State(i int32) State { return a.f.State[i] }

// ---- Mutation points ----

// mutant numbers akw2's own deliberately broken variants; the shared fork collection module
// has its own (forks.Mutant), and akw2 has those too (the mutation package says how mutants
// work). AKW2.mut holds the one in force, mutNone in every real trial; each point above is
// one comparison with it.
type mutant uint8

const (
	mutNone             mutant = iota
	mutNoLowerOnRelease        // line 5 skipped: a node leaving the CS keeps its priority
	mutIgnoreNotify            // line 9 skipped: a thinking node never lowers itself for a hungry neighbour
	mutPrioKeepsEats           // line 11: prio does not clear eats[j]
)

// mutants names akw2's own mutants, indexed by mutant, each with the change it makes in
// the paper's terms (mutation.Table).
var mutants = [...][2]string{
	mutNoLowerOnRelease: {"no-lower-on-release", "line 5 skipped: a node leaving the CS keeps its priority"},
	mutIgnoreNotify:     {"ignore-notify", "line 9 skipped: a thinking node never lowers itself for a hungry neighbour"},
	mutPrioKeepsEats:    {"prio-keeps-eats", "line 11: prio does not clear eats[j] (the fork of a link formed under an eater stays unusable)"},
}
