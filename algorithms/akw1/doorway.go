package akw1

import "github.com/mutexlab/mutexlab/kernel"

// The doorways and the recolouring module (Figure 3, lines 36–43; the package doc says how
// the doorways become message exchanges). Fork collection, behind SD^f, is the shared
// module's (algorithms/internal/forks).

// InDoorway reports whether node i is in a doorway: it has begun the entry code of AD^r,
// SD^r, AD^f or SD^f and not completed it (section 3: a node crosses a doorway when it
// completes the entry code). A node behind SD^r running new-color(), or behind SD^f
// collecting forks or eating, is behind its doorways, not in one; exit codes run within one
// handler, so no node is ever part-way through one. The exhaustive search (package explore,
// DoorwayReporter) asks that some explored path crash a node in a doorway.
func (a *AKW1) InDoorway(i int32) bool {
	switch a.ph[i] {
	case phADr, phSDr, phADf, phSDf:
		return a.f.State[i] == Hungry
	}
	return false
}

// setPos changes i's doorway position and sends the cross/exit notice. A node behind SD^f
// runs fork collection.
func (a *AKW1) setPos(i int32, pos uint8, out *kernel.Outbox) {
	a.pos[i] = pos
	a.f.Behind[i] = pos&SDf != 0
	a.f.Broadcast(i, kernel.Message{Type: MsgDoor, A: int64(pos), B: a.crossing[i]}, out)
}

// enterFirstDoorway puts a hungry node at the first entry on its way: AD^r if it must
// recolour (it moved since it last picked a colour), else AD^f.
func (a *AKW1) enterFirstDoorway(i int32) {
	if a.recolor[i] {
		a.ph[i] = phADr
		a.enterAD(i, ADr)
		a.m.enterAD1(i)
	} else {
		a.ph[i] = phADf
		a.enterAD(i, ADf)
		a.m.enterAD2(i)
	}
}

// enterAD starts the entry code of the asynchronous doorway bit: the neighbours now seen
// outside it count.
func (a *AKW1) enterAD(i int32, bit uint8) {
	a.seen.ClearRow(i)
	base := int(i) * a.f.Cap
	up := a.f.Topo.Up()
	for p := up.Next(i, 0); p >= 0; p = up.Next(i, p+1) {
		if a.L[base+int(p)]&bit == 0 {
			a.seen.Add(i, p)
		}
	}
}

// allSeen: every neighbour was seen outside the asynchronous doorway at least once.
func (a *AKW1) allSeen(i int32) bool {
	up := a.f.Topo.Up()
	for p := up.Next(i, 0); p >= 0; p = up.Next(i, p+1) {
		if !a.seen.Has(i, p) {
			return false
		}
	}
	return true
}

// allOutside: every neighbour is observed outside the synchronous doorway bit now.
func (a *AKW1) allOutside(i int32, bit uint8) bool {
	if bit == SDf && a.mut == mutSkipSDf {
		return true
	}
	base := int(i) * a.f.Cap
	up := a.f.Topo.Up()
	for p := up.Next(i, 0); p >= 0; p = up.Next(i, p+1) {
		if a.L[base+int(p)]&bit != 0 || !a.f.Known.Has(i, p) {
			return false
		}
	}
	return true
}

// advance runs the doorway entry codes as far as they can go now.
func (a *AKW1) advance(i int32, out *kernel.Outbox) {
	for a.f.State[i] == Hungry && a.step(i, out) {
	}
}

// step runs the entry code of the node's current phase once and reports whether it crossed
// (and the next phase may run at once).
func (a *AKW1) step(i int32, out *kernel.Outbox) bool {
	switch a.ph[i] {
	case phADr:
		if !a.allSeen(i) {
			return false
		}
		a.setPos(i, a.pos[i]|ADr, out) // cross AD^r
		a.ph[i] = phSDr
	case phSDr:
		if !a.allOutside(i, SDr) {
			return false
		}
		a.crossSDr(i, out)
	case phRecolor:
		if !a.recolored(i, out) {
			return false
		}
		a.ph[i] = phADf
		a.enterAD(i, ADf)
		a.m.enterAD2(i)
	case phADf:
		if !a.allSeen(i) {
			return false
		}
		if a.pos[i]&SDr != 0 {
			a.m.exitFirst(i)
		}
		// cross AD^f, then the exit code of the first double doorway (SD^r, then AD^r)
		a.setPos(i, a.pos[i]&^(ADr|SDr)|ADf, out)
		a.ph[i] = phSDf
		a.m.enterSDf(i)
	case phSDf:
		if !a.allOutside(i, SDf) {
			return false
		}
		a.setPos(i, a.pos[i]|SDf, out) // cross SD^f: lines 1–4
		a.ph[i] = phForks
		a.m.crossSDf(i)
		a.f.TryEat(i, out)
		return false
	default:
		return false
	}
	return true
}

