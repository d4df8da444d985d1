package explore

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/mutexlab/mutexlab/kernel"
)

// Options bound and configure a search.
type Options struct {
	NoReduction bool          // explore every order of independent steps (no sleep sets)
	NoHashing   bool          // do not recognise states seen before: a tree search (needs MaxDepth)
	MaxStates   int           // stop after this many distinct states (0: no bound)
	MaxDepth    int           // do not go deeper than this many steps (0: no bound)
	Timeout     time.Duration // stop after this long (0: no bound)
	// Progress, when set, is given what was explored so far (States, Transitions, MaxDepth,
	// Elapsed) about once a second while the search runs.
	Progress func(so Result)
}

// hooks are the package's tests' views into a search: rawMemory writes every part of the
// memory as its bytes, ignoring StateAppender; onState sees every new state.
type hooks struct {
	rawMemory bool
	onState   func(e *engine)
}

// Result is what a search found.
type Result struct {
	States      int64 // distinct states (visits without hashing)
	Transitions int64 // steps run
	MaxDepth    int   // longest path
	Replays     int64 // re-executions from the start
	Elapsed     time.Duration
	// Limit is the bound that stopped the search before it explored everything ("" when it
	// did): the result then covers only what was explored.
	Limit      string
	Violations []Violation // one per distinct violation, each with the shortest path found
	Sometimes  []Sometimes
	Crashes    bool // the scenario has crashes: a crash excuses some requests from being served
}

// Violation is a safety or liveness violation and the shortest path found to it.
type Violation struct {
	Key  string  // what identifies it: its kind and nodes, in order
	Err  error   // the kernel's error, or a deadlock
	Path []Step  // the steps from the start; the last one fails (a deadlock: ends in the state)
	Wait []int32 // a deadlock's or a livelock's waiting nodes (nil: neither)
	// Cycle is, for a livelock, how many of the path's last steps form the cycle: they lead
	// back to the state before them (0: not a livelock).
	Cycle int
	// FirstAt is how many distinct states the search had explored when it first found the
	// violation: a bound of more states (Options.MaxStates) finds it again, a bound of fewer
	// does not.
	FirstAt int64
}

// Sometimes is a property some explored path must reach, so that a pass is not vacuous.
type Sometimes struct {
	Name    string
	Reached bool
}

// Verified reports whether the search explored everything, found no violation and reached
// every "sometimes" property.
func (r *Result) Verified() bool {
	if r.Limit != "" || len(r.Violations) > 0 {
		return false
	}
	for _, s := range r.Sometimes {
		if !s.Reached {
			return false
		}
	}
	return true
}

// StatesPerSecond is the search's speed.
func (r *Result) StatesPerSecond() float64 {
	if r.Elapsed <= 0 {
		return 0
	}
	return float64(r.States) / r.Elapsed.Seconds()
}

// search is one search's state.
type search struct {
	ctx     context.Context
	opt     Options
	hooks   hooks
	e       *engine
	seen    map[[2]uint64]sleepRef // with hashing: each state's sleep set in asleep (Godefroid's state caching)
	onPath  map[[2]uint64]int      // with hashing: the states on the current path, at their depth (livelock.go)
	graph   *stateGraph            // with draws as choices: every state and step explored (almostsure.go)
	frames  []frame                // and what is kept of each, by depth
	asleep  sleepStore             // the sleep sets' steps, in chunks: with the map, nothing per state that the collector scans
	res     Result
	path    []Step
	start   time.Time
	entered []bool // the nodes that entered the CS on some path
	moved   bool   // a link changed while a message was in transit
	crashed bool   // a node crashed while its request was pending
	doorway bool   // a node crashed while in a doorway (DoorwayReporter)
	found   map[string]int
	calls   int64     // visits, for the clock's and the context's checks
	told    time.Time // when Progress was last called
}

// errStop unwinds the search when a bound is hit.
var errStop = errors.New("stop")

// Run explores sc under opt. ctx stops it early (SIGINT): what was explored is reported,
// with Limit "interrupted". An error is the scenario's (it cannot start).
func Run(ctx context.Context, sc *Scenario, opt Options) (*Result, error) {
	return runSearch(ctx, sc, opt, hooks{})
}

