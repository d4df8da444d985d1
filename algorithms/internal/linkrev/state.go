package linkrev

import (
	"fmt"
	"strings"

	"github.com/mutexlab/mutexlab/kernel"
)

// State renders node i's Reverse Link state on one line for scenario scripts and replay
// traces: its height (h1,h2) (the id is the node's), next (the node itself at the token
// holder, "gone" when next's link failed), Q as node ids, head first ("i" for its own
// request; v, when not nil, renders an entry's value after a colon: Q must keep values), "token" at the holder,
// and the links still in their handshake: li-wait (receivedLI false: the token went there
// and its LinkInfo has not come back) and forming. It allocates; never call it in a trial.
func (l *Links) State(i int32, v func(int64) string) string {
	var b strings.Builder
	h := l.my[i]
	fmt.Fprintf(&b, "h=(%d,%d) next=%s Q=[", h.H1, h.H2, l.nextName(i))
	for k, p := range l.Queue(i) {
		if k > 0 {
			b.WriteByte(' ')
		}
		if p == Self {
			fmt.Fprintf(&b, "%d", i)
		} else {
			fmt.Fprintf(&b, "%d", l.Topo.Peer(i, p))
		}
		if v != nil {
			b.WriteString(":" + v(l.Values(i)[k]))
		}
	}
	b.WriteByte(']')
	if l.TokenHolder[i] {
		b.WriteString(" token")
	}
	l.portList(&b, i, " li-wait", func(p kernel.Port) bool { return !l.ReceivedLI.Has(i, p) })
	l.portList(&b, i, " forming", func(p kernel.Port) bool { return l.Forming.Has(i, p) })
	return b.String()
}

func (l *Links) nextName(i int32) string {
	switch nx := l.Next[i]; nx {
	case NextSelf:
		return fmt.Sprint(i)
	case NextGone:
		return "gone"
	default:
		return fmt.Sprint(l.Topo.Peer(i, nx))
	}
}

// portList writes name=[j ...] for node i's up ports whose neighbour j satisfies in, if any.
func (l *Links) portList(b *strings.Builder, i int32, name string, in func(kernel.Port) bool) {
	var ids []string
	up := l.Topo.Up()
	for p := up.Next(i, 0); p >= 0; p = up.Next(i, p+1) {
		if in(p) {
			ids = append(ids, fmt.Sprint(l.Topo.Peer(i, p)))
		}
	}
	if len(ids) > 0 {
		fmt.Fprintf(b, "%s=[%s]", name, strings.Join(ids, " "))
	}
}

// ParseHeights reads initial heights for scenario scripts, one "h1,h2" word per node in
// order (node i's height is (h1, h2, i)).
func ParseHeights(words []string) ([]Height, error) {
	hs := make([]Height, len(words))
	for i, w := range words {
		if _, err := fmt.Sscanf(w, "%d,%d", &hs[i].H1, &hs[i].H2); err != nil {
			return nil, fmt.Errorf("height %q of node %d: want h1,h2 (two whole numbers)", w, i)
		}
		hs[i].ID = int32(i)
	}
	return hs, nil
}

// MessageString renders a message for scenario scripts: its type's name and the sender's
// height (h1,h2,id), then the word D after a semicolon when it is not 0 (hk: a priority,
// the free resources t or a count r; gme: a resource or a weight's exponent).
func MessageString(typ string, m kernel.Message) string {
	s := fmt.Sprintf("%s(%d,%d,%d", typ, m.A, m.B, int32(m.C))
	if m.D != 0 {
		s += fmt.Sprintf("; %d", m.D)
	}
	return s + ")"
}
