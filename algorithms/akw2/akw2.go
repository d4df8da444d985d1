package akw2

import (
	"fmt"
	"math"

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

// State is a node's state: thinking, hungry or eating.
type State uint8

const (
	Thinking State = iota
	Hungry
	Eating
)

const unknownTS = math.MinInt64 // ts[j] before j's hello: j is treated as higher

// AKW2 holds every node's state: per node its state and timestamp, per port the cached
// timestamp of the neighbour and bitsets at, asked, S, known and eats.
type AKW2 struct {
	topo  *kernel.Topology
	cap   int
	state []State
	ts    []int64 // ts_i
	tsOf  []int64 // ts[j], at i*cap+p
	at    kernel.PortSets
	asked kernel.PortSets
	susp  kernel.PortSets // S
	known kernel.PortSets
	eats  kernel.PortSets

	badReq int64 // requests that arrived where the fork was not (invariant I2; must stay 0)

	// mutations for the tests: each breaks one rule of the algorithm.
	mutEatWithHigherForks bool // line 18/25: eat once the higher forks are held
	mutIgnoreEats         bool // usable(j) ignores eats[j]: eat beside a neighbour still eating
}

// New returns an akw2 instance; Reset sizes it.
func New() *AKW2 { return &AKW2{} }

func (a *AKW2) Name() string                       { return "akw2" }
func (a *AKW2) MessageTypes() []kernel.MsgTypeInfo { return messageTypes }

// MetricNames lists the metrics reported for akw2: the local-mutex ones, the crash ones and
// bad_req (invariant I2's violations, 0 in a correct run).
func MetricNames() []string {
	return append([]string{kernel.MetricConcurrency, kernel.MetricThroughput, kernel.MetricMaxInFlight, MetricBadReq},
		kernel.CrashMetricNames()...)
}

// MetricBadReq counts requests that arrived at a node not holding the fork (invariant I2).
const MetricBadReq = "bad_req"

// Metrics reports bad_req.
func (a *AKW2) Metrics(dst []kernel.Metric) []kernel.Metric {
	return append(dst, kernel.Metric{Name: MetricBadReq, Value: float64(a.badReq)})
}

// Validate refuses networks that are not FIFO (the paper assumes FIFO links).
func Validate(p *kernel.Params) error {
	info, ok := kernel.LookupNetwork(p.Network)
	if ok && info.New != nil && !info.New().FIFO() {
		return &kernel.ParamError{Name: "network", Msg: fmt.Sprintf("akw2 needs FIFO links (Attiya, Kogan, Welch, section 2); network model %s is not FIFO", info.Name)}
	}
	return nil
}

func (a *AKW2) Reset(env *kernel.Env) error {
	t := env.Topo
	a.topo, a.cap = t, t.PortCap()
	n := env.N
	a.state = kernel.Resize(a.state, n)
	clear(a.state)
	a.ts = kernel.Resize(a.ts, n)
	clear(a.ts)
	a.tsOf = kernel.Resize(a.tsOf, n*a.cap)
	clear(a.tsOf)
	for _, s := range []*kernel.PortSets{&a.at, &a.asked, &a.susp, &a.known, &a.eats} {
		s.Reset(n, a.cap)
	}
	a.badReq = 0
	for i := int32(0); int(i) < n; i++ {
		for p := t.Up().Next(i, 0); p >= 0; p = t.Up().Next(i, p+1) {
			a.known.Add(i, p)
			if i < t.Peer(i, p) {
				a.at.Add(i, p) // the paper's initial forks: at[j] is true when ID[i] < ID[j]
			}
		}
	}
	return nil
}

// higher reports higher(j) for the neighbour on port p: (ts[j], j) < (ts_i, i).
func (a *AKW2) higher(i int32, p kernel.Port) bool {
	tj, ti := a.tsOf[int(i)*a.cap+int(p)], a.ts[i]
	return tj < ti || tj == ti && a.topo.Peer(i, p) < i
}

// usable(j) ≡ at[j] ∧ known[j] ∧ ¬eats[j].
func (a *AKW2) usable(i int32, p kernel.Port) bool {
	return a.at.Has(i, p) && a.known.Has(i, p) && (a.mutIgnoreEats || !a.eats.Has(i, p))
}

// forks returns (all-forks, all-higher-forks).
func (a *AKW2) forks(i int32) (all, allHigher bool) {
	all, allHigher = true, true
	up := a.topo.Up()
	for p := up.Next(i, 0); p >= 0; p = up.Next(i, p+1) {
		if !a.usable(i, p) {
			all = false
			if a.higher(i, p) {
				return false, false
			}
		}
	}
	return all, allHigher
}

// Lines 1–3.
func (a *AKW2) RequestCS(i int32, out *kernel.Outbox) {
	a.state[i] = Hungry
	a.broadcast(i, kernel.Message{Type: MsgNotify, A: a.ts[i]}, out) // 2
	a.tryEat(i, out)                                                 // 3
}

// Lines 4–6.
func (a *AKW2) ReleaseCS(i int32, out *kernel.Outbox) {
	a.state[i] = Thinking
	a.lower(i, out) // 5
	for p := a.susp.Next(i, 0); p >= 0; p = a.susp.Next(i, p+1) {
		a.sendFork(i, p, out) // 6
	}
}

func (a *AKW2) Receive(i int32, p kernel.Port, m *kernel.Message, out *kernel.Outbox) {
	switch m.Type {
	case MsgNotify: // 7–9
		a.tsOf[int(i)*a.cap+int(p)] = m.A
		a.notified(i, p, out)
	case MsgPrio: // 10–11
		a.tsOf[int(i)*a.cap+int(p)] = m.A
		a.eats.Remove(i, p)
		a.tryEat(i, out)
	case MsgReq: // 12–15
		a.req(i, p, out)
	case MsgFork: // 16–20
		a.fork(i, p, m.A != 0, out)
	case MsgHello: // 34–36
		a.tsOf[int(i)*a.cap+int(p)] = m.A
		a.known.Add(i, p)
		a.eats.Set(i, p, State(m.B) == Eating)
		if State(m.B) == Hungry {
			a.notified(i, p, out)
		}
		a.tryEat(i, out)
	}
}

// notified is line 9: a thinking node with priority over a hungry neighbour lowers itself.
func (a *AKW2) notified(i int32, p kernel.Port, out *kernel.Outbox) {
	if a.state[i] == Thinking && !a.higher(i, p) {
		a.lower(i, out)
	}
}

// Lines 12–15.
func (a *AKW2) req(i int32, p kernel.Port, out *kernel.Outbox) {
	if !a.at.Has(i, p) {
		a.badReq++ // invariant I2 broken; the request is moot (the fork is on its way there)
		return
	}
	all, allHigher := a.forks(i)
	thinking, eating := a.state[i] == Thinking, a.state[i] == Eating
	switch h := a.higher(i, p); {
	case eating: // 12: an eater keeps every fork it holds
		a.susp.Add(i, p)
	case !h && (!allHigher || thinking): // 13
		a.sendFork(i, p, out)
	case h && (!all || thinking): // 14
		a.sendFork(i, p, out)
		a.releaseLowerForks(i, out)
	default: // 15
		a.susp.Add(i, p)
	}
}

// Lines 16–20.
func (a *AKW2) fork(i int32, p kernel.Port, flag bool, out *kernel.Outbox) {
	a.at.Add(i, p) // 17
	a.asked.Remove(i, p)
	all, allHigher := a.forks(i)
	switch {
	case a.state[i] == Hungry && (all || a.mutEatWithHigherForks && allHigher): // 18
		a.eat(i, out)
		if flag {
			a.susp.Add(i, p)
		}
	case allHigher: // 19
		if flag {
			a.susp.Add(i, p)
		}
		a.request(i, false, out)
	case flag: // 20
		a.sendFork(i, p, out)
	}
}

// lower is lines 21–22: ts_i rises above every known neighbour's; prio tells them.
func (a *AKW2) lower(i int32, out *kernel.Outbox) {
	t := a.ts[i] + 1
	base := int(i) * a.cap
	up := a.topo.Up()
	for p := up.Next(i, 0); p >= 0; p = up.Next(i, p+1) {
		if a.known.Has(i, p) && a.tsOf[base+int(p)] >= t {
			t = a.tsOf[base+int(p)] + 1
		}
	}
	a.ts[i] = t
	a.broadcast(i, kernel.Message{Type: MsgPrio, A: t}, out)
}

// tryEat is lines 23–25.
func (a *AKW2) tryEat(i int32, out *kernel.Outbox) {
	if a.state[i] != Hungry {
		return
	}
	all, allHigher := a.forks(i)
	switch {
	case all || a.mutEatWithHigherForks && allHigher:
		a.eat(i, out)
	case allHigher:
		a.request(i, false, out)
	default:
		a.request(i, true, out)
	}
}

func (a *AKW2) eat(i int32, out *kernel.Outbox) {
	a.state[i] = Eating
	out.EnterCS()
}

// request is line 26: ask for every missing fork on one side (higher or lower), once.
func (a *AKW2) request(i int32, higher bool, out *kernel.Outbox) {
	if a.state[i] != Hungry {
		return
	}
	up := a.topo.Up()
	for p := up.Next(i, 0); p >= 0; p = up.Next(i, p+1) {
		if !a.at.Has(i, p) && !a.asked.Has(i, p) && a.higher(i, p) == higher {
			out.Send(p, kernel.Message{Type: MsgReq})
			a.asked.Add(i, p)
		}
	}
}

// sendFork is lines 27–29.
func (a *AKW2) sendFork(i int32, p kernel.Port, out *kernel.Outbox) {
	flag := a.higher(i, p) && a.state[i] == Hungry
	var f int64
	if flag {
		f = 1
	}
	out.Send(p, kernel.Message{Type: MsgFork, A: f})
	a.at.Remove(i, p)
	a.susp.Remove(i, p)
	a.asked.Set(i, p, flag)
}

// releaseLowerForks is line 30.
func (a *AKW2) releaseLowerForks(i int32, out *kernel.Outbox) {
	for p := a.susp.Next(i, 0); p >= 0; p = a.susp.Next(i, p+1) {
		if !a.higher(i, p) && a.at.Has(i, p) {
			a.sendFork(i, p, out)
		}
	}
}

func (a *AKW2) broadcast(i int32, m kernel.Message, out *kernel.Outbox) {
	up := a.topo.Up()
	for p := up.Next(i, 0); p >= 0; p = up.Next(i, p+1) {
		out.Send(p, m)
	}
}

// LinkUp is lines 31–33.
func (a *AKW2) LinkUp(i int32, p kernel.Port, out *kernel.Outbox) {
	a.at.Set(i, p, a.staticEnd(i, a.topo.Peer(i, p)))
	a.tsOf[int(i)*a.cap+int(p)] = unknownTS
	a.known.Remove(i, p)
	a.eats.Remove(i, p)
	a.asked.Remove(i, p)
	a.susp.Remove(i, p)
	out.Send(p, kernel.Message{Type: MsgHello, A: a.ts[i], B: int64(a.state[i])})
}

// staticEnd is the link layer's notification type (the paper's section 2): true at the end
// that gets the static node's LinkUp. A static node facing a moving one is the static end;
// between two moving or two static nodes, the smaller id is. Both ends are told at the same
// instant, so exactly one end creates the fork.
func (a *AKW2) staticEnd(i, j int32) bool {
	mi, mj := a.topo.Moving(i), a.topo.Moving(j)
	if mi != mj {
		return mj
	}
	return i < j
}

// LinkDown is lines 37–38: the fork and everything known about the link are gone.
func (a *AKW2) LinkDown(i int32, p kernel.Port, out *kernel.Outbox) {
	a.at.Remove(i, p)
	a.asked.Remove(i, p)
	a.known.Remove(i, p)
	a.eats.Remove(i, p)
	a.susp.Remove(i, p)
	a.tryEat(i, out)
}

// Checker: local mutual exclusion on the current graph, and at every entry the node holds
// the fork of every current link.
func (a *AKW2) Checker() kernel.Checker {
	return kernel.NewForkChecker("akw2", func() (*kernel.Topology, *kernel.PortSets) { return a.topo, &a.at })
}

// State returns node i's state (tests and tooling).
func (a *AKW2) State(i int32) State { return a.state[i] }
