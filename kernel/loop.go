package kernel

import (
	"fmt"
	"math"

	"github.com/mutexlab/mutexlab/kernel/topology"
)

// The event loop: one event at a time, each handed to the algorithm's handler for its node,
// and what the kernel does around the handler (the checks, the sends, the window).

// checkEvery is how many events pass between two looks at the trial's context: a few
// hundred microseconds of simulation, so a cancelled trial stops at once, for a cost per
// event of one comparison (BenchmarkRL shows no difference, see the package doc).
const checkEvery = 4096

// loop processes events until the trial ends: the measurement is complete and every pending
// request has been served, or an error stops it.
func (s *Sim) loop() {
	for s.err == nil {
		if s.phase == phaseDrain && s.drainOver() {
			return
		}
		if s.q.Len() == 0 {
			if s.crash.on {
				s.blockAll() // nothing is left to happen: whoever waits is blocked for good
				return
			}
			if s.waiting > 0 {
				s.starvation("no event is pending")
			}
			return
		}
		s.step()
		if s.events >= s.guard.nextCheck {
			s.checkpoint()
		}
	}
}

// checkpoint stops the trial if its context is cancelled or its event budget is spent.
func (s *Sim) checkpoint() {
	s.guard.nextCheck = s.events + checkEvery
	if s.guard.budget > 0 {
		if s.events-s.guard.lastEntry >= s.guard.budget {
			s.fail(ErrBudget, nil, "%d events since the last CS entry (%d of %d entries done): the trial would run far longer "+
				"than any trial of its size should (the budget is %s); if it is meant to, raise max_events_per_entry",
				s.events-s.guard.lastEntry, s.entries, s.p.WarmupEntries()+s.p.MeasureEntries(), budgetFormula)
			return
		}
		s.guard.nextCheck = min(s.guard.nextCheck, s.guard.lastEntry+s.guard.budget)
	}
	if closed(s.guard.stop) && s.err == nil {
		s.err = ErrInterrupted
	}
}

// step processes the earliest event.
func (s *Sim) step() {
	t, slot, dropped := s.q.PopAside()
	if dropped {
		s.dropRequest(t, slot) // a request of the drain, set aside when the window closed
		return
	}
	if s.large.ahead {
		s.lookahead()
	}
	// The record is read whole before a handler runs (its slot is free from here on, and a
	// send may reuse it), into locals and s.msg rather than copied first: handlers get &s.msg,
	// a field so that it does not escape.
	r := &s.recs[slot]
	kind, node, port, gen := r.kind, r.node, r.port, r.gen
	if kind == evDeliver {
		r.loadMessage(&s.msg)
	}
	s.free = append(s.free, slot)
	s.now = t
	s.events++
	switch kind {
	case evRequest:
		s.request(node)
	case evRelease:
		s.release(node)
	case evDeliver:
		s.deliver(node, port, gen, &s.msg)
	case evLinkChange:
		s.linkChange()
	case evWatchdog:
		s.watchdog()
	case evCrash:
		s.crashEvent(node)
	}
	s.checkTokens()
}

// checkTokens stops the trial if a token algorithm's tokens, held and in flight, are not
// exactly one (after every event; small enough to be inlined).
func (s *Sim) checkTokens() {
	if s.tok.holder != nil && s.err == nil && s.tok.holders+s.tok.inFlightTok != 1 {
		s.tokensBroken()
	}
}

// tokensBroken reports the broken count; out of line, so that checkTokens is inlined.
//
//go:noinline
func (s *Sim) tokensBroken() {
	s.fail(ErrSafety, nil, "%d tokens exist (%d held, %d in flight)", s.tok.holders+s.tok.inFlightTok, s.tok.holders, s.tok.inFlightTok)
}

func (s *Sim) request(i int32) {
	if s.phase == phaseDrain && !s.scripted || s.isDead(i) {
		return
	}
	if s.status[i] != remainder {
		s.fail(ErrInvariant, []int32{i}, "request at node %d, which is not in its remainder section", i)
		return
	}
	s.status[i] = waiting
	s.waiting++
	s.requestedAt[i] = s.now
	if s.trace != nil {
		s.emit(TraceEvent{Kind: "request", Node: i})
	}
	s.before(i)
	s.algo.RequestCS(i, &s.out)
	s.after(i)
}

func (s *Sim) release(i int32) {
	if s.isDead(i) {
		return
	}
	if s.status[i] != critical {
		s.fail(ErrInvariant, []int32{i}, "release at node %d, which is not in the CS", i)
		return
	}
	s.status[i] = remainder
	s.accumulateCS()
	s.critical--
	s.check.Exit(i)
	if s.trace != nil {
		s.emit(TraceEvent{Kind: "release", Node: i})
	}
	s.before(i)
	s.algo.ReleaseCS(i, &s.out)
	s.after(i)
	if !s.scripted && s.phase != phaseDrain {
		s.schedule(s.requestGap(i), evRequest, i)
	}
}

