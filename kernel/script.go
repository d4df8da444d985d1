package kernel

// Scripted driving: scenario tests (the papers' figures) and replay build a network by hand,
// issue requests, releases and link changes at chosen moments, and deliver messages one at a
// time. Nothing happens on its own: no Poisson requests, no automatic release after CSTime,
// no mobility, no watchdog. The online safety checks stay on.

// Script starts a scripted trial of algo on the network given by edges (node pairs). p.N must
// cover the edges' nodes; p.Delay gives message delays as usual.
func (s *Sim) Script(p Params, algo Algorithm, edges [][2]int32) error {
	if p.CSTime == 0 {
		p.CSTime = 1
	}
	if p.Delay.A == 0 {
		p.Delay = Delay{Kind: DelayConstant, A: 1}
	}
	if p.Measure == 0 {
		p.Measure = 1 << 20
	}
	s.scripted = true
	p.Warmup = 0
	if err := s.setup(p, algo, edges); err != nil {
		return err
	}
	return s.err
}

// Now returns the current simulated time.
func (s *Sim) Now() float64 { return s.now }

// Err returns the error that stopped the trial, if any.
func (s *Sim) Err() error { return s.err }

// Topology returns the network (for inspection in tests).
func (s *Sim) Topology() *Topology { return &s.topo }

// InCS reports whether node i is in its critical section.
func (s *Sim) InCS(i int32) bool { return s.status[i] == critical }

// Waiting reports whether node i has a pending request.
func (s *Sim) Waiting(i int32) bool { return s.status[i] == waiting }

// RequestCS makes node i request the CS now.
func (s *Sim) RequestCS(i int32) error { s.request(i); return s.err }

// ReleaseCS makes node i leave the CS now.
func (s *Sim) ReleaseCS(i int32) error { s.release(i); return s.err }

// LinkDown takes down the link between u and v now (it must carry no message in flight).
func (s *Sim) LinkDown(u, v int32) error {
	p := s.topo.PortTo(u, v)
	if p == NoPort {
		return s.fail(ErrInvariant, []int32{u, v}, "script: no link between %d and %d", u, v)
	}
	k := s.topo.LinkIndex(u, p)
	if !s.topo.LinkIdle(k) {
		return s.fail(ErrInvariant, []int32{u, v}, "script: link %d-%d carries a message", u, v)
	}
	if s.trace != nil { // as Changer.LinkDown: before the topology changes (trace.go)
		a, b := s.topo.Link(k)
		s.emit(TraceEvent{Kind: "link-down", Node: a, Peer: b})
	}
	a, b, pa, pb := s.topo.Disconnect(k)
	s.linkEvent(a, pa, false)
	s.linkEvent(b, pb, false)
	return s.err
}

// LinkUp forms a link between u and v now.
func (s *Sim) LinkUp(u, v int32) error {
	pu, pv, err := s.topo.Connect(u, v)
	if err != nil {
		return s.fail(ErrInvariant, []int32{u, v}, "script: %v", err)
	}
	if s.trace != nil { // as Changer.LinkUp (trace.go)
		s.emit(TraceEvent{Kind: "link-up", Node: u, Peer: v})
	}
	s.linkEvent(u, pu, true)
	s.linkEvent(v, pv, true)
	return s.err
}

// Step processes the next pending event; it reports false when none is pending.
func (s *Sim) Step() bool {
	if s.q.Len() == 0 || s.err != nil {
		return false
	}
	s.step()
	return true
}

// RunUntil processes every event with time <= t, then sets the clock to t.
func (s *Sim) RunUntil(t float64) error {
	for s.err == nil && s.q.Len() > 0 && s.q.PeekTime() <= t {
		s.step()
	}
	if s.err == nil && t > s.now {
		s.now = t
	}
	return s.err
}

// Settle processes events until none is pending.
func (s *Sim) Settle() error {
	for s.Step() {
	}
	return s.err
}

// ---- Scenario scripts: out-of-order delivery and inspection ----

// NodeStater is implemented by algorithms whose node states scenario scripts
// (algotest) and replay traces print: node i's state on one line, in its paper's
// terms. It may allocate; it is never called while a trial runs.
type NodeStater interface {
	NodeState(i int32) string
}

