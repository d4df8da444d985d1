package nt

import (
	"fmt"
	"strconv"

	"github.com/mutexlab/mutexlab/kernel"
)

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

// MessageText renders a message as testdata/pathreversal.txt shows it: "request(j: a=>b)"
// is REQUEST(j), the request of node j, sent by node a to node b; "token(a=>b)" is the token
// from a to b. The scenario driver of the test kit takes it as the subject's renderer.
func MessageText(typ string, m kernel.Message) string {
	if typ == messageTypes[MsgRequest].Name {
		return fmt.Sprintf("%s(%d: %d=>%d)", typ, m.A, m.C, m.B)
	}
	return fmt.Sprintf("%s(%d=>%d)", typ, m.A, m.B)
}
