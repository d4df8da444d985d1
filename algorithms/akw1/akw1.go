package akw1

import (
	"math"

	"github.com/mutexlab/mutexlab/kernel"
)

// Message types (see the package doc for the words).
const (
	MsgDoor  kernel.MsgType = iota // A = the sender's doorway position (bits ADr, SDr, ADf, SDf), B = its SD^r crossing number: a cross/exit notice
	MsgReply                       // A = 1: competing in recolouring, 0: the paper's NACK (line 41); B = the crossing number answered
	MsgColor                       // A = the sender's new colour (update-color, lines 7 and 39)
	MsgReq                         // request for the fork of the link
	MsgFork                        // the fork; A = 1: the sender wants it back (line 31)
	MsgHello                       // A = colour, B = position, C = state: both ends of a new link (line 46)
	MsgLin                         // A = round, B = the sender's colour in that round of Linial's reduction (1b)
)

var messageTypes = []kernel.MsgTypeInfo{
	MsgDoor:  {Name: "door"},
	MsgReply: {Name: "recolor_reply"},
	MsgColor: {Name: "update_color"},
	MsgReq:   {Name: "req"},
	MsgFork:  {Name: "fork"},
	MsgHello: {Name: "hello"},
	MsgLin:   {Name: "linial"},
}

// Doorway position bits: behind AD^r, SD^r, AD^f, SD^f.
const (
	ADr uint8 = 1 << iota
	SDr
	ADf
	SDf
	behindAll = ADr | SDr | ADf | SDf // L[j] before j's hello: it may be anywhere
)

// State is a node's state: thinking, hungry or eating.
type State uint8

const (
	Thinking State = iota
	Hungry
	Eating
)

// phase is where a hungry node is in Figure 3.
type phase uint8

const (
	phNone    phase = iota
	phADr           // entry code of AD^r
	phSDr           // entry code of SD^r
	phRecolor       // behind SD^r, running new-color()
	phADf           // entry code of AD^f
	phSDf           // entry code of SD^f
	phForks         // behind SD^f: fork collection
)

const colorUnknown = math.MaxInt64 // ⊥: lowest priority until the neighbour says

// AKW1 holds every node's state in flat arrays and per-port bitsets.
type AKW1 struct {
	topo     *kernel.Topology
	cap      int
	state    []State
	ph       []phase
	pos      []uint8
	color    []int64
	recolor  []bool  // moved since it last picked a colour: run the recolouring module when hungry
	crossing []int64 // how many times the node has crossed SD^r (tags replies)
	colorOf  []int64 // color[j], at i*cap+p
	L        []uint8 // L[j], at i*cap+p
	at       kernel.PortSets
	susp     kernel.PortSets // S
	asked    kernel.PortSets
	known    kernel.PortSets
	eats     kernel.PortSets
	seen     kernel.PortSets // asynchronous doorway entry: j seen outside at least once
	resolved kernel.PortSets // recolouring: smaller-id j is known not to compete, or has picked
	replied  kernel.PortSets // recolouring: j has answered the current SD^r crossing
	rival    kernel.PortSets // 1b: j recolours concurrently (its round colours are needed)

	coloring    int
	knownD      int64
	linSteps    []linRound
	linAt       []int32    // 1b: the round whose colour the node has (-1: not started)
	linColor    []int64    // 1b: that colour
	nbrLin      [2][]int64 // 1b: j's colour of round r, at [r&1][i*cap+p]
	nbrLinAt    []int32    // 1b: the last round j sent (-1: none in its current attempt)
	linOverflow int64      // 1b: steps with more competitors than the known δ

	badReq   int64
	returns  int64 // return-path traversals (line 60)
	recolors int64 // runs of new-color()

	mutNoColorWait bool // new-color() does not wait for smaller-id competitors (breaks Assumption 1)
	mutEatLowForks bool // eat with the low forks only
	mutLinialBlind bool // 1b: pick each round's x and the final block offset ignoring the neighbours
}

// New returns an akw1 instance (greedy colouring, 1a); Reset sizes it.
func New() *AKW1 { return &AKW1{} }

func (a *AKW1) Name() string                       { return "akw1" }
func (a *AKW1) MessageTypes() []kernel.MsgTypeInfo { return messageTypes }

// Metric names.
const (
	MetricBadReq   = "bad_req"
	MetricReturns  = "return_path"
	MetricRecolors = "recolorings"
	MetricOverflow = "linial_overflow"
)

