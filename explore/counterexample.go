package explore

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/mutexlab/mutexlab/kernel"
	"github.com/mutexlab/mutexlab/traceview"
)

// Shorten removes steps from v's path while the rest still reaches the same violation (each
// step enabled where it runs, the violation at the end and nowhere before): the shortest
// path a search finds is the shortest of those it explored, not of all, and a step that
// plays no part in the violation only makes its script longer to read.
func Shorten(sc *Scenario, v Violation) Violation {
	e := newEngine(sc, false)
	for k := 0; k < len(v.Path); k++ {
		cand := slices.Delete(slices.Clone(v.Path), k, k+1)
		if got, ok := reproduce(e, cand, v.Key); ok {
			v.Path, v.Err, v.Wait = cand, got.Err, got.Wait
			k--
		}
	}
	return v
}

// reproduce replays path and reports the violation it reaches, if it is the one named key.
// The violation's path is the one run: a step that draws carries its values (Step.Draw).
func reproduce(e *engine, path []Step, key string) (Violation, bool) {
	if err := e.reset(); err != nil {
		return Violation{}, false
	}
	found := func(err error, waiting []int32) (Violation, bool) {
		k := violationKey(err, waiting)
		return Violation{Key: k, Err: err, Path: slices.Clone(e.path), Wait: waiting}, k == key
	}
	for k, s := range path {
		if !slices.Contains(e.enabled(nil), action(s)) {
			return Violation{}, false
		}
		if _, err := e.apply(s); err != nil {
			v, ok := found(err, nil)
			return v, ok && k == len(path)-1
		}
	}
	if err := e.overBound(); err != nil && len(e.enabled(nil)) == 0 {
		return found(err, nil)
	}
	quiet, waiting := e.quiescent()
	if !quiet || len(waiting) == 0 {
		return Violation{}, false
	}
	return found(deadlock(e.sc, waiting), waiting)
}

// Script renders v's path as a scenario script (algotest's format: each command,
// "----", and what it prints), header lines first as comments: copied into an algorithm's
// testdata, it is a regression test. A path that ends without an error (a deadlock, a
// livelock's cycle, or too many messages) ends with "check", which shows who waits.
func Script(sc *Scenario, v Violation, header []string) string {
	var b strings.Builder
	for _, h := range header {
		b.WriteString("# " + h + "\n")
	}
	r := &scriptWriter{e: newEngine(sc, false), shown: make([]string, sc.N), b: &b}
	r.e.trace = func(ev kernel.TraceEvent) { r.events = append(r.events, ev) }
	r.command(r.networkCommand(), r.e.reset())
	for _, s := range v.Path {
		cmd := s.String()
		if s.Kind == Deliver && r.toNode(s.A) == 1 {
			cmd = Step{Kind: Deliver, A: s.A, B: s.B, Draw: s.Draw}.String()
			cmd = strings.Replace(cmd, fmt.Sprintf(" from %d", s.B), "", 1)
		}
		if s.Kind == Request && s.B > 0 { // the note algotest's "request i choice c" prints
			r.events = append(r.events, kernel.TraceEvent{Kind: "note", Msg: "(" + r.e.algo.(kernel.RequestChooser).Choice(int(s.B-1)) + ")"})
		}
		_, err := r.e.apply(s)
		if r.e.drawn > 1 { // the draws' values one by one, as algotest takes them
			cmd = strings.Replace(cmd, fmt.Sprintf(" draw %d", s.Draw-1), " draw "+r.e.drawList(s), 1)
		}
		r.command(cmd, err)
		if err != nil {
			return b.String()
		}
	}
	var in, waiting []int32 // all of them: a crash may excuse some, and check lists every one
	for i := range int32(sc.N) {
		if r.e.sim.InCS(i) {
			in = append(in, i)
		}
		if r.e.sim.Waiting(i) {
			waiting = append(waiting, i)
		}
	}
	if v.Cycle > 0 {
		fmt.Fprintf(&b, "\n# the last %d steps came back to the state before them: round and round, nodes %v wait for ever\n", v.Cycle, v.Wait)
	}
	fmt.Fprintf(&b, "\ncheck\n----\nok: in the CS [%s], waiting [%s], %d messages in transit\n",
		nodeWords(in), nodeWords(waiting), len(r.e.sim.InTransit(nil)))
	return b.String()
}

