package topology

import (
	"strconv"
	"strings"
)

// NodeList renders the ports of node i in set as the nodes at their other ends, "[j k ...]"
// in port order, for NodeState lines. A port at or beyond the port cap stands for the node
// itself (the anonymous algorithm's "port 0") and is written "self"; a port whose link is
// down is written "-".
func (t *Topology) NodeList(set *PortSets, i int32) string {
	var b strings.Builder
	b.WriteByte('[')
	for p := set.Next(i, 0); p >= 0; p = set.Next(i, p+1) {
		if b.Len() > 1 {
			b.WriteByte(' ')
		}
		switch {
		case int(p) >= t.portCap:
			b.WriteString("self")
		case t.Peer(i, p) < 0:
			b.WriteByte('-')
		default:
			b.WriteString(strconv.Itoa(int(t.Peer(i, p))))
		}
	}
	b.WriteByte(']')
	return b.String()
}