// runSearch is Run with the tests' hooks.
func runSearch(ctx context.Context, sc *Scenario, opt Options, h hooks) (*Result, error) {
	if err := sc.Validate(); err != nil {
		return nil, err
	}
	if opt.NoHashing && opt.MaxDepth <= 0 {
		return nil, fmt.Errorf("a search without hashing needs a depth bound: a cycle of states would never end")
	}
	if opt.NoHashing && sc.EveryDraw {
		return nil, fmt.Errorf("a search with every draw a choice needs hashing: it checks liveness on the graph of the states")
	}
	if sc.EveryDraw {
		opt.NoReduction = true // almost-sure liveness reads every step of every state
	}
	s := &search{ctx: ctx, opt: opt, hooks: h, e: newEngine(sc, h.rawMemory), start: time.Now(), entered: make([]bool, sc.N), found: map[string]int{}}
	s.told = s.start
	if !opt.NoHashing {
		s.seen, s.onPath = map[[2]uint64]sleepRef{}, map[[2]uint64]int{}
	}
	if sc.EveryDraw {
		s.graph = newStateGraph()
	}
	if err := s.e.reset(); err != nil {
		return nil, fmt.Errorf("%s on %s: %w", sc.Algorithm, EdgeList(sc.Edges), err)
	}
	if err := s.visit(nil); err != nil && err != errStop {
		return nil, err
	}
	if s.graph != nil {
		s.almostSure()
	}
	s.res.Elapsed = time.Since(s.start)
	s.res.Sometimes = s.sometimes()
	s.res.Crashes = sc.Crashes > 0
	slices.SortFunc(s.res.Violations, func(a, b Violation) int { return len(a.Path) - len(b.Path) })
	return &s.res, nil
}

// visit explores the state the trial is at, reached with sleep set z.
func (s *search) visit(z []sleeper) error {
	if err := s.bounds(); err != nil {
		return err
	}
	s.res.MaxDepth = max(s.res.MaxDepth, len(s.path))
	todo := s.e.enabled(nil)
	if s.seen == nil {
		s.newState(todo)
	} else {
		fp := s.e.fingerprint()
		defer s.onPathAt(fp, todo)()
		if todo = s.recognise(fp, todo, z); len(todo) == 0 {
			return nil
		}
	}
	if s.opt.MaxDepth > 0 && len(s.path) >= s.opt.MaxDepth {
		if len(todo) > 0 && s.res.Limit == "" {
			s.res.Limit = fmt.Sprintf("depth %d", s.opt.MaxDepth)
		}
		return nil
	}
	return s.stepEach(todo, z)
}

// onPathAt records the state with fingerprint fp and steps todo as the path's current end:
// in the explored graph with draws as choices, else among the states a cycle may close on
// (livelock.go). It returns what undoes that when the search leaves the state.
func (s *search) onPathAt(fp [2]uint64, todo []Step) func() {
	if s.graph != nil {
		s.graph.enter(fp, s.e, s.path, todo)
		return s.graph.leave
	}
	if d, ok := s.onPath[fp]; ok {
		s.closeCycle(d)
	}
	if s.pushFrame(fp, todo) {
		return func() { delete(s.onPath, fp) }
	}
	return func() {}
}

// recognise returns the steps of todo still to explore from the state with fingerprint fp,
// reached with sleep set z: all of them in a new state, which it counts and checks; in one
// explored before with a sleep set stored, what was asleep then and is awake now, and from
// then on only what is asleep in both stays so.
func (s *search) recognise(fp [2]uint64, todo []Step, z []sleeper) []Step {
	ref, ok := s.seen[fp]
	if !ok {
		s.seen[fp] = s.asleep.store(z)
		s.newState(todo)
		return todo
	}
	stored := s.asleep.set(ref)
	todo = slices.DeleteFunc(todo, func(t Step) bool { return !holds(stored, t) || asleep(z, t) })
	kept := slices.DeleteFunc(stored, func(x packedStep) bool { return !asleepPacked(z, x) })
	s.seen[fp] = ref.withLen(len(kept))
	return todo
}

