package akw1

import (
	"math"
	"slices"

	"github.com/mutexlab/mutexlab/algorithms/internal/forks"
	"github.com/mutexlab/mutexlab/algorithms/internal/stillness"
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

// forkTypes are the message types the shared fork collection module sends for akw1.
var forkTypes = forks.MsgTypes{Req: MsgReq, Fork: MsgFork}

// Doorway position bits: behind AD^r, SD^r, AD^f, SD^f.
const (
	ADr uint8 = 1 << iota
	SDr
	ADf
	SDf
	behindAll = ADr | SDr | ADf | SDf // L[j] before j's hello: it may be anywhere
)

// State is a node's state: thinking, hungry or eating.
type State = forks.State

const (
	Thinking = forks.Thinking
	Hungry   = forks.Hungry
	Eating   = forks.Eating
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

// AKW1 holds every node's state: the fork collection module's (forks.Table: state, the
// colour as the key, color[j] per port, and the at, S, asked, known and eats bitsets) and the
// doorways' and recolouring module's, in flat arrays and per-port bitsets.
type AKW1 struct {
	f        forks.Table
	ph       []phase
	pos      []uint8
	recolor  []bool          // moved since it last picked a colour: run the recolouring module when hungry
	crossing []int64         // how many times the node has crossed SD^r (tags replies)
	L        []uint8         // L[j], at i*cap+p
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

	initColors int // akw_init_colors: InitRecolor or InitGiven

	returns  int64 // return-path traversals (line 60)
	recolors int64 // runs of new-color()
	m        meter // the colour range and the doorway passages (metrics.go)

	mut mutant // a deliberately broken variant (mutation tests only); mutNone otherwise

	still stillness.Split // waits of static and moving requests
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

// MetricWaitMaxStatic is the largest measured wait of a node that did not move while it
// waited (the static/moving split every local-mutex algorithm reports): the response time
// that Attiya, Kogan and Welch's theorems bound, for the tools that check them.
const MetricWaitMaxStatic = stillness.MetricWaitMaxStatic

// MetricNames lists akw1's metrics: the local-mutex ones, the crash ones, the static/moving
// split and its own.
func MetricNames() []string {
	own := []string{kernel.MetricConcurrency, kernel.MetricThroughput, kernel.MetricMaxInFlight, MetricBadReq, MetricReturns, MetricRecolors, MetricOverflow}
	return slices.Concat(own, passageMetricNames(), kernel.CrashMetricNames(), stillness.MetricNames())
}

// Metrics reports bad_req, return_path, recolorings, linial_overflow, the colour range and
// the doorway passages (whole trial), then the static/moving split of the measured waits.
func (a *AKW1) Metrics(dst []kernel.Metric) []kernel.Metric {
	dst = append(dst, kernel.Metric{Name: MetricBadReq, Value: float64(a.f.BadReq)},
		kernel.Metric{Name: MetricReturns, Value: float64(a.returns)}, kernel.Metric{Name: MetricRecolors, Value: float64(a.recolors)},
		kernel.Metric{Name: MetricOverflow, Value: float64(a.linOverflow)})
	return a.still.Metrics(a.m.metrics(dst))
}

// MeasuredEntry hands the kernel's measured CS entries to the static/moving split
// (kernel.EntryObserver).
func (a *AKW1) MeasuredEntry(i int32, requested, entered float64) {
	a.still.MeasuredEntry(i, requested, entered)
}

// Reset sizes the state for a trial and sets the initial state: every node thinking,
// outside every doorway, the forks of the initial links at the smaller ids, and the initial
// colours: ⊥ with a recolouring due at every node (InitRecolor), or given (initialColors).
func (a *AKW1) Reset(env *kernel.Env) error {
	t, n := env.Topo, env.N
	a.f.Reset(t, n, forkTypes)
	a.still.Reset(env)
	cp := a.f.Cap
	a.ph = kernel.Zeroed(a.ph, n)
	a.pos = kernel.Zeroed(a.pos, n)
	a.recolor = kernel.Zeroed(a.recolor, n)
	a.crossing = kernel.Zeroed(a.crossing, n)
	a.L = kernel.Zeroed(a.L, n*cp)
	// One node-major matrix: crossing SD^r clears three of them for one node in one cache line.
	kernel.InterleavePortSets(n, cp, &a.seen, &a.resolved, &a.replied, &a.rival)
	a.returns, a.recolors, a.linOverflow = 0, 0, 0
	a.m.reset(env)
	a.f.Ate = a.m.ate
	a.initColors = int(env.Params.AlgoParam(ParamInitColors, InitRecolor))
	a.coloring = int(env.Params.AlgoParam(ParamColoring, ColoringGreedy))
	a.linSteps = a.linSteps[:0]
	if a.coloring == ColoringLinial {
		a.knownD = int64(env.Params.AlgoParam(ParamKnownD, 1))
		a.linSteps, _ = linialSchedule(int64(env.Params.AlgoParam(ParamKnownN, float64(n))), a.knownD)
	}
	a.linAt = kernel.Resize(a.linAt, n)
	a.linColor = kernel.Resize(a.linColor, n)
	a.resetLinial(n * cp)
	if a.initColors == InitGiven {
		a.initialColors(t, n)
		return nil
	}
	for i := range n {
		a.f.Key[i] = colorUnknown // ⊥ until the recolouring module picks a colour
		a.recolor[i] = a.mut != mutNoRecolor
	}
	a.f.InitKeys()
	return nil
}

// initialColors gives the initial graph a legal colouring in 0..δ, greedily in id order, and
// every node's neighbours learn it: the reading InitGiven (Choy and Singh's "initial valid
// coloring" of Table 1). The paper's own initial colours come from the recolouring module.
// (The forks of the initial links are at the smaller ids: forks.Table.Reset.)
func (a *AKW1) initialColors(t *kernel.Topology, n int) {
	color := a.f.Key
	for i := int32(0); int(i) < n; i++ {
		c := int64(0)
		for taken := true; taken; {
			taken = false
			for p := t.Up().Next(i, 0); p >= 0; p = t.Up().Next(i, p+1) {
				if j := t.Peer(i, p); j < i && color[j] == c {
					taken = true
					c++
					break
				}
			}
		}
		color[i] = c
	}
	a.f.InitKeys()
}

// RequestCS: the node becomes hungry and enters the first doorway on its way (Figure 3).
func (a *AKW1) RequestCS(i int32, out *kernel.Outbox) {
	a.f.State[i] = Hungry
	a.enterFirstDoorway(i)
	a.advance(i, out)
}

// ReleaseCS is lines 5–9.
func (a *AKW1) ReleaseCS(i int32, out *kernel.Outbox) {
	a.f.State[i] = Thinking
	a.ph[i] = phNone
	if a.pos[i]&SDf != 0 {
		a.m.exitSDf(i, true)
	}
	a.f.Key[i] = a.smallestFree(i, 0)                                    // 6
	a.f.Broadcast(i, kernel.Message{Type: MsgColor, A: a.f.Key[i]}, out) // 7
	a.f.ReleaseSuspended(i, out)                                         // 8
	if a.pos[i] != 0 {
		a.setPos(i, 0, out) // 9: exit SD^f and AD^f
	}
}

func (a *AKW1) Receive(i int32, p kernel.Port, m *kernel.Message, out *kernel.Outbox) {
	switch m.Type {
	case MsgDoor:
		a.door(i, p, uint8(m.A), m.B, out)
	case MsgReply:
		a.reply(i, p, m.A != 0, m.B, out)
	case MsgColor:
		a.updateColor(i, p, m.A, out)
	case MsgLin:
		k := int(i)*a.f.Cap + int(p)
		a.nbrLin[m.A&1][k] = m.B
		a.nbrLinAt[k] = int32(m.A)
		a.progress(i, out)
	case MsgReq:
		a.f.Req(i, p, out) // 10–16
	case MsgFork:
		a.fork(i, p, m.A != 0, out)
	case MsgHello:
		a.hello(i, p, m, out)
	}
}

// updateColor handles update-color(c) from the neighbour on port p (lines 7 and 39).
func (a *AKW1) updateColor(i int32, p kernel.Port, c int64, out *kernel.Outbox) {
	a.f.SetKeyOf(i, p, c)
	a.f.Eats.Remove(i, p) // an eater's next colour is line 7's: it has left its CS
	if a.L[int(i)*a.f.Cap+int(p)]&SDr != 0 {
		a.resolved.Add(i, p) // j behind SD^r has picked (an older colour is no answer: j may cross SD^r next)
	}
	a.progress(i, out) // a new colour can make j low: behind SD^f its fork is then requested
}

// hello handles the hello of a new neighbour (line 46's message, sent by both ends).
func (a *AKW1) hello(i int32, p kernel.Port, m *kernel.Message, out *kernel.Outbox) {
	k := int(i)*a.f.Cap + int(p)
	a.f.Hello(i, p, m.A, State(m.C) == Eating)
	a.L[k] = uint8(m.B)
	if a.L[k]&ADr == 0 && a.ph[i] == phADr || a.L[k]&ADf == 0 && a.ph[i] == phADf {
		a.seen.Add(i, p)
	}
	a.resolved.Add(i, p)
	a.progress(i, out)
}

// fork is lines 17–23. Outside SD^f (or not hungry) a node grants every request (line 12),
// so a flagged fork goes straight back, unless the node eats: an eater keeps it (package doc).
func (a *AKW1) fork(i int32, p kernel.Port, flag bool, out *kernel.Outbox) {
	a.f.Received(i, p) // 18
	if !a.f.Behind[i] || a.f.State[i] != Hungry {
		if flag && a.f.State[i] != Eating {
			a.f.SendFork(i, p, out)
		} else if flag {
			a.f.Susp.Add(i, p)
		}
		return
	}
	a.f.Collect(i, p, flag, out) // 19–23
}

// LinkUp is lines 44–55.
func (a *AKW1) LinkUp(i int32, p kernel.Port, out *kernel.Outbox) {
	k := int(i)*a.f.Cap + int(p)
	static := a.f.NewLink(i, p, colorUnknown) // 45 / 48: at[j], color[j] := ⊥
	a.resolved.Add(i, p)                      // a new neighbour is not part of the current crossing
	a.replied.Add(i, p)
	a.rival.Remove(i, p)
	a.forgetLinRounds(k)
	if static { // 44–46
		a.L[k] = 0 // exit_all
		a.seen.Add(i, p)
		out.Send(p, kernel.Message{Type: MsgHello, A: a.f.Key[i], B: int64(a.pos[i]), C: int64(a.f.State[i])})
		a.progress(i, out)
		return
	}
	// 47–55: the moving end
	a.L[k] = behindAll
	a.seen.Remove(i, p)
	var pos int64 // the position after lines 49–52: outside every doorway (but in two mutants)
	if a.keepsDoorways(i) {
		pos = int64(a.pos[i])
	}
	out.Send(p, kernel.Message{Type: MsgHello, A: a.f.Key[i], B: pos, C: int64(a.f.State[i])})
	a.recolor[i] = a.mut != mutNoRecolor
	a.movedAway(i, out)
}

// movedAway is lines 49–55 at a node that has just arrived in a new neighbourhood. A hungry
// node behind SD^f releases its suspended forks (line 51); a node exits every doorway it
// crossed (line 52, and the text's "it exits any doorway that it has crossed"; line 52 as
// printed, only from behind SD^f, deadlocks: mutant keep-doorways); a hungry node goes to
// the entry of AD^r, where it waits for its new neighbours' hellos (lines 53–55). Line 50
// makes an eater hungry, which the kernel cannot do to a critical section: the eater leaves
// the doorways at once like any node behind SD^f, keeps its forks until its meal ends (an
// eater never yields one) and recolours at its next request. Staying behind the doorways
// until the meal ends instead would break Lemma 3 (mutant eater-stays; package doc).
func (a *AKW1) movedAway(i int32, out *kernel.Outbox) {
	keep := a.keepsDoorways(i)
	switch st := a.f.State[i]; {
	case st == Eating && keep:
		return
	case st == Hungry && a.f.Behind[i]:
		a.f.ReleaseSuspended(i, out) // 51
		a.m.exitSDf(i, false)
	}
	if a.pos[i] != 0 && !keep {
		a.setPos(i, 0, out) // 52: exit any doorway
	}
	if a.f.State[i] == Hungry { // 53–55
		a.enterFirstDoorway(i)
		a.advance(i, out)
	}
}

// keepsDoorways reports whether a node that moves keeps the doorways it crossed: never in
// akw1, in the mutants keep-doorways (a node not behind SD^f) and eater-stays (an eater).
func (a *AKW1) keepsDoorways(i int32) bool {
	return a.mut == mutKeepDoorways && !a.f.Behind[i] || a.mut == mutEaterStays && a.f.State[i] == Eating
}

// LinkDown is lines 56–61.
func (a *AKW1) LinkDown(i int32, p kernel.Port, out *kernel.Outbox) {
	k := int(i)*a.f.Cap + int(p)
	wasLowHolder := !a.f.At.Has(i, p) && a.f.Senior(i, p)
	a.f.LinkGone(i, p) // 58
	a.seen.Remove(i, p)
	a.resolved.Add(i, p) // 61
	a.replied.Add(i, p)
	a.rival.Remove(i, p)
	a.forgetLinRounds(k)
	a.L[k] = 0
	if a.f.State[i] == Hungry && a.f.Behind[i] && wasLowHolder && a.mut != mutNoReturnPath { // 59–60: the return path
		a.returns++
		a.f.ReleaseSuspended(i, out)
		a.m.exitSDf(i, false)
		a.setPos(i, a.pos[i]&^SDf, out)
		a.ph[i] = phSDf
		a.m.enterSDf(i)
	}
	a.progress(i, out)
}

// Checker: local mutual exclusion, fork ownership at every entry.
func (a *AKW1) Checker() kernel.Checker { return a.f.Checker("akw1") }

// ---- Mutation points ----

// mutant numbers akw1's own deliberately broken variants; the shared fork collection module
// has its own (forks.Mutant), and akw1 has those too (the mutation package says how mutants
// work). AKW1.mut holds the one in force, mutNone in every real trial; each point above is
// one comparison with it.
type mutant uint8

const (
	mutNone         mutant = iota
	mutNoColorWait         // new-color() does not wait for smaller-id competitors (breaks Assumption 1)
	mutLinialBlind         // 1b: pick each round's x and the final block offset ignoring the neighbours
	mutNoRecolor           // line 55: a node that moved does not recolour (it goes straight to AD^f)
	mutNoReturnPath        // lines 59–60: no return path when a low fork holder's link fails
	mutSkipSDf             // SD^f crossed without waiting for every neighbour to be outside it
	mutKeepDoorways        // line 52 as printed: a hungry node that moves while not behind SD^f keeps the doorways it crossed
	mutEaterStays          // line 50's other reading: an eater that moves stays behind SD^f and AD^f until its meal ends
	mutColorStride         // the greedy new-color() spreads its colours by the port count: legal, in a range O(δ·Δ) instead of O(δ)
)

// mutants names akw1's own mutants, indexed by mutant, each with the change it makes in
// the paper's terms (mutation.Table).
var mutants = [...][2]string{
	mutNoColorWait:  {"no-color-wait", "new-color() does not wait for smaller-id competitors (breaks Assumption 1)"},
	mutLinialBlind:  {"linial-blind", "1b: each round's x and the final block offset ignore the neighbours"},
	mutNoRecolor:    {"no-recolor", "line 55: a node that moved does not recolour (it goes straight to AD^f)"},
	mutNoReturnPath: {"no-return-path", "lines 59-60: no return path when a low fork holder's link fails"},
	mutSkipSDf:      {"skip-sdf", "SD^f crossed without waiting for every neighbour to be outside it"},
	mutKeepDoorways: {"keep-doorways", "lines 49-52 as printed: a hungry node that moves while not behind SD^f keeps the doorways it crossed and goes to the entry of AD^r"},
	mutEaterStays:   {"eater-stays", "line 50 read as 'finish the meal first': an eater that moves stays behind SD^f and AD^f until it leaves the CS"},
	mutColorStride:  {"color-stride", "the greedy new-color() returns c·Δ instead of c (Δ the port count): colours still legal, in a range O(δΔ) instead of O(δ)"},
}
