package traceview_test

import (
	"slices"

	"github.com/mutexlab/mutexlab/traceview"
)

// frames is a reference for what page.js draws, computed from a Trace in Go by the page's
// rules (a handler's effects take effect at its trigger event, record.go): at position p (p
// events applied), each node's status and state, and the messages in transit. The tests
// check invariants on it, and the browser test compares the page's DOM with it.
type frames struct {
	t    *traceview.Trace
	trig []int
}

func newFrames(t *traceview.Trace) *frames {
	f := &frames{t: t}
	ev := &t.Events
	kind := func(e int) string { return traceview.Kinds[ev.Kind[e]] }
	for e := range ev.Kind {
		k := kind(e)
		tr := e
		if e > 0 && (k == "send" || k == "enter" || k == "unsafe-enter") {
			tr = f.trig[e-1]
		}
		f.trig = append(f.trig, tr)
	}
	return f
}

// frame is what the page shows at position p.
type frame struct {
	status     []int
	state      []traceview.State
	tokenMsgs  int // token messages in transit
	inTransit  int
	holders    []int
	cs, waited []int
}

func (f *frames) at(p int) frame {
	t := f.t
	var fr frame
	fr.status, fr.state = t.At(p)
	for i, s := range fr.status {
		if fr.state[i].Token {
			fr.holders = append(fr.holders, i)
		}
		switch s {
		case 1:
			fr.waited = append(fr.waited, i)
		case 2:
			fr.cs = append(fr.cs, i)
		}
	}
	now := 0.0
	if p > 0 {
		now = t.Events.Time[p-1]
	}
	for m, s := range t.Msgs.Send {
		sent := 0
		if s >= 0 {
			sent = f.trig[s] + 1
		}
		r := t.Msgs.Recv[m]
		if sent > p || r >= 0 && r+1 <= p || r < 0 && t.Msgs.Due[m] >= 0 && t.Msgs.Due[m] < now {
			continue
		}
		fr.inTransit++
		if t.Types[t.Msgs.Type[m]].Token {
			fr.tokenMsgs++
		}
	}
	slices.Sort(fr.holders)
	return fr
}
