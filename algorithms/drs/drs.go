package drs

import (
	"fmt"
	"math"
	"math/bits"

	"github.com/mutexlab/mutexlab/algorithms/internal/stillness"
	"github.com/mutexlab/mutexlab/kernel"
)

// Message types (the paper's messages; only request-lock and win carry data, in word A).
const (
	MsgPrepare     kernel.MsgType = iota // prepare()
	MsgReady                             // ready()
	MsgRequestLock                       // request-lock(p): A = priority in 0..K-1
	MsgWin                               // win(b): A = 1 for TRUE, 0 for FALSE
	MsgSetLock                           // set-lock()
	MsgAckLock                           // ack-lock()
	MsgReleaseLock                       // release-lock()
	MsgAckUnlock                         // ack-unlock()
)

var messageTypes = []kernel.MsgTypeInfo{
	MsgPrepare:     {Name: "prepare"},
	MsgReady:       {Name: "ready"},
	MsgRequestLock: {Name: "request_lock"},
	MsgWin:         {Name: "win"},
	MsgSetLock:     {Name: "set_lock"},
	MsgAckLock:     {Name: "ack_lock"},
	MsgReleaseLock: {Name: "release_lock"},
	MsgAckUnlock:   {Name: "ack_unlock"},
}

// Lock states (Table 1's state) and phases (phase); 0 is ⊥ for both.
const (
	stNone uint8 = iota
	stPrepare
	stCompete
	stWin
	stLocked
	stUnlock
)

const (
	phNone uint8 = iota
	phPrepare
	phCompete
)

// Parameter and metric names.
const (
	ParamK        = "k_priorities" // K: priorities are drawn from 0..K-1
	DefaultK      = 64
	MetricTrials  = "drs_trials_per_lock" // competition trials per measured lock
	MetricMemBits = "drs_memory_bits"     // per-node memory in bits (Lemma 11's accounting), from Δ and K
)

// MetricNames lists the metrics drs reports: its own, the local-mutex ones (the kernel's)
// and, on the geometric models, the static/moving split.
func MetricNames() []string {
	return append([]string{MetricTrials, MetricMemBits, MetricPorts, MetricStateBits, MetricMsgBits, kernel.MetricConcurrency, kernel.MetricThroughput, kernel.MetricMaxInFlight},
		stillness.MetricNames()...)
}

// Validate checks drs's parameters in p.Algo.
func Validate(p *kernel.Params) error {
	k := p.AlgoParam(ParamK, DefaultK)
	if k < 2 || k != math.Trunc(k) || k > 256 {
		return &kernel.ParamError{Name: ParamK, Msg: fmt.Sprintf("K, the number of priorities, must be a whole number in 2..256, got %g", k)}
	}
	return nil
}

// DRS is the anonymous local mutual exclusion algorithm for all n nodes: per-node scalars in
// flat slices, and every port set of Table 1 as a kernel.PortSets row of Δ+1 bits, bit Δ
// standing for the node itself (the paper's "port 0").
type DRS struct {
	// Priority, when set, gives the priority node i draws for its next competition trial
	// instead of drawing it from the algorithm's stream (scenario tests).
	Priority func(i int32) int

	n, delta int
	self     kernel.Port // = delta
	k        int
	rand     *kernel.Stream
	topo     *kernel.Topology // read only for the node's own up ports (N[u]); never Peer

	lock  []int16 // -1 = ⊥, self = locked by itself, else the port of the locking neighbour
	state []uint8
	phase []uint8
	want  []bool // LOCK called while an UNLOCK was still completing: INITLOCK when it does

	L, R, H, A, C kernel.PortSets
	W, WFalse     kernel.PortSets // W's ports, and those whose outcome is FALSE
	P             kernel.PortSets // P's ports; their priorities in prio
	D             kernel.PortSets // the disconnection detector
	prio          []uint8         // prio[i*(Δ+1)+ℓ]: priority received from ℓ

	selfq []kernel.Message // self-messages of the node being handled, delivered after its action

	chosen func() int // the draws' values, when an exhaustive search chooses them (ChooseDraws)

	// metrics (observed from outside the protocol; no handler reads them, so the
	// exhaustive search leaves them out of a state: a count of trials would make every
	// round of a competition a new state, and no cycle would close)
	warmup, measure int64   `explore:"-"`
	entries         int64   `explore:"-"`
	trials          []int32 `explore:"-"` // competition trials of node i's current LOCK
	trialSum, locks int64   `explore:"-"`
	payloadBits     int     `explore:"-"` // the largest payload sent, in bits (resources.go)
	sentAny         bool    `explore:"-"` // a message was sent to a neighbour

	anomaly string
	mut     mutant // a deliberately broken variant (mutation tests only); mutNone otherwise

	still stillness.Split `explore:"-"` // waits of static and moving requests
}

