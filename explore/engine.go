package explore

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/mutexlab/mutexlab/kernel"
)

// engine is one scripted trial of the scenario and the path of steps it has run: the state
// the search is at.
type engine struct {
	sc      *Scenario
	p       kernel.Params
	sim     *kernel.Sim
	algo    kernel.Algorithm
	stater  kernel.NodeStater
	left    []int  // requests each node has left
	budget  int    // link changes left
	crashes int    // crashes left
	path    []Step // the steps run since the start
	trace   func(kernel.TraceEvent)

	// bound is the algorithm's messages per request (MessageBounder; 0: none declared), and
	// sent the messages sent on the path, counted only then. locality is the failure
	// locality that excuses a waiting node near a crash (FailureLocalityClaimer, without link
	// changes; 0: any crashed node it can reach excuses it).
	bound, locality int
	sent            int64

	// choices is how many values a request may carry (kernel.RequestChooser), each explored
	// as a step of its own; 0: the algorithm draws none, or draws them from its stream.
	choices int

	// drawChoices is, with draws as choices (Scenario.EveryDraw), how many values a draw
	// gives; drawIndex is the running step's values (its Step.Draw - 1, in base
	// drawChoices, the first draw's value the lowest digit), and drawn counts its draws.
	drawChoices int
	drawIndex   int
	drawn       int

	rawMemory bool // write the memory as its bytes, ignoring StateAppender (tests)

	buf     []byte // scratch: fingerprints
	transit []kernel.InFlight
	draws   []byte // the algorithm's stream before a step
	after   []byte // and after it
}

func newEngine(sc *Scenario, rawMemory bool) *engine {
	e := &engine{sc: sc, p: sc.params(), rawMemory: rawMemory, sim: kernel.NewSim()}
	e.fresh()
	if b, ok := e.algo.(MessageBounder); ok {
		e.bound = max(b.MessagesPerRequestBound(sc.N), 0)
	}
	if c, ok := e.algo.(FailureLocalityClaimer); ok && sc.LinkChanges == 0 {
		e.locality = max(c.FailureLocality(sc.N), 0)
	}
	return e
}

// fresh takes a new algorithm instance: a reused one would carry what it computed in the
// trials before (rr's routes, under the topology's version), and a state must be the same
// whichever way the search came to it.
func (e *engine) fresh() {
	e.algo = e.sc.New()
	e.stater = e.algo.(kernel.NodeStater)
}

// reset starts the trial anew with a fresh algorithm instance: the scenario's network,
// every request still to come. The simulator is reused (ScriptAgain): its version restarts.
func (e *engine) reset() error {
	if len(e.path) > 0 || e.sim.Err() != nil {
		e.fresh()
	}
	e.path = e.path[:0]
	e.left = e.left[:0]
	for range e.sc.N {
		e.left = append(e.left, e.sc.Requests)
	}
	e.budget, e.crashes, e.sent = e.sc.LinkChanges, e.sc.Crashes, 0
	e.sim.SetTrace(e.traceHook())
	if err := e.sim.ScriptAgain(e.p, e.algo, e.sc.Edges); err != nil {
		return err
	}
	if rc, ok := e.algo.(kernel.RequestChooser); ok {
		e.choices = rc.RequestChoices()
	}
	if dc, ok := e.algo.(kernel.DrawChooser); ok && e.sc.EveryDraw {
		e.drawChoices = dc.DrawChoices()
		dc.ChooseDraws(e.nextDraw)
	}
	return nil
}

// nextDraw is the value of a draw when draws are choices: the running step's next.
func (e *engine) nextDraw() int {
	v := e.drawIndex
	for range e.drawn {
		v /= e.drawChoices
	}
	e.drawn++
	return v % e.drawChoices
}

// drawList renders the values the draws of step s, just run, gave: "1,0".
func (e *engine) drawList(s Step) string {
	words := make([]string, e.drawn)
	v := int(s.Draw) - 1
	for k := range words {
		words[k] = strconv.Itoa(v % e.drawChoices)
		v /= e.drawChoices
	}
	return strings.Join(words, ",")
}

// maxDrawCombinations bounds the values a step's draws may take together: each is a step
// of its own.
const maxDrawCombinations = 1 << 12

// drawCombinations is how many values k draws take together, or 0 past
// maxDrawCombinations.
func (e *engine) drawCombinations(k int) int {
	c := 1
	for range k {
		if c *= e.drawChoices; c > maxDrawCombinations {
			return 0
		}
	}
	return c
}

