package drs

import (
	"fmt"
	"math/bits"

	"github.com/mutexlab/mutexlab/kernel"
)

// The actions of Algorithms 1-3, each named as in the paper. A RECEIVE* action runs when its
// message arrives (receive); the guarded actions (CHECK*, CLEANUP) run in settle whenever
// they are enabled.

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
		a.receiveRequest(i, l, uint8(m.A), out)
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
		if a.mut != mutKeepLock {
			a.lock[i] = -1
		}
		a.send(i, l, kernel.Message{Type: MsgAckUnlock}, out)
	}
}

// receiveRequest is RECEIVEREQUEST (Algorithm 2): request-lock(p) from port l. An applicant
// becomes a candidate (or, late, loses at once: package doc); the priority joins P.
func (a *DRS) receiveRequest(i int32, l kernel.Port, p uint8, out *kernel.Outbox) {
	a.cleanup(i, out)
	if a.A.Has(i, l) {
		late := a.mut != mutLiteralListing && !a.subset(&a.C, &a.P, i)
		a.A.Remove(i, l)
		a.C.Add(i, l)
		if late {
			// A late applicant: a trial was decided and some of its candidates have not
			// yet asked again. It loses at once (package doc, "late applicants").
			a.phase[i] = phCompete
			a.send(i, l, kernel.Message{Type: MsgWin, A: a.lateWin()}, out)
			return
		}
	}
	if !a.C.Has(i, l) && a.anomaly == "" {
		a.anomaly = fmt.Sprintf("node %d got request-lock on port %d, which is neither an applicant nor a candidate", i, l)
	}
	a.P.Add(i, l)
	a.prio[int(i)*(a.delta+1)+int(l)] = p
	a.phase[i] = phCompete
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
		case a.state[i] == stPrepare && a.eq(&a.R, &a.L, i):
			a.checkStart(i, out)
		case a.phase[i] == phCompete && !a.C.Empty(i) && a.eq(&a.C, &a.P, i):
			a.checkPriorities(i, out)
		case !holdWin && a.state[i] == stCompete && a.eq(&a.W, &a.L, i):
			if !a.WFalse.Empty(i) && a.selfOnly(i) {
				if triedSelf {
					holdWin = true // a lost trial among {u} alone: retried at the next event (see above)
					continue
				}
				triedSelf = true
			}
			a.checkWin(i, out)
		case a.state[i] == stWin && a.acksIn(i):
			a.checkDone(i, out)
		case a.state[i] == stUnlock && a.eq(&a.R, &a.L, i):
			a.checkUnlocked(i, out)
		case a.cleanupWouldAct(i): // CLEANUP
			a.cleanup(i, out)
		default:
			return
		}
	}
}

// checkStart is CHECKSTART (Algorithm 1), enabled when state = PREPARE and R = L: every
// participant is ready; the first competition trial starts.
func (a *DRS) checkStart(i int32, out *kernel.Outbox) {
	a.cleanup(i, out)
	a.state[i] = stCompete
	a.R.ClearRow(i)
	a.W.ClearRow(i)
	a.WFalse.ClearRow(i)
	a.compete(i, out)
}

// checkWin is CHECKWIN (Algorithm 2), enabled when state = COMPETE and W = L: every
// participant has answered the trial; a FALSE answer means another trial, all TRUE means the
// node won and locks its participants (set-lock).
func (a *DRS) checkWin(i int32, out *kernel.Outbox) {
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
}

// acksIn is CHECKDONE's guard R = L: every participant has acknowledged its lock.
func (a *DRS) acksIn(i int32) bool {
	if a.mut == mutEnterEarly {
		return a.missing(&a.L, &a.R, i) <= 1 && a.R.Has(i, a.self)
	}
	return a.eq(&a.R, &a.L, i)
}

// checkDone is CHECKDONE (Algorithm 2): every participant is locked by the node; LOCK
// succeeds and the node enters its critical section.
func (a *DRS) checkDone(i int32, out *kernel.Outbox) {
	a.cleanup(i, out)
	a.state[i] = stLocked
	a.R.ClearRow(i)
	a.locked(i)
	out.EnterCS()
}

// checkUnlocked is CHECKUNLOCKED (Algorithm 3): every participant acknowledged the unlock;
// a LOCK called meanwhile starts now.
func (a *DRS) checkUnlocked(i int32, out *kernel.Outbox) {
	a.cleanup(i, out)
	a.state[i] = stNone
	a.R.ClearRow(i)
	a.L.ClearRow(i) // (the paper leaves L as it was; it is rebuilt by the next INITLOCK)
	if a.want[i] {
		a.want[i] = false
		a.initLock(i, out)
	}
}

// compete chooses a priority and sends request-lock(p) to all of L (CHECKSTART lines 18-19,
// CHECKWIN lines 17-18): one competition trial.
func (a *DRS) compete(i int32, out *kernel.Outbox) {
	a.trials[i]++
	var p int
	switch {
	case a.Priority != nil:
		p = a.Priority(i)
	case a.chosen != nil:
		p = a.chosen()
	default:
		p = a.rand.IntN(a.k)
	}
	a.sendAll(i, &a.L, kernel.Message{Type: MsgRequestLock, A: int64(p)}, out)
	if a.mut == mutRequestTwice {
		a.sendAll(i, &a.L, kernel.Message{Type: MsgRequestLock, A: int64(p)}, out)
	}
}

// checkPriorities is CHECKPRIORITIES (Algorithm 2, lines 5-10).
func (a *DRS) checkPriorities(i int32, out *kernel.Outbox) {
	a.cleanup(i, out)
	winner := kernel.NoPort
	if a.lock[i] == -1 || a.mut == mutIgnoreLock {
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

// missing counts the ports of node i's set x that are not in its set y.
func (a *DRS) missing(x, y *kernel.PortSets, i int32) int {
	n := 0
	rx, ry := x.Row(i), y.Row(i)
	for k := range rx {
		n += bits.OnesCount64(rx[k] &^ ry[k])
	}
	return n
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
	a.noteSent(m.A)
	out.Send(l, m)
}

func (a *DRS) sendAll(i int32, set *kernel.PortSets, m kernel.Message, out *kernel.Outbox) {
	for l := set.Next(i, 0); l >= 0; l = set.Next(i, l+1) {
		a.send(i, l, m, out)
	}
}