// MetricNames lists akw1's metrics: the local-mutex ones, the crash ones and its own.
func MetricNames() []string {
	return append([]string{kernel.MetricConcurrency, kernel.MetricThroughput, kernel.MetricMaxInFlight, MetricBadReq, MetricReturns, MetricRecolors, MetricOverflow},
		kernel.CrashMetricNames()...)
}

// Metrics reports bad_req, return_path and recolorings (whole trial).
func (a *AKW1) Metrics(dst []kernel.Metric) []kernel.Metric {
	return append(dst, kernel.Metric{Name: MetricBadReq, Value: float64(a.badReq)},
		kernel.Metric{Name: MetricReturns, Value: float64(a.returns)}, kernel.Metric{Name: MetricRecolors, Value: float64(a.recolors)},
		kernel.Metric{Name: MetricOverflow, Value: float64(a.linOverflow)})
}

func (a *AKW1) Reset(env *kernel.Env) error {
	t := env.Topo
	a.topo, a.cap = t, t.PortCap()
	n := env.N
	a.state = kernel.Resize(a.state, n)
	clear(a.state)
	a.ph = kernel.Resize(a.ph, n)
	clear(a.ph)
	a.pos = kernel.Resize(a.pos, n)
	clear(a.pos)
	a.color = kernel.Resize(a.color, n)
	a.recolor = kernel.Resize(a.recolor, n)
	clear(a.recolor)
	a.crossing = kernel.Resize(a.crossing, n)
	clear(a.crossing)
	a.colorOf = kernel.Resize(a.colorOf, n*a.cap)
	a.L = kernel.Resize(a.L, n*a.cap)
	clear(a.L)
	for _, s := range []*kernel.PortSets{&a.at, &a.susp, &a.asked, &a.known, &a.eats, &a.seen, &a.resolved, &a.replied, &a.rival} {
		s.Reset(n, a.cap)
	}
	a.badReq, a.returns, a.recolors, a.linOverflow = 0, 0, 0, 0
	a.coloring = int(env.Params.AlgoParam(ParamColoring, ColoringGreedy))
	a.linSteps = a.linSteps[:0]
	if a.coloring == ColoringLinial {
		a.knownD = int64(env.Params.AlgoParam(ParamKnownD, 1))
		a.linSteps, _ = linialSchedule(int64(env.Params.AlgoParam(ParamKnownN, float64(n))), a.knownD)
	}
	a.linAt = kernel.Resize(a.linAt, n)
	a.linColor = kernel.Resize(a.linColor, n)
	a.nbrLin[0] = kernel.Resize(a.nbrLin[0], n*a.cap)
	a.nbrLin[1] = kernel.Resize(a.nbrLin[1], n*a.cap)
	a.nbrLinAt = kernel.Resize(a.nbrLinAt, n*a.cap)
	for k := range a.nbrLinAt {
		a.nbrLinAt[k] = -1
	}
	// Initial colours: greedy in id order over the initial graph (the paper: "the recoloring
	// module is also executed by each node to obtain an initial color; we do not discuss this
	// issue further"). Colours are in 0..δ, legal.
	for i := int32(0); int(i) < n; i++ {
		c := int64(0)
		for taken := true; taken; {
			taken = false
			for p := t.Up().Next(i, 0); p >= 0; p = t.Up().Next(i, p+1) {
				if j := t.Peer(i, p); j < i && a.color[j] == c {
					taken = true
					c++
					break
				}
			}
		}
		a.color[i] = c
	}
	for i := int32(0); int(i) < n; i++ {
		for p := t.Up().Next(i, 0); p >= 0; p = t.Up().Next(i, p+1) {
			j := t.Peer(i, p)
			a.colorOf[int(i)*a.cap+int(p)] = a.color[j]
			a.known.Add(i, p)
			if i < j {
				a.at.Add(i, p) // at[j] initially true when ID[i] < ID[j]
			}
		}
	}
	return nil
}

// low reports that the neighbour on port p is low: color[j] < color[i] (ties, which
// Assumption 1 rules out behind SD^f, broken by id so that they can never deadlock).
func (a *AKW1) low(i int32, p kernel.Port) bool {
	cj, ci := a.colorOf[int(i)*a.cap+int(p)], a.color[i]
	return cj < ci || cj == ci && a.topo.Peer(i, p) < i
}

