package traceview

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/mutexlab/mutexlab/kernel"
)

// DefaultMaxEvents bounds the events a page holds unless Options.MaxEvents says otherwise:
// about 5 MB of page (docs/viewer.md measures it), which a browser opens in about a second.
const DefaultMaxEvents = 100_000

// HardMaxEvents is the most events Options.MaxEvents may ask for.
const HardMaxEvents = 2_000_000

// maxMoves bounds the position samples of a geometric model; beyond it every other one is
// dropped (the page interpolates between those it has).
const maxMoves = 2048

// Options choose the window of a trial a page shows.
type Options struct {
	// From is the first trace event recorded (0: the trial's first); the ones before it only
	// advance the trial, and the page starts from the state they left.
	From int
	// FromTime, when From is 0, starts the window at the first event at or after this time.
	FromTime float64
	// MaxEvents bounds the window (0: DefaultMaxEvents); the page says what was cut.
	MaxEvents int
}

// Tail returns the Options.From that makes a window of max events end at the trial's last
// event, for a trial of total events (found by a first run): a failing trial opens at the
// failure with what led to it.
func Tail(total, max int) int {
	if max <= 0 {
		max = DefaultMaxEvents
	}
	return int(math.Max(0, float64(total-max)))
}

// Recorder collects one trial for a page. Install its Event method as the simulator's trace
// (sim.SetTrace(rec.Event)) before the trial starts, and call Finish with the trial's error
// when it has stopped.
type Recorder struct {
	sim    *kernel.Sim
	algo   kernel.Algorithm
	stater kernel.NodeStater
	viewer kernel.NodeViewer
	tokens kernel.TokenHolder
	opt    Options

	t       Trace
	seen    int     // trace events seen, recorded or not
	lastAt  float64 // simulated time of the last event seen
	trigger int     // the window's index of the event whose handler is running
	on      bool    // the window has opened
	full    bool    // the window is full
	dirty   []int32 // nodes whose handler ran since the trigger (a link event runs two, each may send)
	last    []int   // per node, the state last recorded
	states  map[string]int
	strs    map[string]int
	typeIdx map[string]int
	pending map[[2]int32][]int // (from, to) -> messages not yet received, in send order
	view    kernel.NodeView
}

// NewRecorder prepares a recording of the next trial sim runs with algo.
func NewRecorder(sim *kernel.Sim, algo kernel.Algorithm, opt Options) (*Recorder, error) {
	if opt.MaxEvents == 0 {
		opt.MaxEvents = DefaultMaxEvents
	}
	if opt.MaxEvents < 1 || opt.MaxEvents > HardMaxEvents {
		return nil, fmt.Errorf("max events: must be in 1..%d, got %d", HardMaxEvents, opt.MaxEvents)
	}
	if opt.From < 0 {
		return nil, fmt.Errorf("from: must be >= 0, got %d", opt.From)
	}
	r := &Recorder{sim: sim, algo: algo, opt: opt,
		states: map[string]int{}, strs: map[string]int{}, typeIdx: map[string]int{}, pending: map[[2]int32][]int{}}
	r.stater, _ = algo.(kernel.NodeStater)
	r.viewer, _ = algo.(kernel.NodeViewer)
	r.tokens, _ = algo.(kernel.TokenHolder)
	for k, ty := range algo.MessageTypes() {
		r.t.Types = append(r.t.Types, MsgType{Name: ty.Name, Token: ty.Token})
		r.typeIdx[ty.Name] = k
	}
	r.t.Token, r.t.Queues = r.tokens != nil, false
	return r, nil
}

// Event is the simulator's trace function.
func (r *Recorder) Event(e kernel.TraceEvent) {
	k := r.seen
	r.seen++
	r.lastAt = e.Time
	if !r.on {
		if k < r.opt.From || (r.opt.From == 0 && e.Time < r.opt.FromTime) {
			return
		}
		r.open(e)
	}
	if r.full {
		return
	}
	if !continues(e.Kind) {
		r.flush()
	}
	if len(r.t.Events.Kind) == r.opt.MaxEvents {
		r.flush()
		r.full = true
		return
	}
	if !continues(e.Kind) {
		r.trigger = len(r.t.Events.Kind)
	}
	r.add(e)
}

// continues reports whether an event of this kind belongs to the handler of the event before
// it: the kernel reports a handler's sends, and its CS entry, after the handler has run.
// Everything a handler does (its state, its messages, its entry) takes effect at the event
// that started it, its trigger: so the page never shows a token both held and in transit,
// or neither, in the middle of a handler.
func continues(kind string) bool { return kind == "send" || kind == "enter" || kind == "unsafe-enter" }

