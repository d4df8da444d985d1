package kernel

import (
	"context"
	"errors"
	"fmt"
	"github.com/mutexlab/mutexlab/kernel/eventq"
	"github.com/mutexlab/mutexlab/kernel/mem"
	"math"
	"slices"
)

// Sim runs trials. One Sim belongs to one goroutine; it keeps every buffer between trials, so
// the second and later trials of the same size allocate nothing, and steady-state event
// processing never allocates.
type Sim struct {
	p      Params
	algo   Algorithm
	types  []MsgTypeInfo
	tokens TokenHolder    // nil for algorithms without a token
	pre    mem.Prefaulter // faults in a large trial's arrays on another core during setup (mem.Prefaulter, large_setup.go)
	// without turns parts of the large-network machinery off (large.go: their benchmarks and
	// tests); the zero value runs all of it where Params.LargeMachinery says.
	without largePart
	// ahead: the queue keeps the next events out of its heap and step prefetches their
	// state (lookahead.go; large networks only); prefetcher is the algorithm's part of it.
	ahead      bool
	prefetcher Prefetcher
	staged     uint32 // the record whose node lookahead prefetched last (its second stage), or noSlot
	check      Checker
	// linkBound is the algorithm's bound on messages in transit per link (LinkLoadBounder;
	// 0: none); maxLinkLoad is the largest load seen on any link, both directions.
	linkBound   int
	maxLinkLoad int
	fifoClamp   bool    // clamp arrival times for FIFO (Topology.TrackArrivals)
	inOrder     bool    // deliveries are queued in order (constant delay: Queue.PushInOrder)
	links0      int     // links when the trial started
	csArea      float64 // ∫ (nodes in the CS) dt over the measurement window so far
	csAreaT     float64 // time up to which csArea is accumulated

	topo    Topology
	net     NetworkModel
	changer Changer
	q       eventq.Queue
	recs    []eventRec // event records; the queue carries their indices
	free    []uint32   // free record indices
	out     Outbox
	env     Env

	mobility, mobilityPick, delays, algRand Stream
	requestState                            []uint64 // per-node SplitMix64 state for request gaps
	mobilitySeed                            uint64
	mobilityDraws                           uint64

	status      []nodeStatus
	requestedAt []float64
	waiting     int // nodes in WAITING
	critical    int // nodes in CRITICAL

	now     float64
	events  int64
	entries int64
	phase   phase
	// phaseClock, when set (the benchmarks' RunSplit), is called as the measurement window
	// opens and as it closes, with the phase that begins: the warm-up, the window and the
	// liveness drain run at very different rates at n = 10^6, which the loop's total hides.
	phaseClock  func(phase)
	scripted    bool
	winStart    float64
	winEnd      float64
	msgs        []int64 // per type, counted inside the measurement window
	msgsAll     []int64 // per type, whole trial
	linkChanges int64   // inside the window
	skipped     int64   // link changes skipped because no link could go down
	lost        int64   // messages lost to a link failure (lossy networks)
	waits       []float64
	classer     RequestClasser                 // nil unless the algorithm has request classes
	classWait   [MaxRequestClasses + 1]float64 // per class (1-based): summed waits in the window
	classCount  [MaxRequestClasses + 1]int64
	held        bool  // token held by the node being handled, before the handler
	holders     int   // nodes holding a token
	inFlightTok int   // token messages in flight
	err         error // first error; stops the trial
	starveAfter float64
	trace       func(TraceEvent)
	stop        <-chan struct{} // closed when the trial is to stop (RunContext); nil: never
	budget      int64           // the trial's event budget per CS entry (Params.EventBudget)
	lastEntry   int64           // events processed when the last CS entry happened
	nextCheck   int64           // events at which loop next looks at stop and budget
	cur         eventRec        // the event being handled
	msg         Message         // its message (evDeliver)
	crash       crashState      // crash-stop failures (crash.go)
	links       linkStats       // link-count diagnostics (linkstats.go)
	win         window          // phases, window sizing, MSER-5 (window.go)
	still       stillness       // waits of static and moving requests (stillness.go)
}