func (a *AKW1) usable(i int32, p kernel.Port) bool {
	return a.at.Has(i, p) && a.known.Has(i, p) && !a.eats.Has(i, p)
}

// forks returns (all-forks, all-low-forks).
func (a *AKW1) forks(i int32) (all, allLow bool) {
	all, allLow = true, true
	up := a.topo.Up()
	for p := up.Next(i, 0); p >= 0; p = up.Next(i, p+1) {
		if !a.usable(i, p) {
			all = false
			if a.low(i, p) {
				return false, false
			}
		}
	}
	return all, allLow
}

func (a *AKW1) behindSDf(i int32) bool { return a.pos[i]&SDf != 0 }

func (a *AKW1) broadcast(i int32, m kernel.Message, out *kernel.Outbox) {
	up := a.topo.Up()
	for p := up.Next(i, 0); p >= 0; p = up.Next(i, p+1) {
		out.Send(p, m)
	}
}

// setPos changes i's doorway position and sends the cross/exit notice.
func (a *AKW1) setPos(i int32, pos uint8, out *kernel.Outbox) {
	a.pos[i] = pos
	a.broadcast(i, kernel.Message{Type: MsgDoor, A: int64(pos), B: a.crossing[i]}, out)
}

// enterAD starts the entry code of the asynchronous doorway bit: the neighbours now seen
// outside it count.
func (a *AKW1) enterAD(i int32, bit uint8) {
	a.seen.ClearRow(i)
	base := int(i) * a.cap
	up := a.topo.Up()
	for p := up.Next(i, 0); p >= 0; p = up.Next(i, p+1) {
		if a.L[base+int(p)]&bit == 0 {
			a.seen.Add(i, p)
		}
	}
}

// allSeen: every neighbour was seen outside the asynchronous doorway at least once.
func (a *AKW1) allSeen(i int32) bool {
	up := a.topo.Up()
	for p := up.Next(i, 0); p >= 0; p = up.Next(i, p+1) {
		if !a.seen.Has(i, p) {
			return false
		}
	}
	return true
}

// allOutside: every neighbour is observed outside the synchronous doorway bit now.
func (a *AKW1) allOutside(i int32, bit uint8) bool {
	base := int(i) * a.cap
	up := a.topo.Up()
	for p := up.Next(i, 0); p >= 0; p = up.Next(i, p+1) {
		if a.L[base+int(p)]&bit != 0 || !a.known.Has(i, p) {
			return false
		}
	}
	return true
}

// RequestCS: the node becomes hungry and enters the first doorway on its way (Figure 3).
func (a *AKW1) RequestCS(i int32, out *kernel.Outbox) {
	a.state[i] = Hungry
	if a.recolor[i] {
		a.ph[i] = phADr
		a.enterAD(i, ADr)
	} else {
		a.ph[i] = phADf
		a.enterAD(i, ADf)
	}
	a.advance(i, out)
}

// advance runs the doorway entry codes as far as they can go now.
func (a *AKW1) advance(i int32, out *kernel.Outbox) {
	for a.state[i] == Hungry {
		switch a.ph[i] {
		case phADr:
			if !a.allSeen(i) {
				return
			}
			a.setPos(i, a.pos[i]|ADr, out) // cross AD^r
			a.ph[i] = phSDr
		case phSDr:
			if !a.allOutside(i, SDr) {
				return
			}
			a.crossing[i]++
			a.resolved.ClearRow(i)
			a.replied.ClearRow(i)
			a.rival.ClearRow(i)
			a.linAt[i] = -1
			a.setPos(i, a.pos[i]|SDr, out) // cross SD^r: line 36; R := N (line 37)
			a.ph[i] = phRecolor
		case phRecolor:
			if a.coloring == ColoringLinial {
				if !a.linial(i, out) {
					return
				}
				a.setColor(i, -a.linialColor(i)-1, out) // lines 38–39
			} else {
				if !a.mutNoColorWait && !a.competitorsDone(i) {
					return
				}
				a.newColor(i, out) // lines 38–39
			}
			a.ph[i] = phADf
			a.enterAD(i, ADf)
		case phADf:
			if !a.allSeen(i) {
				return
			}
			// cross AD^f, then the exit code of the first double doorway (SD^r, then AD^r)
			a.setPos(i, a.pos[i]&^(ADr|SDr)|ADf, out)
			a.ph[i] = phSDf
		case phSDf:
			if !a.allOutside(i, SDf) {
				return
			}
			a.setPos(i, a.pos[i]|SDf, out) // cross SD^f: lines 1–4
			a.ph[i] = phForks
			a.collect(i, out)
			return
		default:
			return
		}
	}
}