// deliver hands m, sent on a link of generation gen, to node i at port p, or loses it if
// the port's link has changed since (lossy networks only). The port's record is found once
// for the generation, the sender and the count of messages in flight.
func (s *Sim) deliver(i int32, p Port, gen uint32, m *Message) {
	at := s.topo.PortAt(i, p)
	if at == nil || at.Gen() != gen {
		s.lose(m) // its link went down after it was sent
		return
	}
	from := at.Peer()
	if from < 0 {
		s.fail(ErrInvariant, []int32{i}, "message arrived at node %d on port %d, which is down", i, p)
		return
	}
	// The count is kept at the receiving end (PortRec.InFlight): a delivery updates the
	// record it has just read, not the sender's, a random node's at n = 10^6.
	at.Delivered()
	if s.types[m.Type].Token {
		s.tok.inFlightTok--
	}
	if s.isDead(i) {
		s.crash.toCrashed++ // dropped: a crashed node receives nothing
		return
	}
	if s.trace != nil {
		s.emit(TraceEvent{Kind: "recv", Node: i, Peer: from, Msg: s.types[m.Type].Name, Message: s.types[m.Type].Shown(*m)})
	}
	s.before(i)
	s.algo.Receive(i, p, m, &s.out)
	s.after(i)
}

// lose accounts for a message whose link disconnected while it was in flight.
func (s *Sim) lose(m *Message) {
	s.meas.lost++
	if s.types[m.Type].Token {
		s.tok.inFlightTok--
	}
}

// before records the token state of node i before one of its handlers runs.
func (s *Sim) before(i int32) {
	if s.tok.holder != nil {
		s.tok.held = s.tok.holder.HoldsToken(i)
	}
}

// after drains node i's outbox: schedules its messages (FIFO per link), counts them, admits
// it to the CS if it asked, and updates the token count.
func (s *Sim) after(i int32) {
	if s.tok.holder != nil {
		if h := s.tok.holder.HoldsToken(i); h != s.tok.held {
			if h {
				s.tok.holders++
			} else {
				s.tok.holders--
			}
		}
	}
	if s.large.ahead {
		s.prefetchSends(i)
	}
	for k := range s.out.sends {
		if !s.send(i, &s.out.sends[k]) {
			break
		}
	}
	enter := s.out.enter
	s.out.reset()
	if enter && s.err == nil {
		s.enter(i)
	}
}

// send schedules the delivery of o, sent by node i, after checking that its port is up and
// its type declared and bounding its link's load; it counts the message. It reports false
// when a check stopped the trial. It runs once per message: the port record is found once
// (portAt) and the event record written in place (newRec; built as a value and passed on,
// its narrow stores were read back wide, which the CPU cannot forward, BenchmarkRL n=30).
func (s *Sim) send(i int32, o *outMsg) bool {
	near := s.topo.PortAt(i, o.port)
	if near == nil || !near.Up() {
		s.fail(ErrInvariant, []int32{i}, "node %d sent %s on port %d, which is down", i, s.types[o.msg.Type].Name, o.port)
		return false
	}
	mt := o.msg.Type
	if int(mt) >= len(s.types) {
		s.fail(ErrInvariant, []int32{i}, "node %d sent message type %d, which its algorithm does not declare", i, mt)
		return false
	}
	peer, pp := near.Peer(), near.PeerPort()
	far := s.topo.Record(peer, pp)
	if far.InFlight() == topology.MaxInFlight { // never taken by a trial that runs (a predictable branch)
		s.fail(ErrInvariant, []int32{i, peer}, "node %d sent %s on port %d with %d messages already in flight toward node %d, the most the kernel counts on one port",
			i, s.types[mt].Name, o.port, far.InFlight(), peer)
		return false
	}
	far.Sent() // counted at the receiving end, where it is delivered
	if load := near.InFlight() + far.InFlight(); load > s.maxLinkLoad {
		s.maxLinkLoad = load
		if s.linkBound > 0 && load > s.linkBound {
			s.fail(ErrSafety, []int32{i, peer}, "%d messages in transit on link %d-%d (bound %d): %s sent last",
				load, i, peer, s.linkBound, s.types[mt].Name)
			return false
		}
	}
	at := s.now + s.p.Delay.sample(&s.rand.delays)
	if s.fifoClamp {
		at = s.topo.ArrivalFIFO(i, o.port, at) // FIFO: never overtake an earlier message on this link
	}
	if s.types[mt].Token {
		s.tok.inFlightTok++
	}
	s.meas.msgsAll[mt]++
	if s.phase == phaseMeasure {
		s.meas.msgs[mt]++
	}
	if s.trace != nil {
		s.emit(TraceEvent{Kind: "send", Node: i, Peer: peer, Msg: s.types[mt].Name, Message: s.types[mt].Shown(o.msg), At: at})
	}
	slot := s.newRec()
	r := &s.recs[slot]
	r.a, r.b, r.c, r.d = o.msg.A, o.msg.B, o.msg.C, o.msg.D
	r.node, r.port, r.gen, r.kind, r.mtype = peer, pp, far.Gen(), evDeliver, mt
	// The clamped arrival time itself is queued: as a delay from now, now + (at − now) could
	// round one step below at and let the message overtake the one sent before it.
	if s.inOrder {
		s.q.PushInOrder(at, slot)
	} else {
		s.q.Push(at, slot)
	}
	return true
}