// traceHook returns the trial's trace function: e.trace, and with a message bound to check
// a count of the messages sent (tracing costs time, so only then).
func (e *engine) traceHook() func(kernel.TraceEvent) {
	if e.bound == 0 {
		return e.trace
	}
	return func(ev kernel.TraceEvent) {
		if ev.Kind == "send" {
			e.sent++
		}
		if e.trace != nil {
			e.trace(ev)
		}
	}
}

// goTo brings the trial to the end of path: by running the rest of it when the trial is on
// the way there, else from the start. It returns the error of a step that fails.
func (e *engine) goTo(path []Step) error {
	if e.sim.Err() != nil || len(e.path) > len(path) || !slices.Equal(e.path, path[:len(e.path)]) {
		if err := e.reset(); err != nil {
			return err
		}
	}
	for _, s := range path[len(e.path):] {
		if err := e.run(s); err != nil {
			return err
		}
	}
	return nil
}

// apply runs step s and returns its footprint.
func (e *engine) apply(s Step) (footprint, error) {
	e.draws = e.sim.AlgorithmStreamState(e.draws[:0])
	inCS := e.sim.InCS(s.A)
	err := e.run(s)
	fp := footprint{a: s.A, b: -1}
	switch s.Kind {
	case Deliver:
		if _, bounded := e.algo.(kernel.LinkLoadBounder); bounded {
			fp.b = s.B // the link's load, checked at B's sends, falls: the order matters
		}
	case Crash, LinkDown, LinkUp:
		fp.all = true
	}
	e.after = e.sim.AlgorithmStreamState(e.after[:0])
	fp.drew = !bytes.Equal(e.draws, e.after)
	fp.cs = inCS != e.sim.InCS(s.A)
	return fp, err
}

// run runs step s: a replay's step, whose footprint is not needed. With draws as choices, a
// step run with Draw 0 that draws gives the first value, and is recorded with Draw 1.
func (e *engine) run(s Step) error {
	e.drawIndex, e.drawn = max(int(s.Draw)-1, 0), 0
	err := e.runStep(s)
	switch {
	case e.drawn > 0 && e.drawCombinations(e.drawn) == 0:
		return fmt.Errorf("step %v: %w", s, errTooManyDraws)
	case e.drawn > 0 && s.Draw == 0:
		s.Draw = 1
	case e.drawn == 0 && s.Draw > 0:
		return fmt.Errorf("step %v drew nothing: the algorithm is not a pure function of its steps", s)
	}
	e.path = append(e.path, s)
	return err
}

// errTooManyDraws stops a search whose step's draws take more values together than it
// explores.
var errTooManyDraws = fmt.Errorf("its draws take more than %d values together, each a step to explore; lower the values a draw takes", maxDrawCombinations)

// runStep runs step s.
func (e *engine) runStep(s Step) error {
	switch s.Kind {
	case Request:
		e.left[s.A]--
		if s.B > 0 {
			e.algo.(kernel.RequestChooser).ChooseRequest(s.A, int(s.B-1))
		}
		return e.sim.RequestCS(s.A)
	case Release:
		return e.sim.ReleaseCS(s.A)
	case Deliver:
		_, err := e.sim.DeliverFrom(s.A, s.B)
		return err
	case Crash:
		e.crashes--
		return e.sim.Crash(s.A)
	case LinkDown:
		e.budget--
		return e.sim.LinkDown(s.A, s.B)
	case LinkUp:
		e.budget--
		return e.sim.LinkUp(s.A, s.B)
	}
	return nil
}

// enabled appends the steps enabled in the current state to dst, in a fixed order: requests,
// releases, deliveries (by receiver, then sender), link changes, crashes.
func (e *engine) enabled(dst []Step) []Step {
	n := int32(e.sc.N)
	for i := range n {
		if e.left[i] == 0 || e.sim.InCS(i) || e.sim.Waiting(i) || e.sim.Crashed(i) {
			continue
		}
		if e.choices <= 1 { // no value, or one: nothing to choose
			dst = append(dst, Step{Kind: Request, A: i})
			continue
		}
		for c := 1; c <= e.choices; c++ {
			dst = append(dst, Step{Kind: Request, A: i, B: int32(c)})
		}
	}
	for i := range n {
		if e.sim.InCS(i) {
			dst = append(dst, Step{Kind: Release, A: i})
		}
	}
	e.transit = e.sim.InTransit(e.transit[:0])
	heads := len(dst)
	for _, m := range e.transit {
		s := Step{Kind: Deliver, A: m.To, B: m.From}
		if !slices.Contains(dst[heads:], s) {
			dst = append(dst, s)
		}
	}
	slices.SortFunc(dst[heads:], func(x, y Step) int { return cmp.Or(cmp.Compare(x.A, y.A), cmp.Compare(x.B, y.B)) })
	if e.budget > 0 {
		dst = e.linkChanges(dst)
	}
	if e.crashes > 0 && e.live() > 1 {
		for i := range n {
			if !e.sim.Crashed(i) {
				dst = append(dst, Step{Kind: Crash, A: i})
			}
		}
	}
	return dst
}