// crossSDr is line 36 (cross SD^r) and line 37 (R := N): a new crossing, answered afresh.
func (a *AKW1) crossSDr(i int32, out *kernel.Outbox) {
	a.crossing[i]++
	a.resolved.ClearRow(i)
	a.replied.ClearRow(i)
	a.rival.ClearRow(i)
	a.linAt[i] = -1
	a.setPos(i, a.pos[i]|SDr, out)
	a.ph[i] = phRecolor
	a.m.crossSDr(i)
}

// recolored runs new-color() as far as it can go now and reports whether the node has its
// new colour (lines 38–39).
func (a *AKW1) recolored(i int32, out *kernel.Outbox) bool {
	if a.coloring == ColoringLinial {
		if !a.linial(i, out) {
			return false
		}
		a.setColor(i, -a.linialColor(i)-1, out)
		return true
	}
	if a.mut != mutNoColorWait && !a.competitorsDone(i) {
		return false
	}
	stride := int64(1)
	if a.mut == mutColorStride {
		stride = int64(a.f.Cap)
	}
	a.setColor(i, -a.smallestFree(i, stride)*stride-1, out) // new-color() of the greedy procedure
	return true
}

// competitorsDone: every neighbour has answered the current crossing (so any colour it
// picked before it knew of us has arrived: FIFO), and every smaller-id neighbour has
// answered that it does not compete, or has picked its colour (the greedy order of
// new-color(), see the package doc).
func (a *AKW1) competitorsDone(i int32) bool {
	up := a.f.Topo.Up()
	for p := up.Next(i, 0); p >= 0; p = up.Next(i, p+1) {
		if !a.replied.Has(i, p) || a.f.Topo.Peer(i, p) < i && !a.resolved.Has(i, p) {
			return false
		}
	}
	return true
}

// setColor is lines 38–39: the recolouring module's colour, sent to every neighbour.
func (a *AKW1) setColor(i int32, c int64, out *kernel.Outbox) {
	a.recolors++
	a.m.colored(i, c)
	a.f.Key[i] = c
	a.recolor[i] = false
	a.f.Broadcast(i, kernel.Message{Type: MsgColor, A: c}, out)
}

// smallestFree returns the smallest c >= 0 such that no neighbour uses the colour c (stride
// 0: leaving the CS, line 6) or −c·stride−1 (stride > 0: the greedy new-color(), line 38,
// with stride 1; the mutant color-stride spreads its colours with a larger one).
func (a *AKW1) smallestFree(i int32, stride int64) int64 {
	up := a.f.Topo.Up()
	for c := int64(0); ; c++ {
		want := c
		if stride > 0 {
			want = -c*stride - 1
		}
		free := true
		for p := up.Next(i, 0); p >= 0; p = up.Next(i, p+1) {
			if a.f.KeyOfPort(i, p) == want {
				free = false
				break
			}
		}
		if free {
			return c
		}
	}
}

// door handles a cross/exit notice from the neighbour on port p.
func (a *AKW1) door(i int32, p kernel.Port, pos uint8, crossing int64, out *kernel.Outbox) {
	k := int(i)*a.f.Cap + int(p)
	crossedSDr := pos&SDr != 0 && a.L[k]&SDr == 0
	if pos&SDr == 0 && a.L[k]&SDr != 0 {
		a.resolved.Add(i, p) // j has left SD^r (picked, or moved and gave up): it competes no more
		a.rival.Remove(i, p)
	}
	if crossedSDr {
		a.forgetLinRounds(k) // j's new attempt starts its rounds afresh
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

// reply is lines 42–43: a NACK resolves j; a competitor is resolved by its colour.
func (a *AKW1) reply(i int32, p kernel.Port, competing bool, crossing int64, out *kernel.Outbox) {
	if crossing == a.crossing[i] { // a reply to an abandoned crossing is stale
		a.replied.Add(i, p)
		if !competing {
			a.resolved.Add(i, p)
		} else if a.linAt[i] < 0 {
			a.rival.Add(i, p) // 1b: it recolours with us
		}
	}
	a.advance(i, out)
}

// progress advances the doorways, or re-evaluates fork collection behind SD^f.
func (a *AKW1) progress(i int32, out *kernel.Outbox) {
	if a.f.State[i] != Hungry {
		return
	}
	if a.ph[i] == phForks {
		a.f.TryEat(i, out) // lines 1–4
		return
	}
	a.advance(i, out)
}