// add records event e.
func (r *Recorder) add(e kernel.TraceEvent) {
	ev := &r.t.Events
	idx := len(ev.Kind)
	kind := slices.Index(Kinds, e.Kind)
	if kind < 0 {
		panic("traceview: unknown trace event kind " + e.Kind) // a kernel change this file must follow
	}
	msg := int32(-1)
	switch e.Kind {
	case "send":
		msg = int32(r.sent(idx, e))
	case "recv":
		msg = int32(r.received(idx, e))
	case "link-down", "link-up":
		r.touch(e.Peer)
		r.move(idx)
	}
	peer := e.Peer
	if e.Kind == "request" || e.Kind == "enter" || e.Kind == "release" || e.Kind == "crash" {
		peer = -1
	}
	ev.Time, ev.Kind, ev.Node = append(ev.Time, e.Time), append(ev.Kind, kind), append(ev.Node, e.Node)
	ev.Peer, ev.Msg = append(ev.Peer, peer), append(ev.Msg, msg)
	r.touch(e.Node)
}

// touch marks node i's state as possibly changed by the running handler.
func (r *Recorder) touch(i int32) {
	if !slices.Contains(r.dirty, i) {
		r.dirty = append(r.dirty, i)
	}
}

// sent records the message of a send event and returns its index.
func (r *Recorder) sent(idx int, e kernel.TraceEvent) int {
	m := r.newMsg(idx, e.Node, e.Peer, e.Msg, e.Message, e.At)
	key := [2]int32{e.Node, e.Peer}
	r.pending[key] = append(r.pending[key], m)
	return m
}

// received pairs a recv event with its send: the message on the same link due at this
// time, or else (a scripted out-of-turn delivery, or a message sent before the window) the
// oldest one in transit on the link with the same words; a message sent before the window
// and never seen gets a record of its own.
func (r *Recorder) received(idx int, e kernel.TraceEvent) int {
	key := [2]int32{e.Peer, e.Node}
	q := r.pending[key]
	text := r.str(MessageText(e.Msg, e.Message))
	pick := slices.IndexFunc(q, func(m int) bool { return r.t.Msgs.Due[m] == e.Time && r.t.Msgs.Text[m] == text })
	if pick < 0 {
		pick = slices.IndexFunc(q, func(m int) bool { return r.t.Msgs.Text[m] == text })
	}
	if pick < 0 {
		m := r.newMsg(-1, e.Peer, e.Node, e.Msg, e.Message, -1)
		r.t.Msgs.Recv[m] = idx
		return m
	}
	m := q[pick]
	r.pending[key] = slices.Delete(q, pick, pick+1)
	r.t.Msgs.Recv[m] = idx
	return m
}

func (r *Recorder) newMsg(send int, from, to int32, typ string, m kernel.Message, due float64) int {
	ms := &r.t.Msgs
	ms.Send, ms.Recv = append(ms.Send, send), append(ms.Recv, -1)
	ms.From, ms.To = append(ms.From, from), append(ms.To, to)
	ms.Type, ms.Text = append(ms.Type, r.typeIdx[typ]), append(ms.Text, r.str(MessageText(typ, m)))
	ms.Due = append(ms.Due, due)
	return len(ms.Send) - 1
}

// MessageText renders a message as its type and its words without the trailing zeros, as
// the page and scenario scripts (algotest) show it: request(0,2,1).
func MessageText(typ string, m kernel.Message) string {
	w := []int64{m.A, m.B, m.C, m.D}
	for len(w) > 0 && w[len(w)-1] == 0 {
		w = w[:len(w)-1]
	}
	if len(w) == 0 {
		return typ
	}
	s := make([]string, len(w))
	for k, x := range w {
		s[k] = strconv.FormatInt(x, 10)
	}
	return typ + "(" + strings.Join(s, ",") + ")"
}

// open starts the window at event e: the state of every node, the links, the messages in
// transit (sent before the window, so with no send event and no due time).
func (r *Recorder) open(e kernel.TraceEvent) {
	r.on = true
	r.t.Skipped = r.seen - 1
	topo := r.sim.Topology()
	n := topo.N()
	r.t.N = n
	r.last = make([]int, n)
	for i := int32(0); int(i) < n; i++ {
		r.last[i] = r.state(i)
		r.t.Init = append(r.t.Init, r.last[i])
		st := 0
		switch {
		case r.sim.Crashed(i):
			st = 3
		case r.sim.InCS(i):
			st = 2
		case r.sim.Waiting(i):
			st = 1
		}
		r.t.Status = append(r.t.Status, st)
	}
	r.t.Links = initialLinks(topo, e)
	for _, m := range r.sim.Pending(nil) {
		mi := r.newMsg(-1, m.From, m.To, m.Type, m.Msg, -1)
		key := [2]int32{m.From, m.To}
		r.pending[key] = append(r.pending[key], mi)
	}
	r.move(-1)
}