// New returns a drs instance; Reset sizes it.
func New() *DRS { return &DRS{} }

func (a *DRS) Name() string                       { return "drs" }
func (a *DRS) MessageTypes() []kernel.MsgTypeInfo { return messageTypes }

// DrawChoices is K: a competition trial draws its priority from 0..K-1 (kernel.DrawChooser).
func (a *DRS) DrawChoices() int { return a.k }

// ChooseDraws makes the priorities of later trials next()'s values instead of the stream's.
func (a *DRS) ChooseDraws(next func() int) { a.chosen = next }

// MaxInFlightPerLink is Lemma 11's bound: at most two messages in transit on an edge.
func (a *DRS) MaxInFlightPerLink() int { return 2 }

func (a *DRS) Reset(env *kernel.Env) error {
	if err := Validate(env.Params); err != nil {
		return err
	}
	a.n, a.delta = env.N, env.Topo.PortCap()
	a.still.Reset(env)
	a.self = kernel.Port(a.delta)
	a.k = int(env.Params.AlgoParam(ParamK, DefaultK))
	a.rand, a.topo = env.Rand, env.Topo
	n, w := a.n, a.delta+1
	a.lock = kernel.Resize(a.lock, n)
	a.state = kernel.Resize(a.state, n)
	a.phase = kernel.Resize(a.phase, n)
	a.want = kernel.Resize(a.want, n)
	a.trials = kernel.Resize(a.trials, n)
	for i := range a.lock {
		a.lock[i] = -1
	}
	clear(a.state)
	clear(a.phase)
	clear(a.want)
	clear(a.trials)
	// One node-major matrix: a handler's reads of node i's sets hit one or two cache lines.
	kernel.InterleavePortSets(n, w, &a.L, &a.R, &a.H, &a.A, &a.C, &a.W, &a.WFalse, &a.P, &a.D)
	a.prio = kernel.Resize(a.prio, n*w)
	a.selfq = a.selfq[:0]
	a.warmup, a.measure = int64(env.Params.Warmup), int64(env.Params.Measure)
	a.entries, a.trialSum, a.locks, a.payloadBits, a.sentAny = 0, 0, 0, 0, false
	a.anomaly = ""
	return nil
}

// ---- kernel events -------------------------------------------------------------------------

// RequestCS is LOCK: INITLOCK, or, while the previous UNLOCK is still collecting its
// acknowledgements (state = UNLOCK), a pending call that INITLOCK serves when it completes.
func (a *DRS) RequestCS(i int32, out *kernel.Outbox) {
	if a.state[i] == stNone {
		a.initLock(i, out)
	} else {
		a.want[i] = true
	}
	a.settle(i, out)
}

// ReleaseCS is UNLOCK (INITUNLOCK).
func (a *DRS) ReleaseCS(i int32, out *kernel.Outbox) {
	if a.state[i] == stLocked {
		a.cleanup(i, out)
		a.state[i] = stUnlock
		a.R.ClearRow(i)
		a.sendAll(i, &a.L, kernel.Message{Type: MsgReleaseLock}, out)
	}
	a.settle(i, out)
}