// competitorsDone: every neighbour has answered the current crossing (so any colour it
// picked before it knew of us has arrived: FIFO), and every smaller-id neighbour has
// answered that it does not compete, or has picked its colour (the greedy order of
// new-color(), see the package doc).
func (a *AKW1) competitorsDone(i int32) bool {
	up := a.topo.Up()
	for p := up.Next(i, 0); p >= 0; p = up.Next(i, p+1) {
		if !a.replied.Has(i, p) || a.topo.Peer(i, p) < i && !a.resolved.Has(i, p) {
			return false
		}
	}
	return true
}

// newColor is new-color() of the greedy procedure and line 38: the smallest c >= 0 such that
// −c−1 is no neighbour's colour; color := −c−1; broadcast update-color (line 39).
func (a *AKW1) newColor(i int32, out *kernel.Outbox) {
	a.setColor(i, -a.smallestFree(i, true)-1, out)
}

// setColor is lines 38–39: the recolouring module's colour, sent to every neighbour.
func (a *AKW1) setColor(i int32, c int64, out *kernel.Outbox) {
	a.recolors++
	a.color[i] = c
	a.recolor[i] = false
	a.broadcast(i, kernel.Message{Type: MsgColor, A: c}, out)
}

// smallestFree returns the smallest c >= 0 not used by a neighbour as colour c (negative:
// as colour −c−1).
func (a *AKW1) smallestFree(i int32, negative bool) int64 {
	base := int(i) * a.cap
	up := a.topo.Up()
	for c := int64(0); ; c++ {
		want := c
		if negative {
			want = -c - 1
		}
		free := true
		for p := up.Next(i, 0); p >= 0; p = up.Next(i, p+1) {
			if a.colorOf[base+int(p)] == want {
				free = false
				break
			}
		}
		if free {
			return c
		}
	}
}

// collect is lines 1–4: the node has crossed SD^f.
func (a *AKW1) collect(i int32, out *kernel.Outbox) {
	all, allLow := a.forks(i)
	switch {
	case all || a.mutEatLowForks && allLow:
		a.eat(i, out) // 2
	case allLow:
		a.request(i, false, out) // 3
	default:
		a.request(i, true, out) // 4
	}
}

func (a *AKW1) eat(i int32, out *kernel.Outbox) {
	a.state[i] = Eating
	out.EnterCS()
}

// request is request-low-forks (low) and request-high-forks, lines 24–29, asking once.
func (a *AKW1) request(i int32, low bool, out *kernel.Outbox) {
	up := a.topo.Up()
	for p := up.Next(i, 0); p >= 0; p = up.Next(i, p+1) {
		if !a.at.Has(i, p) && !a.asked.Has(i, p) && a.low(i, p) == low {
			out.Send(p, kernel.Message{Type: MsgReq})
			a.asked.Add(i, p)
		}
	}
}

// ReleaseCS is lines 5–9.
func (a *AKW1) ReleaseCS(i int32, out *kernel.Outbox) {
	a.state[i] = Thinking
	a.ph[i] = phNone
	a.color[i] = a.smallestFree(i, false)                              // 6
	a.broadcast(i, kernel.Message{Type: MsgColor, A: a.color[i]}, out) // 7
	for p := a.susp.Next(i, 0); p >= 0; p = a.susp.Next(i, p+1) {
		a.sendFork(i, p, out) // 8
	}
	if a.pos[i] != 0 {
		a.setPos(i, 0, out) // 9: exit SD^f and AD^f
	}
}

// sendFork is lines 30–32; the flag also needs the node to be hungry (see the package doc).
func (a *AKW1) sendFork(i int32, p kernel.Port, out *kernel.Outbox) {
	flag := a.low(i, p) && a.behindSDf(i) && a.state[i] == Hungry
	var f int64
	if flag {
		f = 1
	}
	out.Send(p, kernel.Message{Type: MsgFork, A: f})
	a.at.Remove(i, p)
	a.susp.Remove(i, p)
	a.asked.Set(i, p, flag)
}