// enter admits node i to the CS after checking safety, and records its wait.
func (s *Sim) enter(i int32) {
	if s.status[i] != waiting {
		s.fail(ErrSafety, []int32{i}, "node %d entered the CS without a pending request", i)
		return
	}
	if other, ok := s.check.Enter(i); !ok {
		if s.trace != nil {
			s.emit(TraceEvent{Kind: "unsafe-enter", Node: i, Peer: other}) // the viewer shows both in the CS
		}
		s.fail(ErrSafety, []int32{i, other}, "nodes %d and %d are in the CS at once", i, other)
		return
	}
	if s.crash.on {
		s.crashEnter(i)
	}
	s.status[i] = critical
	s.waiting--
	s.accumulateCS()
	s.critical++
	s.entries++
	s.guard.lastEntry = s.events
	if s.trace != nil {
		s.emit(TraceEvent{Kind: "enter", Node: i})
	}
	if s.phase == phaseMeasure {
		s.meas.waits = append(s.meas.waits, s.now-s.requestedAt[i])
		if s.observer != nil {
			s.observer.MeasuredEntry(i, s.requestedAt[i], s.now)
		}
		s.measuredEntry(s.now - s.requestedAt[i])
	} else if s.phase == phaseWarmup {
		s.warmupEntry(s.now - s.requestedAt[i])
	}
	if !s.scripted {
		s.schedule(s.p.CSTime, evRelease, i)
	}
}

func (s *Sim) openWindow() {
	s.phase = phaseMeasure
	if s.phaseClock != nil {
		s.phaseClock(phaseMeasure)
	}
	s.win.openEntries, s.win.evOpen = s.entries, s.events
	s.meas.winStart = s.now
	s.meas.csArea, s.meas.csAreaT = 0, s.now
	s.links.open(s.now, s.topo.NumLinks())
}

func (s *Sim) closeWindow() {
	if s.phase == phaseWarmup {
		// The window never opened (every live node blocked during the warm-up): it closes
		// empty, so window_time is 0 and the window's rates are null.
		s.meas.winStart = s.now
	}
	s.accumulateCS()
	s.phase = phaseDrain
	if s.phaseClock != nil {
		s.phaseClock(phaseDrain)
	}
	s.win.evClose = s.events
	s.meas.winEnd = s.now
	s.links.close(s.now, s.topo.NumLinks())
	s.setAsideRequests() // no request is handled from here on (drain_aside.go)
}

// accumulateCS adds the nodes in the CS times the time since the last call to the
// measurement window's area (call before the count changes).
func (s *Sim) accumulateCS() {
	if s.phase == phaseMeasure {
		s.meas.csArea += float64(s.critical) * (s.now - s.meas.csAreaT)
		s.meas.csAreaT = s.now
	}
}

// linkChange applies the network model's change due now and schedules the next one.
func (s *Sim) linkChange() {
	if s.phase == phaseDrain {
		return // liveness phase: link changes have ceased
	}
	s.net.Change(s.now, &s.changer)
	if t := s.net.NextChange(s.now, &s.rand.mobility); !math.IsInf(t, 1) {
		s.schedule(t-s.now, evLinkChange, 0)
	}
}

func (s *Sim) linkEvent(i int32, p Port, up bool) {
	if s.err != nil || s.isDead(i) {
		return
	}
	s.before(i)
	if up {
		s.algo.LinkUp(i, p, &s.out)
	} else {
		s.algo.LinkDown(i, p, &s.out)
	}
	s.after(i)
}

// watchdog fires every StarveAfter/4 time units and reports starvation if a request has been
// pending longer than StarveAfter.
func (s *Sim) watchdog() {
	for i := range s.status {
		if s.status[i] == waiting && s.now-s.requestedAt[i] > s.starveAfter {
			if s.crash.on {
				s.block(int32(i)) // crashes: a request outliving the window is blocked, not an error
				continue
			}
			s.starvation(fmt.Sprintf("node %d has waited %.6g time units (bound %.6g)", i, s.now-s.requestedAt[i], s.starveAfter))
			return
		}
	}
	if s.crash.on && s.phase != phaseDrain && s.allLiveBlocked() {
		s.closeWindow() // every live node is blocked: the measurement cannot complete
	}
	if s.phase != phaseDrain || s.waiting > 0 {
		s.schedule(s.starveAfter/4, evWatchdog, 0)
	}
}

func (s *Sim) starvation(why string) {
	var nodes []int32
	for i, st := range s.status {
		if st == waiting {
			nodes = append(nodes, int32(i))
		}
	}
	s.fail(ErrStarvation, nodes, "%s; %d nodes waiting", why, len(nodes))
}