type nodeStatus uint8

const (
	remainder nodeStatus = iota
	waiting
	critical
	crashed // crash-stop: the node's handlers are never called again
)

type phase uint8

const (
	phaseWarmup phase = iota
	phaseMeasure
	phaseDrain // measurement done: no new requests, no link changes; pending requests must be served
)

type eventKind uint8

const (
	evRequest eventKind = iota
	evRelease
	evDeliver
	evLinkChange
	evWatchdog
	evCrash // node crashes (node -1: the next rate-driven crash)
)

// eventRec is a scheduled event: 48 bytes, the message's words stored flat (a Message
// field would pad its type byte to 8 and make it 56): the queue of a large trial holds
// several per node.
type eventRec struct {
	a, b, c, d int64 // the message's words (evDeliver)
	node       int32
	port       Port   // arrival port (evDeliver)
	gen        uint32 // generation of the arrival port's link when sent (evDeliver)
	kind       eventKind
	mtype      MsgType // the message's type (evDeliver)
}

// message is the message a delivery event carries.
func (r *eventRec) message() Message {
	return Message{Type: r.mtype, A: r.a, B: r.b, C: r.c, D: r.d}
}

// loadMessage copies the message a delivery event carries into m field by field: a Message
// value built and then copied whole is stored in narrow pieces and read back 16 bytes at a
// time, which the CPU cannot forward from its store buffer (a stall on every delivery,
// BenchmarkRL n=30).
func (r *eventRec) loadMessage(m *Message) {
	m.Type, m.A, m.B, m.C, m.D = r.mtype, r.a, r.b, r.c, r.d
}

// NewSim returns a simulator with no storage yet; the first trial sizes it.
func NewSim() *Sim { return &Sim{} }

// Result holds one trial's measurements. Waits are the times from RequestCS to EnterCS of the
// CS entries inside the measurement window; message and link-change counts are also counted
// inside the window (by default from the Warmup-th entry to the (Warmup+Measure)-th;
// window.go says how else it can be sized).
type Result struct {
	Links              int     // initial number of links
	SimTime            float64 // simulated time when the trial ended (after the liveness drain)
	Events             int64   // events processed, whole trial
	CSEntries          int64   // CS entries measured
	WaitMean           float64
	WaitP50            float64
	WaitP99            float64
	WaitMax            float64
	MsgsTotal          int64
	MsgsPerCS          float64
	Msgs               []int64 // per message type, indexed like MsgTypes (a fresh slice)
	MsgTypes           []MsgTypeInfo
	LinkChanges        int64
	LinkChangesSkipped int64
	MsgsLost           int64    // messages lost to link failures, whole trial (lossy networks)
	WindowTime         float64  // simulated time between the first and last measured entry
	MaxInFlightPerLink int      // most messages ever in transit on one link, both directions, whole trial
	ConcurrencyMean    float64  // time-average number of nodes in the CS over the measurement window
	Throughput         float64  // CS entries per time unit over the measurement window (whole network)
	Extra              []Metric // algorithm-specific metrics (MetricsReporter), a fresh slice
	Ports              int      // ports per node of the trial's topology (Δ for the models that cap them)

	// Crash failures (crash.go; all zero when no crash is configured).
	Crashed         int   // nodes that crashed
	Blocked         int   // live nodes still waiting at the end: never ate again within the window
	FailureLocality int   // largest hop distance from a blocked node to the nearest crashed node (0: none)
	MsgsToCrashed   int64 // messages dropped on arrival at a crashed node, whole trial

	// Link-count diagnostics over the measurement window, every network model (linkstats.go
	// says what LinkChanges and LinkChangesSkipped count).
	WindowStart float64 // simulated time the measurement window opened
	LinksStart  int     // links when the window opened
	LinksEnd    int     // links when it closed
	LinksMean   float64 // time-average number of links over the window
	LinkDowns   int64   // links that went down inside the window
	LinkUps     int64   // links that came up inside the window

	// Phases (window.go): events and simulated time of the warm-up (events before the window
	// opened; its time is WindowStart), the window (WindowTime) and the liveness drain.
	EventsWarmup, EventsMeasure, EventsDrain int64
	DrainTime                                float64
	LivenessChecked                          bool // the drain ran to its end: every pending request was served
	PendingAtEnd                             int  // requests still pending when the trial ended (0 when LivenessChecked)

	// Steady state (window.go, steady.go).
	WarmupEntries int64     // CS entries discarded before the window opened
	WarmupSettled bool      // false when the MSER-5 warm-up rule hit its cap before finding the transient over
	MSERCut       int64     // MSER-5 truncation point of the waits from the first entry to the window's end, in entries
	MSERKnown     bool      // MSERCut was computed (at least 100 entries)
	WaitCI        float64   // half-width of the 95% batch-means confidence interval of WaitMean (NaN: under 40 entries)
	Stability     Stability // the two halves of the window compared
}