func (a *DRS) Receive(i int32, p kernel.Port, m *kernel.Message, out *kernel.Outbox) {
	a.receive(i, p, m, out)
	a.settle(i, out)
}

// LinkUp: nothing to do. A new neighbour joins N[u] and is locked by u's next LOCK only.
func (a *DRS) LinkUp(int32, kernel.Port, *kernel.Outbox) {}

// LinkDown: the disconnection detector adds the port to D; the node then runs CLEANUP (see
// the package doc: processing D at once is one schedule the paper allows).
func (a *DRS) LinkDown(i int32, p kernel.Port, out *kernel.Outbox) {
	if a.mut != mutForgetPort {
		a.D.Add(i, p)
	}
	a.cleanup(i, out)
	a.settle(i, out)
}

// locked records a successful LOCK for the metrics: the kernel's measurement window is CS
// entries Warmup+1 .. Warmup+Measure, counted the same way here.
func (a *DRS) locked(i int32) {
	a.entries++
	if a.entries > a.warmup && a.entries <= a.warmup+a.measure {
		a.trialSum += int64(a.trials[i])
		a.locks++
	}
}

// MemoryBits is Lemma 11's per-node memory in bits for Δ ports and K priorities: lock
// (⌈log2(Δ+2)⌉), state (3), phase (2), the sets L, R, H, A, C and D (Δ+1 bits each, the
// extra bit for the node itself), W (2 bits per port: received, outcome), P (1 + ⌈log2 K⌉
// bits per port) and the pending-LOCK flag (1).
func MemoryBits(delta, k int) int {
	ports := delta + 1
	return bits.Len(uint(delta+1)) + 3 + 2 + 6*ports + 2*ports + ports*(1+bits.Len(uint(k-1))) + 1
}

// Metrics reports the mean number of competition trials per measured lock, the per-node
// memory in bits by Lemma 11's formula, the resources as run (resources.go), and the
// static/moving split of the measured waits.
func (a *DRS) Metrics(dst []kernel.Metric) []kernel.Metric {
	trials := math.NaN()
	if a.locks > 0 {
		trials = float64(a.trialSum) / float64(a.locks)
	}
	msg := math.NaN() // no message sent
	if a.sentAny {
		msg = float64(typeBits + a.payloadBits)
	}
	dst = append(dst, kernel.Metric{Name: MetricTrials, Value: trials},
		kernel.Metric{Name: MetricMemBits, Value: float64(MemoryBits(a.delta, a.k))},
		kernel.Metric{Name: MetricPorts, Value: float64(a.delta)}, kernel.Metric{Name: MetricStateBits, Value: float64(a.stateBits())},
		kernel.Metric{Name: MetricMsgBits, Value: msg})
	return a.still.Metrics(dst)
}

// MeasuredEntry hands the kernel's measured CS entries to the static/moving split
// (kernel.EntryObserver).
func (a *DRS) MeasuredEntry(i int32, requested, entered float64) {
	a.still.MeasuredEntry(i, requested, entered)
}

// Checker returns drs's safety checks: local mutual exclusion on the current graph, and lock
// sets: at every CS entry and exit, the node holds its own lock and every neighbour in L
// holds the lock for it (so L is exactly its lock set, L contains only current neighbours,
// and, as a lock variable names one node, no two lock sets intersect).
func (a *DRS) Checker() kernel.Checker {
	c := kernel.NewLocalMutexChecker()
	c.Extra = a.checkLockSet
	return c
}