// stepEach explores each step of todo not asleep in z, and each value of the draws of one
// that draws.
func (s *search) stepEach(todo []Step, z []sleeper) error {
	z = slices.Clone(z)
	for k := 0; k < len(todo); k++ {
		t := todo[k]
		if asleep(z, t) {
			continue
		}
		fp, failed, values, err := s.step(&t, z)
		if err != nil {
			return err
		}
		if todo[k].Draw == 0 {
			// The step drew: its draws' other values are steps of their own.
			for v := 2; v <= values; v++ {
				todo = append(todo, Step{Kind: t.Kind, A: t.A, B: t.B, Draw: int32(v)})
			}
		}
		if !failed {
			// A step that failed did not commute with what ran before it (the online
			// checks read every node: 1 entering before 2 leaves fails, after it does not),
			// so the other order is explored too.
			z = append(z, sleeper{t, fp})
		}
	}
	return nil
}

// step runs t from the current path's state and explores what follows, with the sleep set
// z of the state it leaves; it returns t's footprint, whether t failed, and how many values
// its draws take together. A step that draws, run with Draw 0, comes back with Draw 1: its
// draws gave the first values.
func (s *search) step(t *Step, z []sleeper) (fp footprint, failed bool, values int, err error) {
	if len(s.e.path) != len(s.path) || !slices.Equal(s.e.path, s.path) {
		s.res.Replays++
		if err := s.e.goTo(s.path); err != nil {
			return footprint{}, false, 0, fmt.Errorf("replaying %v: %w (the algorithm is not a pure function of its steps)", s.path, err)
		}
	}
	inTransit, pending := len(s.e.sim.InTransit(nil)) > 0, s.e.sim.Waiting(t.A)
	s.doorway = s.doorway || crashesInDoorway(s.e, *t)
	fp, err = s.e.apply(*t)
	if errors.Is(err, errTooManyDraws) || len(s.e.path) != len(s.path)+1 {
		return fp, false, 0, err
	}
	*t = s.e.path[len(s.path)]
	if s.e.drawn > 0 {
		values = s.e.drawCombinations(s.e.drawn)
	}
	s.res.Transitions++
	s.path = append(s.path, *t)
	defer func() { s.path = s.path[:len(s.path)-1] }()
	s.noteSometimes(*t, inTransit, pending)
	if err != nil {
		s.violation(err, nil)
		return fp, true, values, nil
	}
	return fp, false, values, s.visit(s.childSleep(z, fp))
}

// childSleep returns the sleep set after a step with footprint fp: the steps of z (asleep
// or explored before it here) that commute with it.
func (s *search) childSleep(z []sleeper, fp footprint) []sleeper {
	if s.opt.NoReduction {
		return nil
	}
	var child []sleeper
	for _, x := range z {
		if independent(x.fp, fp) {
			child = append(child, x)
		}
	}
	return child
}

// bounds stops the search when a bound is hit.
func (s *search) bounds() error {
	s.calls++
	if s.opt.MaxStates > 0 && s.res.States >= int64(s.opt.MaxStates) {
		s.res.Limit = fmt.Sprintf("%d states (--max-states)", s.opt.MaxStates)
		return errStop
	}
	if s.calls%256 != 0 {
		return nil
	}
	s.tell()
	switch {
	case s.ctx.Err() != nil:
		s.res.Limit = "interrupted"
	case s.opt.Timeout > 0 && time.Since(s.start) > s.opt.Timeout:
		s.res.Limit = fmt.Sprintf("%v (--timeout)", s.opt.Timeout)
	default:
		return nil
	}
	return errStop
}

// tell gives Options.Progress what was explored so far, at most once a second.
func (s *search) tell() {
	if s.opt.Progress == nil || time.Since(s.told) < time.Second {
		return
	}
	s.told = time.Now()
	so := s.res
	so.Elapsed = time.Since(s.start)
	s.opt.Progress(so)
}