// Run executes one trial of algo under p and returns its measurements, or a *TrialError for a
// safety violation, starvation, broken invariant or exhausted event budget (with the seed to
// replay it), or a *ParamError for bad parameters.
func (s *Sim) Run(p Params, algo Algorithm) (Result, error) {
	return s.RunContext(context.Background(), p, algo)
}

// ErrInterrupted is returned by RunContext for a trial stopped because its context was
// cancelled: the trial has no result, and nothing is wrong with it.
var ErrInterrupted = errors.New("trial interrupted before it finished")

// checkEvery is how many events pass between two looks at the trial's context: a few
// hundred microseconds of simulation, so a cancelled trial stops at once, for a cost per
// event of one comparison (BenchmarkRL shows no difference, see the package doc).
const checkEvery = 4096

// RunContext is Run, stopped early with ErrInterrupted when ctx is cancelled: the kernel
// looks at ctx every checkEvery events, so a trial in flight stops within about a
// millisecond of the cancellation.
func (s *Sim) RunContext(ctx context.Context, p Params, algo Algorithm) (Result, error) {
	s.stop = ctx.Done() // setup looks at it between its phases (setup)
	err := s.begin(p, algo)
	s.stop = nil
	if err != nil {
		return Result{}, err
	}
	return s.complete(ctx.Done())
}

// interrupted reports whether the trial's stop channel is closed. Setup looks between its
// phases: a trial of 10^6 nodes takes about a second to set up, several with two trials
// setting up at once on two cores, and a stopped run should not wait for setups whose
// trials will not run.
func (s *Sim) interrupted() bool { return closed(s.stop) }

// closed reports whether stop is closed, without waiting (a nil channel never is): the one
// look at a run's stop channel that setup, the graph's build and the loop's checkpoint share.
func closed(stop <-chan struct{}) bool {
	select {
	case <-stop:
		return true
	default:
		return false
	}
}

// begin validates p and sets up the trial: everything before its first event.
func (s *Sim) begin(p Params, algo Algorithm) error {
	if err := p.Validate(); err != nil {
		return err
	}
	s.scripted = false
	if err := s.setup(p, algo, nil); err != nil {
		return err
	}
	s.budget, s.lastEntry = p.EventBudget(), 0
	s.nextCheck = min(checkEvery, s.budget)
	return nil
}

// complete runs the trial begin set up to its end, or until stop is closed, and returns its
// result.
func (s *Sim) complete(stop <-chan struct{}) (Result, error) {
	s.stop = stop
	s.loop()
	s.stop = nil
	if s.err != nil {
		return Result{}, s.err
	}
	r := s.result()
	s.finishCrashes(&r)
	if s.err != nil {
		return Result{}, s.err
	}
	return r, nil
}