// initialLinks returns the links up just before event e: the topology shows a link-up's
// change already (kernel.TraceEvent), so it is undone here; a link-down's not yet.
func initialLinks(topo *kernel.Topology, e kernel.TraceEvent) [][2]int32 {
	var links [][2]int32
	for k := range topo.NumLinks() {
		u, v := topo.Link(k)
		if e.Kind == "link-up" && (u == e.Node && v == e.Peer || u == e.Peer && v == e.Node) {
			continue
		}
		links = append(links, [2]int32{min(u, v), max(u, v)})
	}
	slices.SortFunc(links, func(a, b [2]int32) int { return int(a[0]-b[0])*1_000_000 + int(a[1]-b[1]) })
	return links
}

// flush records the state of the nodes whose handler ran since the last trigger, as their
// state from after that trigger on.
func (r *Recorder) flush() {
	for _, i := range r.dirty {
		if s := r.state(i); s != r.last[i] {
			r.last[i] = s
			r.t.Changes = append(r.t.Changes, [3]int{r.trigger, int(i), s})
		}
	}
	r.dirty = r.dirty[:0]
}

// state returns the index of node i's current state, adding it if it is new.
func (r *Recorder) state(i int32) int {
	st := State{Next: -1}
	if r.stater != nil {
		st.Line = r.str(r.stater.NodeState(i))
	} else {
		st.Line = r.str("")
	}
	if r.tokens != nil {
		st.Token = r.tokens.HoldsToken(i)
	}
	if r.viewer != nil {
		r.view.Reset()
		r.viewer.ViewNode(i, &r.view)
		st.Height, st.Next, st.Phase = slices.Clone(r.view.Height), r.view.Next, r.view.Phase
		if st.Phase != "" {
			r.str(st.Phase) // the page names phases by index (encode.go)
		}
		if r.view.HasQueue {
			st.Queue = append([]int32{}, r.view.Queue...)
			r.t.Queues = true
		}
		r.t.Arrows = r.t.Arrows || len(st.Height) > 0
	}
	key := fmt.Sprint(st.Line, st.Token, st.Height, st.Next, st.Queue == nil, st.Queue, st.Phase)
	if s, ok := r.states[key]; ok {
		return s
	}
	r.states[key] = len(r.t.States)
	r.t.States = append(r.t.States, st)
	return len(r.t.States) - 1
}

func (r *Recorder) str(s string) int {
	if k, ok := r.strs[s]; ok {
		return k
	}
	r.strs[s] = len(r.t.Strings)
	r.t.Strings = append(r.t.Strings, s)
	return len(r.t.Strings) - 1
}

// move samples every node's position after event idx (geometric models only), keeping at
// most maxMoves samples: past that, every other one goes.
func (r *Recorder) move(idx int) {
	n := r.sim.Topology().N()
	if _, _, ok := r.sim.Position(0); !ok || n == 0 {
		return
	}
	r.t.Geo = true
	xy := make([][2]float64, n)
	for i := range xy {
		x, y, _ := r.sim.Position(int32(i))
		xy[i] = [2]float64{x, y}
	}
	if len(r.t.Moves) == maxMoves {
		keep := r.t.Moves[:0]
		for k := 0; k < len(r.t.Moves); k += 2 {
			keep = append(keep, r.t.Moves[k])
		}
		r.t.Moves = keep
	}
	r.t.Moves = append(r.t.Moves, Move{Event: idx, XY: xy})
}

// WindowError is a window (Options.From, FromTime) that starts after the trial's last event:
// bad input, since the trial itself is whole.
type WindowError struct {
	Events int     // the trial's trace events
	End    float64 // the simulated time of its last
}

func (e *WindowError) Error() string {
	return fmt.Sprintf("--from-time: the window starts after the trial's last event (%d events, the last at time %g); give a time below that", e.Events, e.End)
}

// Finish closes the recording of a trial that stopped with err (nil: it passed) and
// returns its trace. The page opens at the failure, or at the start of a passing trial.
func (r *Recorder) Finish(err error) (*Trace, error) {
	if !r.on {
		if r.seen == 0 {
			return nil, errors.New("the trial emitted no event: nothing to show")
		}
		return nil, &WindowError{Events: r.seen, End: r.lastAt}
	}
	r.flush()
	t := &r.t
	t.Total, t.Kinds, t.err = r.seen, Kinds, err
	if kept := len(t.Events.Kind); t.Skipped > 0 || t.Skipped+kept < t.Total {
		t.Note = fmt.Sprintf("events %d–%d of the trial's %d are shown", t.Skipped+1, t.Skipped+kept, t.Total)
	}
	var te *kernel.TrialError
	if errors.As(err, &te) {
		t.Failure = &Failure{Kind: te.Kind.String(), Message: te.Msg, Nodes: te.Nodes, Time: te.Time}
		t.OpenAt = len(t.Events.Kind)
	} else if err != nil {
		t.Failure = &Failure{Kind: "error", Message: err.Error()}
		t.OpenAt = len(t.Events.Kind)
	}
	scale(t)
	return t, nil
}
