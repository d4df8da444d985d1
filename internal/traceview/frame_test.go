package traceview_test

import (
	"slices"

	"github.com/mutexlab/mutexlab/internal/traceview"
)

// frames is a reference for what page.js draws, computed from a Trace in Go by the page's
// rules (a handler's effects take effect at its trigger event, record.go): at position p (p
// events applied), each node's status and state, and the messages in transit. The tests
// check invariants on it, and the browser test compares the page's DOM with it.
type frames struct {
	t       *traceview.Trace
	trig    []int
	statusP [][][2]int // per node: (position, status)
	stateP  [][][2]int // per node: (position, state)
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
	for i := 0; i < t.N; i++ {
		f.statusP = append(f.statusP, [][2]int{{0, t.Status[i]}})
		f.stateP = append(f.stateP, [][2]int{{0, t.Init[i]}})
	}
	for e := range ev.Kind {
		st := map[string]int{"request": 1, "enter": 2, "unsafe-enter": 2, "release": 0, "crash": 3}
		if s, ok := st[kind(e)]; ok {
			i := ev.Node[e]
			f.statusP[i] = append(f.statusP[i], [2]int{f.trig[e] + 1, s})
		}
	}
	for _, c := range t.Changes {
		f.stateP[c[1]] = append(f.stateP[c[1]], [2]int{c[0] + 1, c[2]})
	}
	return f
}

func at(list [][2]int, p int) int {
	v := list[0][1]
	for _, x := range list {
		if x[0] <= p {
			v = x[1]
		}
	}
	return v
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
	for i := 0; i < t.N; i++ {
		s := at(f.statusP[i], p)
		fr.status = append(fr.status, s)
		fr.state = append(fr.state, t.States[at(f.stateP[i], p)])
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