// setup prepares a trial. edges, when not nil, gives the initial network explicitly (scripted
// scenarios); otherwise it is a random connected graph with p.LinkCount() links.
func (s *Sim) setup(p Params, algo Algorithm, edges [][2]int32) error {
	s.p = p
	s.algo = algo
	s.types = algo.MessageTypes()
	s.tokens, _ = algo.(TokenHolder)
	s.check = checkerFor(algo)
	if b, ok := s.check.(interface{ bind(*Sim) }); ok {
		b.bind(s)
	}
	s.linkBound, s.maxLinkLoad = 0, 0
	if lb, ok := algo.(LinkLoadBounder); ok {
		s.linkBound = lb.MaxInFlightPerLink()
	}
	s.startPrefault()
	defer s.endPrefault()
	s.topo.stop = s.stop
	s.topo.parallel = p.LargeMachinery()
	defer func() { s.topo.stop = nil }()
	if err := s.setupNetwork(p, edges); err != nil {
		return err
	}
	if s.interrupted() {
		return ErrInterrupted
	}
	s.seedStreams(p)
	s.resetCounters(p)
	if err := s.startAlgorithm(algo); err != nil {
		return err
	}
	if s.interrupted() {
		return ErrInterrupted
	}
	if s.resetWindow(&s.p) {
		s.openWindow()
	}
	if !s.scripted {
		s.scheduleStart()
	}
	s.setupCrashes()
	return nil
}

// setupNetwork builds the trial's initial graph: the explicit edges of a script, or the
// network model's.
func (s *Sim) setupNetwork(p Params, edges [][2]int32) error {
	if edges != nil {
		s.net = &explicitModel{edges: edges}
	} else {
		net, err := newNetwork(p.Network)
		if err != nil {
			return err
		}
		s.net = net
	}
	s.now = 0
	s.topo.clock = &s.now
	var topoRand Stream
	topoRand.Seed(DeriveSeed(p.Seed, uint64(StreamTopology)))
	s.allocateEarly(&p)
	if err := s.net.Init(&s.topo, &s.p, &topoRand); err != nil {
		return err
	}
	if s.topo.N() != p.N {
		return fmt.Errorf("kernel: network model %s built %d nodes, want %d", s.net.Name(), s.topo.N(), p.N)
	}
	s.links0 = s.topo.NumLinks()
	// Under a constant delay, arrival times on a link increase with the send times (a sum
	// rounds monotonically), so FIFO holds without clamping and needs no per-port times.
	s.fifoClamp = s.net.FIFO() && p.Delay.Kind != DelayConstant
	s.topo.TrackArrivals(s.fifoClamp)
	s.inOrder = deliversInOrder(&p)
	return nil
}

// seedStreams seeds every random stream from the trial's seed, one derived seed per stream,
// so that no stream's draws move another's.
func (s *Sim) seedStreams(p Params) {
	n := p.N
	s.changer = Changer{s}
	s.mobilitySeed = DeriveSeed(p.Seed, uint64(StreamMobility))
	s.mobility.Seed(s.mobilitySeed)
	s.mobilityDraws = 0
	s.delays.Seed(DeriveSeed(p.Seed, uint64(StreamDelays)))
	s.algRand.Seed(DeriveSeed(p.Seed, uint64(StreamAlgorithm)))
	reqSeed := DeriveSeed(p.Seed, uint64(StreamRequests))
	s.requestState = Resize(s.requestState, n)
	for i := range s.requestState {
		s.requestState[i] = Mix64(reqSeed ^ uint64(i)*0x9e3779b97f4a7c15)
	}

}

// resetCounters empties the queue and every per-trial count and per-node status.
func (s *Sim) resetCounters(p Params) {
	n := p.N
	s.reserveEvents(&p)
	s.setupLookahead()
	s.out.reset()
	s.status = Zeroed(s.status, n)
	s.requestedAt = Zeroed(s.requestedAt, n)
	s.waiting, s.critical = 0, 0
	s.now, s.events, s.entries = 0, 0, 0
	s.phase = phaseWarmup
	s.winStart, s.winEnd = 0, 0
	s.msgs = Zeroed(s.msgs, len(s.types))
	s.msgsAll = Zeroed(s.msgsAll, len(s.types))
	s.linkChanges, s.skipped, s.lost = 0, 0, 0
	s.links.reset(s.topo.NumLinks())
	s.waits = Resize(s.waits, int(min(p.MeasureEntries(), 1<<20)))[:0]
	s.classer, _ = s.algo.(RequestClasser)
	s.classWait, s.classCount = [MaxRequestClasses + 1]float64{}, [MaxRequestClasses + 1]int64{}
	s.inFlightTok = 0
	s.err = nil
	s.starveAfter = p.starveAfter()
}

