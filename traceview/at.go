package traceview

import "slices"

// statusOf is the status (Trace.Status's numbering) a node has after an event of this kind.
var statusOf = map[string]int{"request": 1, "enter": 2, "unsafe-enter": 2, "release": 0, "crash": 3}

// At returns what the page shows after p events of the window: each node's status (0
// remainder, 1 waiting, 2 in the CS, 3 crashed) and state. A handler's effects take effect
// at its trigger event (record.go), as page.js's frame draws them; the tests compare the
// page with this.
func (t *Trace) At(p int) (status []int, states []State) {
	status = slices.Clone(t.Status)
	trig := 0
	for e, k := range t.Events.Kind {
		if !continues(Kinds[k]) {
			trig = e
		}
		if trig >= p {
			break
		}
		if s, ok := statusOf[Kinds[k]]; ok {
			status[t.Events.Node[e]] = s
		}
	}
	idx := slices.Clone(t.Init)
	for _, c := range t.Changes {
		if c[0] >= p {
			break
		}
		idx[c[1]] = c[2]
	}
	for _, s := range idx {
		states = append(states, t.States[s])
	}
	return status, states
}
