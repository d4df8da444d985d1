package kernel

import (
	"context"
	"github.com/mutexlab/mutexlab/kernel/eventq"
	"github.com/mutexlab/mutexlab/kernel/topology"
)

// Sim runs trials. One Sim belongs to one goroutine; it keeps every buffer between trials, so
// the second and later trials of the same size allocate nothing, and steady-state event
// processing never allocates.
type Sim struct {
	p     Params
	algo  Algorithm
	types []MsgTypeInfo
	tok   tokenCount // the single-token check (nil holder: algorithms without a token)
	large largeState // the large-network machinery's state (large.go)
	check Checker
	// linkBound is the algorithm's bound on messages in transit per link (LinkLoadBounder;
	// 0: none); maxLinkLoad is the largest load seen on any link, both directions.
	linkBound   int
	maxLinkLoad int
	fifoClamp   bool // clamp arrival times for FIFO (Topology.TrackArrivals)
	inOrder     bool // deliveries are queued in order (constant delay: Queue.PushInOrder)
	links0      int  // links when the trial started

	topo    Topology
	net     NetworkModel
	changer Changer
	q       eventq.Queue
	recs    []eventRec // event records; the queue carries their indices
	free    []uint32   // free record indices
	out     Outbox
	env     Env

	rand streams // the trial's random streams (streams.go)

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
	pending     []pendingEvent // scripted driving's scratch: the events taken out of the queue (script.go)
	picked      []uint32       // and the slots of those it delivers now
	meas        measured       // what the trial counts, in the measurement window and in all
	observer    EntryObserver  // nil unless the algorithm splits the measured waits itself (instrument.go)
	err         error          // first error; stops the trial
	starveAfter float64
	trace       func(TraceEvent)
	guard       runGuard   // what stops a trial early: its context and its event budget
	cur         eventRec   // the event being handled
	msg         Message    // its message (evDeliver)
	crash       crashState // crash-stop failures (crash.go)
	links       linkStats  // link-count diagnostics (linkstats.go)
	win         window     // phases, window sizing, MSER-5 (window.go)
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

// measured is what a trial counts as it runs, for its result: most of it inside the
// measurement window (winStart to winEnd).
type measured struct {
	winStart    float64
	winEnd      float64
	msgs        []int64 // per type, counted inside the measurement window
	msgsAll     []int64 // per type, whole trial
	linkChanges int64   // inside the window
	skipped     int64   // link changes skipped because no link could go down
	lost        int64   // messages lost to a link failure (lossy networks)
	waits       []float64
	csArea      float64 // ∫ (nodes in the CS) dt over the measurement window so far
	csAreaT     float64 // time up to which csArea is accumulated
}

// tokenCount is what the online single-token check counts: holders plus token messages in
// flight must always be one (checkTokens).
type tokenCount struct {
	holder      TokenHolder // nil for algorithms without a token
	held        bool        // token held by the node being handled, before the handler
	holders     int         // nodes holding a token
	inFlightTok int         // token messages in flight
}

// runGuard is what stops a trial early: its context (RunContext) and its event budget
// (Params.EventBudget), both looked at every checkEvery events (checkpoint).
type runGuard struct {
	stop      <-chan struct{} // closed when the trial is to stop (RunContext); nil: never
	budget    int64           // the trial's event budget per CS entry (Params.EventBudget)
	lastEntry int64           // events processed when the last CS entry happened
	nextCheck int64           // events at which loop next looks at stop and budget
}

// NewSim returns a simulator with no storage yet; the first trial sizes it.
func NewSim() *Sim { return &Sim{} }

// Run executes one trial of algo under p and returns its measurements, or a *TrialError for a
// safety violation, starvation, broken invariant or exhausted event budget (with the seed to
// replay it), or a *ParamError for bad parameters.
func (s *Sim) Run(p Params, algo Algorithm) (Result, error) {
	return s.RunContext(context.Background(), p, algo)
}

// ErrInterrupted is returned by RunContext for a trial stopped because its context was
// cancelled: the trial has no result, and nothing is wrong with it. It is the value the
// random graph's build returns when stopped (topology.ErrInterrupted).
var ErrInterrupted = topology.ErrInterrupted

// RunContext is Run, stopped early with ErrInterrupted when ctx is cancelled: the kernel
// looks at ctx every checkEvery events, so a trial in flight stops within about a
// millisecond of the cancellation.
func (s *Sim) RunContext(ctx context.Context, p Params, algo Algorithm) (Result, error) {
	s.guard.stop = ctx.Done() // setup looks at it between its phases (setup)
	err := s.begin(p, algo)
	s.guard.stop = nil
	if err != nil {
		return Result{}, err
	}
	return s.complete(ctx.Done())
}

// Begin validates p and sets up a trial of algo without running it: the caller drives it
// event by event with Step and RunUntil and reads it with the accessors of script.go, as a
// network model's tests do to look at the network after every event. Unlike Script, the
// trial runs as Run would run it: requests, link changes and the measurement window happen
// on their own.
func (s *Sim) Begin(p Params, algo Algorithm) error { return s.begin(p, algo) }

// Network returns the trial's network model (for inspection in its tests).
func (s *Sim) Network() NetworkModel { return s.net }

// interrupted reports whether the trial's stop channel is closed. Setup looks between its
// phases: a trial of 10^6 nodes takes about a second to set up, several with two trials
// setting up at once on two cores, and a stopped run should not wait for setups whose
// trials will not run.
func (s *Sim) interrupted() bool { return closed(s.guard.stop) }

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
	s.guard.budget, s.guard.lastEntry = p.EventBudget(), 0
	s.guard.nextCheck = min(checkEvery, s.guard.budget)
	return nil
}

// complete runs the trial begin set up to its end, or until stop is closed, and returns its
// result.
func (s *Sim) complete(stop <-chan struct{}) (Result, error) {
	s.guard.stop = stop
	s.loop()
	s.guard.stop = nil
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