// startAlgorithm resets the algorithm and the checks on the initial graph, and checks that
// a token algorithm starts with exactly one token.
func (s *Sim) startAlgorithm(algo Algorithm) error {
	n := s.p.N
	s.env = Env{N: n, Params: &s.p, Topo: &s.topo, Rand: &s.algRand, Seed: s.p.Seed, routing: s.env.routing}
	s.resetStillness()
	if err := algo.Reset(&s.env); err != nil {
		return err
	}
	s.check.Reset(&s.topo)
	s.holders = 0
	if s.tokens != nil {
		for i := int32(0); int(i) < n; i++ {
			if s.tokens.HoldsToken(i) {
				s.holders++
			}
		}
		if s.holders != 1 {
			return s.fail(ErrSafety, nil, "%d nodes hold the token at the start", s.holders)
		}
	}
	return nil
}

// scheduleStart schedules every node's first request (into the queue's start stream in a
// large trial: queue_start.go), the first link change and the starvation watchdog.
func (s *Sim) scheduleStart() {
	n := s.p.N
	if !s.usesStartStream() {
		for i := int32(0); int(i) < n; i++ {
			s.schedule(s.requestGap(i), evRequest, i)
		}
	} else {
		for i := int32(0); int(i) < n; i++ {
			s.q.PushStart(s.now+s.requestGap(i), s.newEvent(evRequest, i)) // Load > 0: no gap is infinite
		}
		s.q.SortStart()
	}
	if t := s.net.NextChange(0, &s.mobility); !math.IsInf(t, 1) {
		s.schedule(t, evLinkChange, 0)
	}
	s.schedule(s.starveAfter/4, evWatchdog, 0)

}

// requestGap draws node i's next exponential think time. Each node has its own counter-based
// stream, so node i's k-th gap is the same whatever the algorithm does: two algorithms run on
// one seed see the same request stream (common random numbers).
func (s *Sim) requestGap(i int32) float64 {
	if s.p.Load == 0 {
		return math.Inf(1)
	}
	s.requestState[i] += 0x9e3779b97f4a7c15
	u := float64(Mix64(s.requestState[i])>>11) * (1.0 / (1 << 53)) // [0, 1)
	return -math.Log1p(-u) / s.p.Load
}

// schedule queues an event of kind at node after delay (none if the delay is infinite).
func (s *Sim) schedule(delay float64, kind eventKind, node int32) {
	if math.IsInf(delay, 1) {
		return
	}
	s.scheduleAt(s.now+delay, kind, node)
}

// scheduleAt queues an event of kind at node (not a delivery: send schedules those) at
// absolute time t.
func (s *Sim) scheduleAt(t float64, kind eventKind, node int32) {
	s.q.Push(t, s.newEvent(kind, node))
}

// newEvent returns the slot of a new event record of kind at node (not a delivery), written
// field by field, as loadMessage says why.
func (s *Sim) newEvent(kind eventKind, node int32) uint32 {
	slot := s.newRec()
	x := &s.recs[slot]
	x.a, x.b, x.c, x.d = 0, 0, 0, 0
	x.node, x.port, x.gen, x.kind, x.mtype = node, 0, 0, kind, 0
	return slot
}

// recordRoom is the number of event records a trial of n nodes reserves at setup: every
// node's own pending event (its next request or its release: n) and as many again for the
// messages in flight, plus 64 for the kernel's own events (the watchdog, link changes,
// crashes). Only room is reserved: a page of it is first written, and costs memory and a
// fault, when a record on it is first used, so room never used costs nothing but address
// space (MakeLarge). It is enough for the issue-15 workload (mean degree 8, load 0.01),
// where the algorithms have used 1.00n (rl, hk, gme) to 1.49n (akw1) records at once at
// n = 10^6: there no algorithm's loop allocates. It is not a bound: at load 0.1 (the
// default) and n = 10^4, drs had 2.88n in use, akw1 3.62n, akw2 4.59n, and at load 1 drs
// 7.18n (rl and gme stay near n at every load). When the room is too small newRec doubles
// it (GrowLarge), and with it the free list; the results are the same either way. Before,
// setup reserved n + 64 and drs, akw1, akw2 and cm doubled their records in the event loop
// of the workload: a 92 MB array new to the process, the old 46 MB copied into it
// and left to the collector.
func recordRoom(n int) int { return 2*n + 64 }