// releaseHighForks is lines 33–35.
func (a *AKW1) releaseHighForks(i int32, out *kernel.Outbox) {
	for p := a.susp.Next(i, 0); p >= 0; p = a.susp.Next(i, p+1) {
		if !a.low(i, p) && a.at.Has(i, p) {
			a.sendFork(i, p, out)
		}
	}
}

func (a *AKW1) Receive(i int32, p kernel.Port, m *kernel.Message, out *kernel.Outbox) {
	k := int(i)*a.cap + int(p)
	switch m.Type {
	case MsgDoor:
		a.door(i, p, uint8(m.A), m.B, out)
	case MsgReply: // 42–43: a NACK resolves j; a competitor is resolved by its colour
		if m.B == a.crossing[i] { // a reply to an abandoned crossing is stale
			a.replied.Add(i, p)
			if m.A == 0 {
				a.resolved.Add(i, p)
			} else if a.linAt[i] < 0 {
				a.rival.Add(i, p) // 1b: it recolours with us
			}
		}
		a.advance(i, out)
	case MsgColor:
		a.colorOf[k] = m.A
		a.eats.Remove(i, p) // an eater's next colour is line 7's: it has left its CS
		if a.L[k]&SDr != 0 {
			a.resolved.Add(i, p) // j behind SD^r has picked (an older colour is no answer: j may cross SD^r next)
		}
		a.progress(i, out) // a new colour can make j low: behind SD^f its fork is then requested
	case MsgLin:
		a.nbrLin[m.A&1][k] = m.B
		a.nbrLinAt[k] = int32(m.A)
		a.progress(i, out)
	case MsgReq:
		a.req(i, p, out)
	case MsgFork:
		a.fork(i, p, m.A != 0, out)
	case MsgHello:
		a.colorOf[k] = m.A
		a.L[k] = uint8(m.B)
		a.known.Add(i, p)
		a.eats.Set(i, p, State(m.C) == Eating)
		if a.L[k]&ADr == 0 && a.ph[i] == phADr || a.L[k]&ADf == 0 && a.ph[i] == phADf {
			a.seen.Add(i, p)
		}
		a.resolved.Add(i, p)
		a.progress(i, out)
	}
}

// door handles a cross/exit notice from the neighbour on port p.
func (a *AKW1) door(i int32, p kernel.Port, pos uint8, crossing int64, out *kernel.Outbox) {
	k := int(i)*a.cap + int(p)
	crossedSDr := pos&SDr != 0 && a.L[k]&SDr == 0
	if pos&SDr == 0 && a.L[k]&SDr != 0 {
		a.resolved.Add(i, p) // j has left SD^r (picked, or moved and gave up): it competes no more
		a.rival.Remove(i, p)
	}
	if crossedSDr {
		a.nbrLinAt[k] = -1 // j's new attempt starts its rounds afresh
	}
	a.L[k] = pos
	if pos&ADr == 0 && a.ph[i] == phADr || pos&ADf == 0 && a.ph[i] == phADf {
		a.seen.Add(i, p)
	}
	if crossedSDr { // lines 40–41: NACK unless we are recolouring too and have not picked
		var c int64
		if a.ph[i] == phRecolor {
			c = 1
			a.resolved.Remove(i, p) // j (re)joins the competition: its earlier exit no longer resolves it
			if a.linAt[i] < 0 {
				a.rival.Add(i, p) // 1b: it recolours with us
			}
		}
		out.Send(p, kernel.Message{Type: MsgReply, A: c, B: crossing})
	}
	a.progress(i, out)
}

// progress advances the doorways, or re-evaluates fork collection behind SD^f.
func (a *AKW1) progress(i int32, out *kernel.Outbox) {
	if a.state[i] != Hungry {
		return
	}
	if a.ph[i] == phForks {
		a.collect(i, out)
		return
	}
	a.advance(i, out)
}

// req is lines 10–16; an eater keeps every fork (see the package doc).
func (a *AKW1) req(i int32, p kernel.Port, out *kernel.Outbox) {
	if !a.at.Has(i, p) {
		a.badReq++
		return
	}
	all, allLow := a.forks(i)
	outside := !a.behindSDf(i)
	switch low := a.low(i, p); {
	case a.state[i] == Eating:
		a.susp.Add(i, p)
	case !low && (!allLow || outside): // 11–12
		a.sendFork(i, p, out)
	case low && (!all || outside): // 13–15
		a.sendFork(i, p, out)
		a.releaseHighForks(i, out)
	default: // 16
		a.susp.Add(i, p)
	}
}

