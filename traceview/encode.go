package traceview

import (
	"encoding/json"
	"math"
)

// The page's form of a Trace: the same columns, packed for size (docs/viewer.md measures a
// page). page.js's unpack undoes each step, named here:
//
//   - times are whole multiples of a quantum q (nine significant digits of the window's
//     latest time, far below what the page prints), each stored as the step from the
//     event before;
//   - a message's send event is stored as the step from the message before (s+1, so that
//     -1, "before the window", is 0), its receipt as the events after its send (0: never;
//     negative, −(r+1): received in the window after a send before it), and its due time as
//     quanta after its send (-1: unknown);
//   - Events.Msg is left out: each message names its send and receipt;
//   - a state is an array [line, token 0/1, next, phase (index into strings, -1 none),
//     height or 0, queue or 0], and the changes one flat array of (event step, node, state).
type wire struct {
	*Trace
	Events  wireEvents `json:"events"`
	Msgs    wireMsgs   `json:"msgs"`
	States  [][]any    `json:"states"`
	Changes []int      `json:"changes"`
	Quantum float64    `json:"q"`
}

type wireEvents struct {
	Time []int64 `json:"t"`
	Kind []int   `json:"k"`
	Node []int32 `json:"n"`
	Peer []int32 `json:"p"`
}

type wireMsgs struct {
	Send []int   `json:"s"`
	Recv []int   `json:"r"`
	From []int32 `json:"f"`
	To   []int32 `json:"to"`
	Type []int   `json:"ty"`
	Text []int   `json:"x"`
	Due  []int64 `json:"at"`
}

// quantum returns the time step of a window whose latest time is last.
func quantum(last float64) float64 {
	if last <= 0 {
		return 1e-9
	}
	return math.Pow(10, math.Ceil(math.Log10(last))-9)
}

// encode returns t in the page's form as JSON.
func encode(t *Trace) ([]byte, error) {
	w := wire{Trace: t}
	ev := &t.Events
	last := 0.0
	if len(ev.Time) > 0 {
		last = ev.Time[len(ev.Time)-1]
	}
	q := quantum(last)
	w.Quantum = q
	prev := int64(0)
	for _, x := range ev.Time {
		tq := int64(math.Round(x / q))
		w.Events.Time = append(w.Events.Time, tq-prev)
		prev = tq
	}
	w.Events.Kind, w.Events.Node, w.Events.Peer = ev.Kind, ev.Node, ev.Peer
	w.Msgs = packMsgs(t, q)
	index := make(map[string]int, len(t.Strings))
	for k, s := range t.Strings {
		if _, ok := index[s]; !ok {
			index[s] = k
		}
	}
	for _, s := range t.States {
		w.States = append(w.States, packState(s, index))
	}
	e0 := -1
	for _, c := range t.Changes {
		w.Changes = append(w.Changes, c[0]-e0, c[1], c[2])
		e0 = c[0]
	}
	return json.Marshal(w) // escapes <, > and &: the JSON cannot close its script element
}

func packMsgs(t *Trace, q float64) wireMsgs {
	ms := &t.Msgs
	w := wireMsgs{From: ms.From, To: ms.To, Type: ms.Type, Text: ms.Text}
	prev := 0
	for m, s := range ms.Send {
		w.Send = append(w.Send, s+1-prev)
		prev = s + 1
		r := ms.Recv[m]
		switch {
		case r < 0:
			w.Recv = append(w.Recv, 0)
		case s < 0:
			w.Recv = append(w.Recv, -(r + 1))
		default:
			w.Recv = append(w.Recv, r-s)
		}
		due := int64(-1)
		if s >= 0 && ms.Due[m] >= 0 {
			due = int64(math.Round((ms.Due[m] - t.Events.Time[s]) / q))
		}
		w.Due = append(w.Due, due)
	}
	return w
}

// packState packs s; index finds a string's index (the recorder added every phase).
func packState(s State, index map[string]int) []any {
	tok, phase := 0, -1
	if s.Token {
		tok = 1
	}
	if s.Phase != "" {
		phase = index[s.Phase]
	}
	var h, qu any = 0, 0
	if len(s.Height) > 0 {
		h = s.Height
	}
	if s.Queue != nil {
		qu = s.Queue
	}
	return []any{s.Line, tok, s.Next, phase, h, qu}
}
