package hk

import "fmt"

var stateNames = [...]string{NCS: "NCS", ES: "ES", CS: "CS"}

// NodeState renders node i's state on one line (kernel.NodeStater): its section, the h (need) and
// priority class of its current or last request, at the token holder the free resources t
// (and "wait-t" while its own request waits for t >= h), resources it still owes, then its
// Reverse Link state with each queued request's priority.
func (a *HK) NodeState(i int32) string {
	s := fmt.Sprintf("%s need=%d class=%d", stateNames[a.state[i]], a.h[i], a.class[i])
	if a.l.TokenHolder[i] {
		s += fmt.Sprintf(" t=%d", a.t[i])
	}
	if a.waitT[i] {
		s += " wait-t"
	}
	if a.owed[i] > 0 {
		s += fmt.Sprintf(" owed=%d", a.owed[i])
	}
	return s + " " + a.l.State(i, func(v int64) string { return fmt.Sprint(v) })
}