// fork is lines 17–23.
func (a *AKW1) fork(i int32, p kernel.Port, flag bool, out *kernel.Outbox) {
	a.at.Add(i, p) // 18
	a.asked.Remove(i, p)
	if !a.behindSDf(i) || a.state[i] != Hungry {
		if flag && a.state[i] != Eating {
			a.sendFork(i, p, out) // outside SD^f a node grants every request (line 12)
		} else if flag {
			a.susp.Add(i, p)
		}
		return
	}
	all, allLow := a.forks(i)
	switch {
	case all || a.mutEatLowForks && allLow: // 19
		if flag {
			a.susp.Add(i, p)
		}
		a.eat(i, out)
	case allLow: // 20–22
		if flag {
			a.susp.Add(i, p)
		}
		a.request(i, false, out)
	case flag: // 23
		a.sendFork(i, p, out)
	}
}

// LinkUp is lines 44–55.
func (a *AKW1) LinkUp(i int32, p kernel.Port, out *kernel.Outbox) {
	k := int(i)*a.cap + int(p)
	j := a.topo.Peer(i, p)
	a.colorOf[k] = colorUnknown // 45 / 48
	a.known.Remove(i, p)
	a.eats.Remove(i, p)
	a.asked.Remove(i, p)
	a.susp.Remove(i, p)
	a.resolved.Add(i, p) // a new neighbour is not part of the current crossing
	a.replied.Add(i, p)
	a.rival.Remove(i, p)
	a.nbrLinAt[k] = -1
	if a.staticEnd(i, j) { // 44–46
		a.at.Add(i, p)
		a.L[k] = 0 // exit_all
		a.seen.Add(i, p)
		out.Send(p, kernel.Message{Type: MsgHello, A: a.color[i], B: int64(a.pos[i]), C: int64(a.state[i])})
		a.progress(i, out)
		return
	}
	// 47–55: the moving end
	a.at.Remove(i, p)
	a.L[k] = behindAll
	a.seen.Remove(i, p)
	out.Send(p, kernel.Message{Type: MsgHello, A: a.color[i], B: 0, C: int64(a.state[i])})
	if a.state[i] == Hungry && a.behindSDf(i) {
		for q := a.susp.Next(i, 0); q >= 0; q = a.susp.Next(i, q+1) {
			a.sendFork(i, q, out) // 51 (an eater keeps them: its CS cannot be interrupted)
		}
	}
	if a.pos[i] != 0 {
		a.setPos(i, 0, out) // 52: exit any doorway
	}
	a.recolor[i] = true
	if a.state[i] == Hungry { // 53–55: wait for the hellos, then the entry of AD^r
		a.ph[i] = phADr
		a.enterAD(i, ADr)
		a.advance(i, out)
	}
}

// staticEnd is the link layer's notification type (section 2), as in akw2.
func (a *AKW1) staticEnd(i, j int32) bool {
	mi, mj := a.topo.Moving(i), a.topo.Moving(j)
	if mi != mj {
		return mj
	}
	return i < j
}

// LinkDown is lines 56–61.
func (a *AKW1) LinkDown(i int32, p kernel.Port, out *kernel.Outbox) {
	k := int(i)*a.cap + int(p)
	wasLowHolder := !a.at.Has(i, p) && a.low(i, p)
	a.at.Remove(i, p)
	a.asked.Remove(i, p)
	a.known.Remove(i, p)
	a.eats.Remove(i, p)
	a.susp.Remove(i, p) // 58
	a.seen.Remove(i, p)
	a.resolved.Add(i, p) // 61
	a.replied.Add(i, p)
	a.rival.Remove(i, p)
	a.nbrLinAt[k] = -1
	a.L[k] = 0
	if a.state[i] == Hungry && a.behindSDf(i) && wasLowHolder { // 59–60: the return path
		a.returns++
		for q := a.susp.Next(i, 0); q >= 0; q = a.susp.Next(i, q+1) {
			a.sendFork(i, q, out)
		}
		a.setPos(i, a.pos[i]&^SDf, out)
		a.ph[i] = phSDf
	}
	a.progress(i, out)
}

// Checker: local mutual exclusion, fork ownership at every entry.
func (a *AKW1) Checker() kernel.Checker {
	return kernel.NewForkChecker("akw1", func() (*kernel.Topology, *kernel.PortSets) { return a.topo, &a.at })
}
