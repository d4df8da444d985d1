package nt

import "strconv"

// NodeState renders node i's state on one line (kernel.NodeStater), in the paper's terms:
// last and next (nil when unset), then "requesting" and "token" when they hold.
func (a *NT) NodeState(i int32) string {
	s := "last=" + nodeText(a.last[i]) + " next=" + nodeText(a.next[i])
	if a.requesting[i] {
		s += " requesting"
	}
	if a.token[i] {
		s += " token"
	}
	return s
}

func nodeText(x int32) string {
	if x == none {
		return "nil"
	}
	return strconv.Itoa(int(x))
}
