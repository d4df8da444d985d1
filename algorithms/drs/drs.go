package drs

import (
	"fmt"
	"math"
	"math/bits"

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

// MetricNames lists the metrics drs reports (the kernel adds the local-mutex ones).
func MetricNames() []string {
	return []string{MetricTrials, MetricMemBits, kernel.MetricConcurrency, kernel.MetricThroughput, kernel.MetricMaxInFlight}
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

	// metrics (observed from outside the protocol)
	warmup, measure int64
	entries         int64
	trials          []int32 // competition trials of node i's current LOCK
	trialSum, locks int64

	ignoreLock bool // test hook: a broken variant whose participants ignore their own lock
	literal    bool // test hook: the paper's listing without the late-applicant rule
	anomaly    string
}

// New returns a drs instance; Reset sizes it.
func New() *DRS { return &DRS{} }

func (a *DRS) Name() string                       { return "drs" }
func (a *DRS) MessageTypes() []kernel.MsgTypeInfo { return messageTypes }

// MaxInFlightPerLink is Lemma 11's bound: at most two messages in transit on an edge.
func (a *DRS) MaxInFlightPerLink() int { return 2 }

func (a *DRS) Reset(env *kernel.Env) error {
	if err := Validate(env.Params); err != nil {
		return err
	}
	a.n, a.delta = env.N, env.Topo.PortCap()
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
	a.entries, a.trialSum, a.locks = 0, 0, 0
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
	a.D.Add(i, p)
	a.cleanup(i, out)
	a.settle(i, out)
}

// ---- actions -------------------------------------------------------------------------------

// initLock is INITLOCK (Algorithm 1, lines 1-5); the caller checked state = ⊥.
func (a *DRS) initLock(i int32, out *kernel.Outbox) {
	a.cleanup(i, out)
	a.state[i] = stPrepare
	row := a.L.Row(i)
	clear(row)
	copy(row, a.topo.Up().Row(i))
	a.L.Add(i, a.self)
	a.trials[i] = 0
	a.sendAll(i, &a.L, kernel.Message{Type: MsgPrepare}, out)
}

// receive runs the RECEIVE* action for message m from port l (l = self for self-messages).
func (a *DRS) receive(i int32, l kernel.Port, m *kernel.Message, out *kernel.Outbox) {
	switch m.Type {
	case MsgPrepare: // RECEIVEPREPARE
		a.cleanup(i, out)
		if a.phase[i] == phCompete {
			a.H.Add(i, l)
		} else {
			a.A.Add(i, l)
			a.phase[i] = phPrepare
			a.send(i, l, kernel.Message{Type: MsgReady}, out)
		}
	case MsgReady: // RECEIVEREADY
		a.cleanup(i, out)
		a.R.Add(i, l)
	case MsgRequestLock: // RECEIVEREQUEST
		a.cleanup(i, out)
		if a.A.Has(i, l) {
			late := !a.literal && !a.subset(&a.C, &a.P, i)
			a.A.Remove(i, l)
			a.C.Add(i, l)
			if late {
				// A late applicant: a trial was decided and some of its candidates have not
				// yet asked again. It loses at once (package doc, "late applicants").
				a.phase[i] = phCompete
				a.send(i, l, kernel.Message{Type: MsgWin, A: 0}, out)
				break
			}
		}
		if !a.C.Has(i, l) && a.anomaly == "" {
			a.anomaly = fmt.Sprintf("node %d got request-lock on port %d, which is neither an applicant nor a candidate", i, l)
		}
		a.P.Add(i, l)
		a.prio[int(i)*(a.delta+1)+int(l)] = uint8(m.A)
		a.phase[i] = phCompete
	case MsgWin: // RECEIVEWIN
		a.cleanup(i, out)
		a.W.Add(i, l)
		a.WFalse.Set(i, l, m.A == 0)
	case MsgSetLock: // RECEIVESETLOCK
		a.lock[i] = int16(l)
		a.C.Remove(i, l)
		a.cleanup(i, out)
		a.send(i, l, kernel.Message{Type: MsgAckLock}, out)
	case MsgAckLock, MsgAckUnlock: // RECEIVEACKLOCK, RECEIVEACKUNLOCK
		a.cleanup(i, out)
		a.R.Add(i, l)
	case MsgReleaseLock: // RECEIVERELEASE
		a.cleanup(i, out)
		a.lock[i] = -1
		a.send(i, l, kernel.Message{Type: MsgAckUnlock}, out)
	}
}

// settle runs node i to quiescence after an action: its self-messages are delivered (zero
// delay, in the order sent) and enabled guarded actions (CHECK*, CLEANUP) run, until no
// self-message is pending and no guarded action would change anything.
//
// One exception keeps simulated time moving: a trial whose only participant is the node
// itself (L = {u}) and that it lost (its own lock is held by a neighbour) would be retried
// at the same instant forever. Such a retry runs at most once per event at the node; the
// events that can change its outcome (release-lock, a disconnection, a new candidate) all
// arrive at the node and resume it. This is a weakly fair schedule.
func (a *DRS) settle(i int32, out *kernel.Outbox) {
	triedSelf, holdWin := false, false
	for {
		if len(a.selfq) > 0 {
			m := a.selfq[0]
			copy(a.selfq, a.selfq[1:])
			a.selfq = a.selfq[:len(a.selfq)-1]
			a.receive(i, a.self, &m, out)
			continue
		}
		switch {
		case a.state[i] == stPrepare && a.eq(&a.R, &a.L, i): // CHECKSTART
			a.cleanup(i, out)
			a.state[i] = stCompete
			a.R.ClearRow(i)
			a.W.ClearRow(i)
			a.WFalse.ClearRow(i)
			a.compete(i, out)
		case a.phase[i] == phCompete && !a.C.Empty(i) && a.eq(&a.C, &a.P, i): // CHECKPRIORITIES
			a.checkPriorities(i, out)
		case !holdWin && a.state[i] == stCompete && a.eq(&a.W, &a.L, i): // CHECKWIN
			if !a.WFalse.Empty(i) && a.selfOnly(i) {
				if triedSelf {
					holdWin = true
					continue
				}
				triedSelf = true
			}
			a.cleanup(i, out)
			if !a.WFalse.Empty(i) {
				a.compete(i, out)
			} else {
				a.state[i] = stWin
				a.R.ClearRow(i)
				a.sendAll(i, &a.L, kernel.Message{Type: MsgSetLock}, out)
			}
			a.W.ClearRow(i)
			a.WFalse.ClearRow(i)
		case a.state[i] == stWin && a.eq(&a.R, &a.L, i): // CHECKDONE
			a.cleanup(i, out)
			a.state[i] = stLocked
			a.R.ClearRow(i)
			a.locked(i)
			out.EnterCS()
		case a.state[i] == stUnlock && a.eq(&a.R, &a.L, i): // CHECKUNLOCKED
			a.cleanup(i, out)
			a.state[i] = stNone
			a.R.ClearRow(i)
			a.L.ClearRow(i) // (the paper leaves L as it was; it is rebuilt by the next INITLOCK)
			if a.want[i] {
				a.want[i] = false
				a.initLock(i, out)
			}
		case a.cleanupWouldAct(i): // CLEANUP
			a.cleanup(i, out)
		default:
			return
		}
	}
}

// compete chooses a priority and sends request-lock(p) to all of L (CHECKSTART lines 18-19,
// CHECKWIN lines 17-18): one competition trial.
func (a *DRS) compete(i int32, out *kernel.Outbox) {
	a.trials[i]++
	p := a.rand.IntN(a.k)
	a.sendAll(i, &a.L, kernel.Message{Type: MsgRequestLock, A: int64(p)}, out)
}

// checkPriorities is CHECKPRIORITIES (Algorithm 2, lines 5-10).
func (a *DRS) checkPriorities(i int32, out *kernel.Outbox) {
	a.cleanup(i, out)
	winner := kernel.NoPort
	if a.lock[i] == -1 || a.ignoreLock {
		best, count := -1, 0
		base := int(i) * (a.delta + 1)
		for l := a.P.Next(i, 0); l >= 0; l = a.P.Next(i, l+1) {
			switch p := int(a.prio[base+int(l)]); {
			case p > best:
				best, count, winner = p, 1, l
			case p == best:
				count++
			}
		}
		if count != 1 {
			winner = kernel.NoPort
		}
	}
	for l := a.C.Next(i, 0); l >= 0; l = a.C.Next(i, l+1) {
		b := int64(0)
		if l == winner {
			b = 1
		}
		a.send(i, l, kernel.Message{Type: MsgWin, A: b}, out)
	}
	a.P.ClearRow(i)
}

// cleanup is the CLEANUP() helper (Algorithm 1, lines 22-31), with lines 28-31 inside the
// "if C = ∅" (package doc).
func (a *DRS) cleanup(i int32, out *kernel.Outbox) {
	for l := a.D.Next(i, 0); l >= 0; l = a.D.Next(i, l+1) {
		if a.lock[i] == int16(l) {
			a.lock[i] = -1
		}
		for _, s := range [...]*kernel.PortSets{&a.L, &a.R, &a.W, &a.WFalse, &a.H, &a.A, &a.C, &a.P} {
			s.Remove(i, l)
		}
	}
	a.D.ClearRow(i)
	if a.C.Empty(i) {
		for l := a.H.Next(i, 0); l >= 0; l = a.H.Next(i, l+1) {
			a.send(i, l, kernel.Message{Type: MsgReady}, out)
			a.A.Add(i, l)
		}
		a.H.ClearRow(i)
		if a.A.Empty(i) {
			a.phase[i] = phNone
		} else {
			a.phase[i] = phPrepare
		}
	}
}

// cleanupWouldAct reports whether the CLEANUP action is enabled and would change the state.
func (a *DRS) cleanupWouldAct(i int32) bool {
	if a.phase[i] == phNone && a.state[i] != stUnlock {
		return false
	}
	if !a.D.Empty(i) {
		return true
	}
	if !a.C.Empty(i) {
		return false
	}
	want := phPrepare
	if a.A.Empty(i) && a.H.Empty(i) {
		want = phNone
	}
	return !a.H.Empty(i) || a.phase[i] != want
}

// selfOnly reports whether node i's L is {i}.
func (a *DRS) selfOnly(i int32) bool {
	return a.L.Next(i, 0) == a.self && a.L.Next(i, a.self+1) < 0
}

// subset reports whether node i's set x is contained in its set y.
func (a *DRS) subset(x, y *kernel.PortSets, i int32) bool {
	rx, ry := x.Row(i), y.Row(i)
	for k := range rx {
		if rx[k]&^ry[k] != 0 {
			return false
		}
	}
	return true
}

func (a *DRS) eq(x, y *kernel.PortSets, i int32) bool {
	rx, ry := x.Row(i), y.Row(i)
	for k := range rx {
		if rx[k] != ry[k] {
			return false
		}
	}
	return true
}

func (a *DRS) send(i int32, l kernel.Port, m kernel.Message, out *kernel.Outbox) {
	if l == a.self {
		a.selfq = append(a.selfq, m)
		return
	}
	out.Send(l, m)
}

func (a *DRS) sendAll(i int32, set *kernel.PortSets, m kernel.Message, out *kernel.Outbox) {
	for l := set.Next(i, 0); l >= 0; l = set.Next(i, l+1) {
		a.send(i, l, m, out)
	}
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

// Metrics reports the mean number of competition trials per measured lock and the per-node
// memory in bits.
func (a *DRS) Metrics(dst []kernel.Metric) []kernel.Metric {
	trials := math.NaN()
	if a.locks > 0 {
		trials = float64(a.trialSum) / float64(a.locks)
	}
	return append(dst, kernel.Metric{Name: MetricTrials, Value: trials},
		kernel.Metric{Name: MetricMemBits, Value: float64(MemoryBits(a.delta, a.k))})
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