// reserveEvents empties the queue and the event records, with room for a trial of p.N
// nodes (recordRoom says for which trials it suffices; beyond it each part doubles): the
// free list has room for every record; the heap for each node's own pending event (a
// request or a release: n + 64), or, when deliveries go to the heap rather than the run
// (deliversInOrder false), for every record; the run, when deliveries go there, for the
// record room less n own events, twice over (Queue.Reserve says why), which is short when
// most nodes are waiting and the messages in flight take more of the records; the entries
// set aside for the drain's dropped requests in a large trial, one per node at most (a room
// that holds every node's first request until then: queue_start.go). A trial on reused
// arrays of its size and its kind of delay allocates nothing here.
func (s *Sim) reserveEvents(p *Params) {
	n, room := p.N, recordRoom(p.N)
	heap, run, aside := n+64, 2*(room-n), 0
	if !deliversInOrder(p) {
		heap, run = room, 0
	}
	if s.uses(partDrainAside) || s.usesStartStream() {
		aside = n + 64
	}
	s.q.Reset()
	s.q.Reserve(heap, run, aside)
	s.recs = mem.Reserve(s.recs, room)
	s.free = mem.Reserve(s.free, room)
}

// deliversInOrder reports whether a trial's deliveries go to the queue's run rather than its
// heap (Sim.inOrder): under a constant delay, arrival times increase in the order messages
// are sent, whatever the link.
func deliversInOrder(p *Params) bool { return p.Delay.Kind == DelayConstant }

// newRec returns the index of a free event record: one freed by an event already handled,
// or a new one.
func (s *Sim) newRec() uint32 {
	if k := len(s.free); k > 0 {
		slot := s.free[k-1]
		s.free = s.free[:k-1]
		return slot
	}
	if len(s.recs) == cap(s.recs) {
		s.growRecs()
	}
	s.recs = s.recs[:len(s.recs)+1]
	return uint32(len(s.recs) - 1)
}

// growRecs doubles the event records, when more are in flight than setup reserved
// (recordRoom), and the free list with them: the free list has room for every record, so
// that appending to it never reallocates. Out of line: it is rare, and newRec is hot.
//
//go:noinline
func (s *Sim) growRecs() {
	s.recs = mem.GrowLarge(s.recs, len(s.recs))
	s.free = mem.GrowLarge(s.free, cap(s.recs)-len(s.free))
}

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
		if s.events >= s.nextCheck {
			s.checkpoint()
		}
	}
}