// RequestChooser is implemented by algorithms whose requests carry a value the environment
// picks, drawn from the algorithm's stream in a trial (gme's resource, hk's h and priority
// class). A script names the value of a request (algotest's "request i choice c"), and an
// exhaustive search (package explore) tries every value a draw could give, not only the one
// its seed draws.
type RequestChooser interface {
	// RequestChoices is how many values a request may carry under the trial's parameters:
	// those a draw gives with a probability above zero.
	RequestChoices() int
	// ChooseRequest makes node i's next request carry value c, 0 <= c < RequestChoices(),
	// instead of a drawn one, and Choice names it ("resource 1").
	ChooseRequest(i int32, c int)
	Choice(c int) string
}

// DrawChooser is implemented by algorithms whose handlers draw values from the algorithm's
// stream as part of the protocol (drs's priorities). A script names the value a step draws
// (algotest's "... draw v"), and an exhaustive search that takes draws as choices (package
// explore, Scenario.EveryDraw) tries every value a draw can give, where a trial draws one.
type DrawChooser interface {
	// DrawChoices is how many values a draw may give under the trial's parameters,
	// 0..DrawChoices()-1, each with a probability above zero.
	DrawChoices() int
	// ChooseDraws makes every later draw return next() instead of a value of the stream;
	// nil returns the draws to the stream.
	ChooseDraws(next func() int)
}

// InFlight is a message in transit.
type InFlight struct {
	From, To int32
	Type     string // the message type's name
	Msg      Message
}

// pendingEvent is a queued event, drained from the queue in delivery order.
type pendingEvent struct {
	t    float64
	slot uint32
}

// drain empties the event queue into dst in the order the events would run.
func (s *Sim) drain(dst []pendingEvent) []pendingEvent {
	for s.q.Len() > 0 {
		t, slot := s.q.Pop()
		dst = append(dst, pendingEvent{t, slot})
	}
	return dst
}

// refill queues evs again, in order, with their times: the order of equal times is kept.
func (s *Sim) refill(evs []pendingEvent) {
	for _, e := range evs {
		s.q.Push(e.t, e.slot)
	}
}

// Pending appends the messages in transit to dst, in the order they would be delivered, as a
// trace shows them (MsgTypeInfo.Shown).
func (s *Sim) Pending(dst []InFlight) []InFlight {
	start := len(dst)
	dst = s.InTransit(dst)
	for k := range dst[start:] {
		m := &dst[start+k]
		m.Msg = s.types[m.Msg.Type].Shown(m.Msg)
	}
	return dst
}

// DeliverTo delivers now, in order, every message in transit to node i; the messages those
// deliveries send stay in transit. Delivering a link's messages all at once keeps it FIFO,
// and the clock does not move: a message can arrive early, never late. It returns how many
// messages it delivered.
func (s *Sim) DeliverTo(i int32) (int, error) {
	return s.deliverNow(func(r *eventRec) bool { return r.node == i })
}

// DeliverAll delivers now, in order, every message in transit (one round: the messages
// those deliveries send stay in transit), and returns how many it delivered.
func (s *Sim) DeliverAll() (int, error) {
	return s.deliverNow(func(*eventRec) bool { return true })
}

// deliverNow delivers the messages in transit that pick selects (see DeliverTo).
func (s *Sim) deliverNow(pick func(*eventRec) bool) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	evs := s.drain(s.pending[:0])
	now, rest := s.picked[:0], evs[:0]
	for _, e := range evs {
		if r := &s.recs[e.slot]; r.kind == evDeliver && pick(r) {
			now = append(now, e.slot)
		} else {
			rest = append(rest, e)
		}
	}
	s.pending, s.picked = evs, now
	s.refill(rest)
	for k, slot := range now {
		if s.err != nil {
			return k, s.err
		}
		s.deliverEarly(slot)
	}
	return len(now), s.err
}

// deliverEarly runs the delivery event in slot now, out of its turn (step's evDeliver case
// and token count, without moving the clock).
func (s *Sim) deliverEarly(slot uint32) {
	s.cur = s.recs[slot]
	r := &s.cur
	r.loadMessage(&s.msg)
	s.free = append(s.free, slot)
	s.events++
	s.deliver(r.node, r.port, r.gen, &s.msg)
	if s.tok.holder != nil && s.err == nil && s.tok.holders+s.tok.inFlightTok != 1 {
		s.fail(ErrSafety, nil, "%d tokens exist (%d held, %d in flight)", s.tok.holders+s.tok.inFlightTok, s.tok.holders, s.tok.inFlightTok)
	}
}