func (a *DRS) checkLockSet(i int32, entering bool) (int32, string) {
	when := "enters"
	if !entering {
		when = "leaves"
	}
	if a.anomaly != "" {
		return i, a.anomaly
	}
	if a.state[i] != stLocked || a.lock[i] != int16(a.self) {
		return i, fmt.Sprintf("node %d %s the CS in state %d with lock %d, not locked by itself", i, when, a.state[i], a.lock[i])
	}
	t := a.topo
	for l := a.L.Next(i, 0); l >= 0; l = a.L.Next(i, l+1) {
		if l == a.self {
			continue
		}
		v := t.Peer(i, l)
		if v < 0 {
			return i, fmt.Sprintf("node %d %s the CS with port %d in its lock set, but the port is down", i, when, l)
		}
		if a.lock[v] != int16(t.PeerPort(i, l)) {
			return v, fmt.Sprintf("node %d %s the CS but neighbour %d in its lock set is locked by its port %d, not by %d (lock sets intersect)", i, when, v, a.lock[v], i)
		}
	}
	return -1, ""
}

// MemoryBytes reports the bytes drs's per-node and per-port state holds (slice capacities).
func (a *DRS) MemoryBytes() int {
	b := cap(a.lock)*2 + cap(a.state) + cap(a.phase) + cap(a.want) + cap(a.trials)*4 + cap(a.prio)
	for _, s := range []*kernel.PortSets{&a.L, &a.R, &a.H, &a.A, &a.C, &a.W, &a.WFalse, &a.P, &a.D} {
		b += len(s.Row(0)) * 8 * a.n
	}
	return b
}

// ---- Mutation points ----

// mutant numbers drs's deliberately broken variants (the mutation package says how mutants
// work). DRS.mut holds the one in force, mutNone in every real trial; each point above is one
// comparison with it.
type mutant uint8

const (
	mutNone           mutant = iota
	mutIgnoreLock            // CHECKPRIORITIES: a participant locked by a neighbour still lets a candidate win
	mutLiteralListing        // RECEIVEREQUEST: the listing as printed, without the late-applicant rule (package doc)
	mutLateWinTrue           // RECEIVEREQUEST: a late applicant is answered with win(TRUE), not win(FALSE)
	mutKeepLock              // RECEIVERELEASE: lock is not reset to ⊥ (the lock release is skipped)
	mutRequestTwice          // CHECKSTART/CHECKWIN: request-lock(p) sent twice, breaking Lemma 11's two messages per edge
	mutForgetPort            // LinkDown: the port is not added to D, so CLEANUP never forgets it
	mutEnterEarly            // CHECKDONE: enter once every ack-lock but one has arrived
)

// mutants names drs's mutants, indexed by mutant, each with the change it makes in
// the paper's terms (mutation.Table).
var mutants = [...][2]string{
	mutIgnoreLock:     {"ignore-lock", "CHECKPRIORITIES: a participant locked by a neighbour still lets a candidate win (line 7's lock = ⊥ test dropped)"},
	mutLiteralListing: {"literal-listing", "RECEIVEREQUEST as printed: a late applicant's request waits for the next trial (the package doc's late-applicant rule undone)"},
	mutLateWinTrue:    {"late-win-true", "RECEIVEREQUEST: a late applicant is answered with win(TRUE) instead of win(FALSE)"},
	mutKeepLock:       {"keep-lock", "RECEIVERELEASE: lock is not reset to ⊥ (the lock release is skipped)"},
	mutRequestTwice:   {"request-twice", "CHECKSTART and CHECKWIN send request-lock(p) twice (Lemma 11's two messages per edge broken)"},
	mutForgetPort:     {"forget-port", "a disconnection is not added to D, so CLEANUP never forgets the port"},
	mutEnterEarly:     {"enter-early", "CHECKDONE enters when every ack-lock but one has arrived"},
}

// lateWin is the answer to a late applicant: win(FALSE) (0), or TRUE for mutLateWinTrue.
func (a *DRS) lateWin() int64 {
	if a.mut == mutLateWinTrue {
		return 1
	}
	return 0
}