// newState counts a state seen for the first time and checks it for deadlock (with nothing
// in transit and nobody in the CS, a waiting node no crash excuses waits for good) and, when
// it is terminal, the messages per request against the algorithm's bound.
func (s *search) newState(todo []Step) {
	s.res.States++
	if s.hooks.onState != nil {
		s.hooks.onState(s.e)
	}
	if quiet, waiting := s.e.quiescent(); quiet && len(waiting) > 0 {
		s.violation(deadlock(s.e.sc, waiting), waiting)
	}
	if len(todo) == 0 {
		if err := s.e.overBound(); err != nil {
			s.violation(err, nil)
		}
	}
}

// noteSometimes records the "sometimes" properties step t reached; inTransit and pending
// describe the state before it (a message in transit, t's node waiting).
func (s *search) noteSometimes(t Step, inTransit, pending bool) {
	if (t.Kind == Request || t.Kind == Deliver) && s.e.sim.InCS(t.A) {
		s.entered[t.A] = true
	}
	if (t.Kind == LinkDown || t.Kind == LinkUp) && inTransit {
		s.moved = true
	}
	if t.Kind == Crash && pending {
		s.crashed = true
	}
}

// sometimes lists the "sometimes" properties and whether the search reached them.
func (s *search) sometimes() []Sometimes {
	var out []Sometimes
	for i, ok := range s.entered {
		out = append(out, Sometimes{fmt.Sprintf("node %d enters the CS", i), ok})
	}
	if s.e.sc.LinkChanges > 0 {
		out = append(out, Sometimes{"a link changes while a message is in transit", s.moved})
	}
	if s.e.sc.Crashes > 0 {
		out = append(out, Sometimes{"a node crashes while its request is pending", s.crashed})
	}
	return doorwaySometimes(out, s.e, s.doorway)
}

// violation records err at the current path, keeping the shortest path of each violation.
func (s *search) violation(err error, waiting []int32) {
	key := violationKey(err, waiting)
	v := Violation{Key: key, Err: err, Path: slices.Clone(s.path), Wait: waiting, FirstAt: s.res.States}
	if k, ok := s.found[key]; !ok {
		s.found[key] = len(s.res.Violations)
		s.res.Violations = append(s.res.Violations, v)
	} else if len(v.Path) < len(s.res.Violations[k].Path) {
		v.FirstAt = s.res.Violations[k].FirstAt
		s.res.Violations[k] = v
	}
}

// violationKey identifies a violation by its kind and the nodes it names, in order: the
// same violation reached by two orders of commuting steps names the same nodes, perhaps
// in another order ("nodes 2 and 1 are in the CS at once").
func violationKey(err error, waiting []int32) string {
	var te *kernel.TrialError
	if !errors.As(err, &te) {
		return err.Error()
	}
	if strings.HasPrefix(te.Msg, msgBoundMsg) {
		return msgBoundMsg // whatever the count: one violation
	}
	if len(te.Nodes) == 0 {
		return te.Kind.String() + ": " + te.Msg
	}
	nodes := slices.Clone(te.Nodes)
	slices.Sort(nodes)
	what := te.Kind.String()
	switch {
	case strings.HasPrefix(te.Msg, livelockMsg):
		what = livelockMsg
	case waiting != nil:
		what = "deadlock"
	}
	return fmt.Sprintf("%s %v", what, nodes)
}

// Verdict says in words what the result shows: VERIFIED only when the search explored
// everything, found no violation and reached every "sometimes" property.
func Verdict(r *Result) string {
	var unreached []string
	for _, s := range r.Sometimes {
		if !s.Reached {
			unreached = append(unreached, s.Name)
		}
	}
	switch {
	case len(r.Violations) > 0:
		return fmt.Sprintf("VIOLATED: %d distinct violations", len(r.Violations))
	case r.Limit != "":
		return fmt.Sprintf("EXPLORED UP TO %s: no violation in the %d states explored, which is not a pass", r.Limit, r.States)
	case len(unreached) > 0:
		return fmt.Sprintf("NOT VERIFIED: no violation, but never reached: %s (the scenario is too small to show it)", strings.Join(unreached, "; "))
	}
	served := "every request served"
	if r.Crashes {
		served = "every request served that no crash excuses"
	}
	return fmt.Sprintf("VERIFIED: no violation in all %d states, %s, every \"sometimes\" property reached", r.States, served)
}