// checkpoint stops the trial if its context is cancelled or its event budget is spent.
func (s *Sim) checkpoint() {
	s.nextCheck = s.events + checkEvery
	if s.budget > 0 {
		if s.events-s.lastEntry >= s.budget {
			s.fail(ErrBudget, nil, "%d events since the last CS entry (%d of %d entries done): the trial would run far longer "+
				"than any trial of its size should (the budget is %s); if it is meant to, raise max_events_per_entry",
				s.events-s.lastEntry, s.entries, s.p.WarmupEntries()+s.p.MeasureEntries(), budgetFormula)
			return
		}
		s.nextCheck = min(s.nextCheck, s.lastEntry+s.budget)
	}
	if closed(s.stop) && s.err == nil {
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
	if s.ahead {
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
	if s.tokens != nil && s.err == nil && s.holders+s.inFlightTok != 1 {
		s.tokensBroken()
	}
}

// tokensBroken reports the broken count; out of line, so that checkTokens is inlined.
//
//go:noinline
func (s *Sim) tokensBroken() {
	s.fail(ErrSafety, nil, "%d tokens exist (%d held, %d in flight)", s.holders+s.inFlightTok, s.holders, s.inFlightTok)
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
	at := s.topo.portAt(i, p)
	if at == nil || at.gen != gen {
		s.lose(m) // its link went down after it was sent
		return
	}
	from := at.peer()
	if from < 0 {
		s.fail(ErrInvariant, []int32{i}, "message arrived at node %d on port %d, which is down", i, p)
		return
	}
	// The count is kept at the receiving end (portRec.inflight): a delivery updates the
	// record it has just read, not the sender's, a random node's at n = 10^6.
	at.inflight--
	if s.types[m.Type].Token {
		s.inFlightTok--
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
	s.lost++
	if s.types[m.Type].Token {
		s.inFlightTok--
	}
}

// before records the token state of node i before one of its handlers runs.
func (s *Sim) before(i int32) {
	if s.tokens != nil {
		s.held = s.tokens.HoldsToken(i)
	}
}

// after drains node i's outbox: schedules its messages (FIFO per link), counts them, admits
// it to the CS if it asked, and updates the token count.
func (s *Sim) after(i int32) {
	if s.tokens != nil {
		if h := s.tokens.HoldsToken(i); h != s.held {
			if h {
				s.holders++
			} else {
				s.holders--
			}
		}
	}
	if s.ahead {
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
	near := s.topo.portAt(i, o.port)
	if near == nil || !near.up() {
		s.fail(ErrInvariant, []int32{i}, "node %d sent %s on port %d, which is down", i, s.types[o.msg.Type].Name, o.port)
		return false
	}
	mt := o.msg.Type
	if int(mt) >= len(s.types) {
		s.fail(ErrInvariant, []int32{i}, "node %d sent message type %d, which its algorithm does not declare", i, mt)
		return false
	}
	peer, pp := near.peer(), near.peerPort()
	far := &s.topo.ports[s.topo.slot(peer, pp)]
	if far.inflight == maxInFlight { // never taken by a trial that runs (a predictable branch)
		s.fail(ErrInvariant, []int32{i, peer}, "node %d sent %s on port %d with %d messages already in flight toward node %d, the most the kernel counts on one port",
			i, s.types[mt].Name, o.port, far.inflight, peer)
		return false
	}
	far.inflight++ // counted at the receiving end, where it is delivered
	if load := int(near.inflight) + int(far.inflight); load > s.maxLinkLoad {
		s.maxLinkLoad = load
		if s.linkBound > 0 && load > s.linkBound {
			s.fail(ErrSafety, []int32{i, peer}, "%d messages in transit on link %d-%d (bound %d): %s sent last",
				load, i, peer, s.linkBound, s.types[mt].Name)
			return false
		}
	}
	at := s.now + s.p.Delay.sample(&s.delays)
	if s.fifoClamp {
		idx := s.topo.slot(i, o.port)
		at = max(at, s.topo.lastArr[idx]) // FIFO: never overtake an earlier message on this link
		s.topo.lastArr[idx] = at
	}
	if s.types[mt].Token {
		s.inFlightTok++
	}
	s.msgsAll[mt]++
	if s.phase == phaseMeasure {
		s.msgs[mt]++
	}
	if s.trace != nil {
		s.emit(TraceEvent{Kind: "send", Node: i, Peer: peer, Msg: s.types[mt].Name, Message: s.types[mt].Shown(o.msg), At: at})
	}
	slot := s.newRec()
	r := &s.recs[slot]
	r.a, r.b, r.c, r.d = o.msg.A, o.msg.B, o.msg.C, o.msg.D
	r.node, r.port, r.gen, r.kind, r.mtype = peer, pp, far.gen, evDeliver, mt
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
	s.lastEntry = s.events
	if s.trace != nil {
		s.emit(TraceEvent{Kind: "enter", Node: i})
	}
	if s.phase == phaseMeasure {
		s.waits = append(s.waits, s.now-s.requestedAt[i])
		s.enteredStill(i, s.requestedAt[i])
		if s.classer != nil {
			if c := s.classer.RequestClass(i); c >= 1 && c <= MaxRequestClasses {
				s.classWait[c] += s.now - s.requestedAt[i]
				s.classCount[c]++
			}
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
	s.winStart = s.now
	s.csArea, s.csAreaT = 0, s.now
	s.links.open(s.now, s.topo.NumLinks())
}

func (s *Sim) closeWindow() {
	s.accumulateCS()
	s.phase = phaseDrain
	if s.phaseClock != nil {
		s.phaseClock(phaseDrain)
	}
	s.win.evClose = s.events
	s.winEnd = s.now
	s.links.close(s.now, s.topo.NumLinks())
	s.setAsideRequests() // no request is handled from here on (drain_aside.go)
}

// accumulateCS adds the nodes in the CS times the time since the last call to the
// measurement window's area (call before the count changes).
func (s *Sim) accumulateCS() {
	if s.phase == phaseMeasure {
		s.csArea += float64(s.critical) * (s.now - s.csAreaT)
		s.csAreaT = s.now
	}
}

// linkChange applies the network model's change due now and schedules the next one.
func (s *Sim) linkChange() {
	if s.phase == phaseDrain {
		return // liveness phase: link changes have ceased
	}
	s.net.Change(s.now, &s.changer)
	if t := s.net.NextChange(s.now, &s.mobility); !math.IsInf(t, 1) {
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

func (s *Sim) result() Result {
	r := Result{
		Links:              s.linksAtStart(),
		SimTime:            s.now,
		Events:             s.events,
		CSEntries:          int64(len(s.waits)),
		MsgTypes:           s.types,
		Msgs:               slices.Clone(s.msgs),
		LinkChanges:        s.linkChanges,
		LinkChangesSkipped: s.skipped,
		MsgsLost:           s.lost,
		WindowTime:         s.winEnd - s.winStart,
		MaxInFlightPerLink: s.maxLinkLoad,
		Ports:              s.topo.PortCap(),
	}
	s.links.fill(&r, s.winStart, s.winEnd)
	s.fillWindow(&r)
	for _, c := range s.msgs {
		r.MsgsTotal += c
	}
	if w := r.WindowTime; w > 0 {
		r.ConcurrencyMean = s.csArea / w
		r.Throughput = float64(len(s.waits)) / w
	}
	if mr, ok := s.algo.(MetricsReporter); ok {
		r.Extra = mr.Metrics(nil)
	}
	s.fillStillness(&r)
	if s.classer != nil {
		for c := 1; c <= min(s.classer.NumRequestClasses(), MaxRequestClasses); c++ {
			r.Extra = append(r.Extra, Metric{ClassWaitMetric(c), s.classWait[c] / float64(s.classCount[c])}) // 0/0 = NaN: no entry
		}
	}
	if _, ok := s.check.(*LocalMutexChecker); ok {
		r.Extra = append(r.Extra, Metric{MetricConcurrency, r.ConcurrencyMean}, Metric{MetricThroughput, r.Throughput},
			Metric{MetricMaxInFlight, float64(r.MaxInFlightPerLink)})
	}
	if n := len(s.waits); n > 0 {
		sum := 0.0
		for _, w := range s.waits {
			sum += w
		}
		r.WaitMean = sum / float64(n)
		r.WaitP50, r.WaitP99, r.WaitMax = waitQuantiles(s.waits) // reorders the waits
		r.MsgsPerCS = float64(r.MsgsTotal) / float64(n)
	} else {
		// No entry was measured (crashes blocked every live node before the window opened):
		// there is no wait to report, and 0 would read as "instant".
		nan := math.NaN()
		r.WaitMean, r.WaitP50, r.WaitP99, r.WaitMax, r.MsgsPerCS = nan, nan, nan, nan, nan
	}
	return r
}

func (s *Sim) linksAtStart() int {
	if info, ok := LookupNetwork(s.p.Network); !ok || !info.UsesLinks {
		return s.links0
	}
	if s.p.Links > 0 || s.p.Degree > 0 || s.p.Connectivity > 0 {
		return s.p.LinkCount()
	}
	return s.topo.NumLinks()
}