// scriptWriter renders commands and their output as algotest prints them.
type scriptWriter struct {
	e      *engine
	events []kernel.TraceEvent
	shown  []string // each node's state line last printed
	b      *strings.Builder
}

// networkCommand is the script's first command: the scenario's seed, parameters and links.
func (r *scriptWriter) networkCommand() string {
	words := []string{"network"}
	if r.e.sc.Seed != 1 {
		words = append(words, "seed="+strconv.FormatUint(r.e.sc.Seed, 10))
	}
	keys := make([]string, 0, len(r.e.sc.Params))
	for k := range r.e.sc.Params {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		words = append(words, k+"="+strconv.FormatFloat(r.e.sc.Params[k], 'g', -1, 64))
	}
	return strings.Join(words, " ") + " " + EdgeList(r.e.sc.Edges)
}

// toNode counts the messages in transit to node i.
func (r *scriptWriter) toNode(i int32) int {
	n := 0
	for _, m := range r.e.sim.InTransit(nil) {
		if m.To == i {
			n++
		}
	}
	return n
}

// command writes one command and its output: the events it caused, the state lines that
// changed, and the error that stopped the trial.
func (r *scriptWriter) command(cmd string, err error) {
	if r.b.Len() > 0 {
		r.b.WriteString("\n")
	}
	r.b.WriteString(cmd + "\n----\n")
	for _, ev := range r.events {
		switch ev.Kind {
		case "send":
			fmt.Fprintf(r.b, "%d -> %d %s\n", ev.Node, ev.Peer, traceview.MessageText(ev.Msg, ev.Message))
		case "recv":
			fmt.Fprintf(r.b, "%d <- %d %s\n", ev.Node, ev.Peer, traceview.MessageText(ev.Msg, ev.Message))
		case "enter":
			fmt.Fprintf(r.b, "%d enters the CS\n", ev.Node)
		case "crash":
			fmt.Fprintf(r.b, "%d crashes\n", ev.Node) // the note algotest's crash command prints
		case "note":
			r.b.WriteString(ev.Msg + "\n")
		}
	}
	r.events = r.events[:0]
	for i := range int32(r.e.sc.N) {
		if s := r.e.stater.NodeState(i); s != r.shown[i] {
			r.shown[i] = s
			fmt.Fprintf(r.b, "node %d: %s\n", i, s)
		}
	}
	if err != nil {
		fmt.Fprintf(r.b, "error: %v\n", err)
	}
}

func nodeWords(nodes []int32) string {
	words := make([]string, len(nodes))
	for k, i := range nodes {
		words[k] = strconv.Itoa(int(i))
	}
	return strings.Join(words, " ")
}

// Page records v's path for the trace viewer (traceview): the page opens at the
// violation.
func Page(sc *Scenario, v Violation, title string) (*traceview.Trace, error) {
	e := newEngine(sc, false)
	hook, finish, err := traceview.Script(e.algo, traceview.Options{})
	if err != nil {
		return nil, err
	}
	e.trace = func(ev kernel.TraceEvent) { hook(e.sim, ev) }
	if err := e.reset(); err != nil {
		return nil, err
	}
	var stop error
	for _, s := range v.Path {
		if _, stop = e.apply(s); stop != nil {
			break
		}
	}
	if stop == nil {
		stop = v.Err
	}
	var te *kernel.TrialError
	if stop == nil || !errors.As(stop, &te) {
		return nil, fmt.Errorf("the path does not reach the violation (%v)", stop)
	}
	t, err := finish(stop)
	if err != nil {
		return nil, err
	}
	t.Title = title
	t.About = []string{"a counterexample of the exhaustive search, " + fmt.Sprintf("%d steps", len(v.Path)) + "; each step is a few events at one time (out-of-turn deliveries keep the clock still)"}
	return t, nil
}
