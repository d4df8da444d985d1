package rr

import "fmt"

// NodeState renders node i's state on one line (kernel.NodeStater): Raymond's HOLDER (the
// node itself at the token), USING, ASKED and REQUEST_Q, head first.
func (a *RR) NodeState(i int32) string {
	b := a.rqBase(i)
	s := fmt.Sprintf("holder=%d Q=%v", a.holder[i], a.rq[b:b+a.rqLen[i]])
	if a.using[i] {
		s += " using"
	}
	if a.asked[i] {
		s += " asked"
	}
	return s
}