// live counts the nodes that have not crashed.
func (e *engine) live() int {
	k := 0
	for i := range int32(e.sc.N) {
		if !e.sim.Crashed(i) {
			k++
		}
	}
	return k
}

// linkChanges appends the link changes enabled now: a link with no message in transit goes
// down if the network stays connected without it (a partition would leave requests unserved
// by design, not by error); two nodes not linked form a link.
func (e *engine) linkChanges(dst []Step) []Step {
	topo := e.sim.Topology()
	n := int32(e.sc.N)
	var links [][2]int32
	for k := range topo.NumLinks() {
		u, v := topo.Link(k)
		links = append(links, [2]int32{u, v})
	}
	for u := range n {
		for v := u + 1; v < n; v++ {
			if !topo.Adjacent(u, v) {
				if !topo.Full(u) && !topo.Full(v) {
					dst = append(dst, Step{Kind: LinkUp, A: u, B: v})
				}
				continue
			}
			if k := topo.LinkIndex(u, topo.PortTo(u, v)); topo.LinkIdle(k) && connected(e.sc.N, without(links, u, v)) {
				dst = append(dst, Step{Kind: LinkDown, A: u, B: v})
			}
		}
	}
	return dst
}

// without returns links without the link u-v.
func without(links [][2]int32, u, v int32) [][2]int32 {
	var out [][2]int32
	for _, l := range links {
		if l != [2]int32{u, v} && l != [2]int32{v, u} {
			out = append(out, l)
		}
	}
	return out
}

// section is node i's section: 0 remainder, 1 waiting, 2 in the CS, 3 crashed.
func (e *engine) section(i int32) byte {
	switch {
	case e.sim.Crashed(i):
		return 3
	case e.sim.InCS(i):
		return 2
	case e.sim.Waiting(i):
		return 1
	}
	return 0
}

// fingerprint hashes the state: each node's section and requests left, each node's ports
// and their peers, the messages in transit per directed link in order, the link
// changes and crashes left, the messages sent when a bound is checked (the terminal check
// reads them), the algorithm's random stream and its whole memory (memoryWriter).
func (e *engine) fingerprint() [2]uint64 {
	b := e.buf[:0]
	topo := e.sim.Topology()
	for i := range int32(e.sc.N) {
		b = append(b, e.section(i), byte(e.left[i]))
		up := topo.Up()
		for p := up.Next(i, 0); p >= 0; p = up.Next(i, p+1) {
			b = binary.AppendVarint(b, int64(p))
			b = binary.AppendVarint(b, int64(topo.Peer(i, p)))
		}
		b = append(b, 0xff)
	}
	e.transit = e.sim.InTransit(e.transit[:0])
	slices.SortStableFunc(e.transit, func(x, y kernel.InFlight) int {
		return cmp.Or(cmp.Compare(x.From, y.From), cmp.Compare(x.To, y.To))
	})
	for _, m := range e.transit {
		b = binary.AppendVarint(b, int64(m.From))
		b = binary.AppendVarint(b, int64(m.To))
		b = binary.AppendVarint(b, int64(m.Msg.Type))
		for _, w := range [4]int64{m.Msg.A, m.Msg.B, m.Msg.C, m.Msg.D} {
			b = binary.AppendVarint(b, w)
		}
	}
	b = binary.AppendVarint(b, int64(e.budget))
	b = binary.AppendVarint(b, int64(e.crashes))
	if e.bound > 0 {
		b = binary.AppendVarint(b, e.sent)
	}
	b = e.sim.AlgorithmStreamState(b)
	w := memoryWriter{b: b, seen: map[uintptr]bool{}, raw: e.rawMemory}
	w.value(reflect.ValueOf(e.algo))
	b = w.b
	e.buf = b
	h := fnv.New128a()
	h.Write(b)
	var sum [16]byte
	h.Sum(sum[:0])
	return [2]uint64{binary.LittleEndian.Uint64(sum[:8]), binary.LittleEndian.Uint64(sum[8:])}
}
