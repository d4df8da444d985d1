package drs

import (
	"fmt"
	"strings"

	"github.com/mutexlab/mutexlab/kernel"
)

var (
	stateNames = [...]string{stNone: "⊥", stPrepare: "PREPARE", stCompete: "COMPETE", stWin: "WIN", stLocked: "LOCKED", stUnlock: "UNLOCK"}
	phaseNames = [...]string{phNone: "⊥", phPrepare: "PREPARE", phCompete: "COMPETE"}
)

// NodeState renders node i's state on one line (kernel.NodeStater), in Table 1's names:
// state, phase, lock (the locking neighbour, "self", or ⊥), then every non-empty set of L,
// R, H, A, C, W (with "!" after a neighbour whose win was FALSE) and P (with the priority
// received after a colon), and D, as neighbours' ids ("self" for the node itself). Ids are
// for the reader only: the algorithm never sees them.
func (a *DRS) NodeState(i int32) string {
	lock := "⊥"
	switch l := a.lock[i]; {
	case l == int16(a.self):
		lock = "self"
	case l >= 0:
		lock = fmt.Sprint(a.topo.Peer(i, kernel.Port(l)))
	}
	s := fmt.Sprintf("state=%s phase=%s lock=%s", stateNames[a.state[i]], phaseNames[a.phase[i]], lock)
	for _, x := range []struct {
		name string
		set  *kernel.PortSets
	}{{"L", &a.L}, {"R", &a.R}, {"H", &a.H}, {"A", &a.A}, {"C", &a.C}, {"D", &a.D}} {
		if !x.set.Empty(i) {
			s += " " + x.name + "=" + a.topo.NodeList(x.set, i)
		}
	}
	if !a.W.Empty(i) {
		s += " W=" + a.marked(i, &a.W, func(p kernel.Port) string { return map[bool]string{true: "!", false: ""}[a.WFalse.Has(i, p)] })
	}
	if !a.P.Empty(i) {
		s += " P=" + a.marked(i, &a.P, func(p kernel.Port) string { return fmt.Sprintf(":%d", a.prio[int(i)*(a.delta+1)+int(p)]) })
	}
	if a.want[i] {
		s += " lock-pending"
	}
	return s
}

// marked renders set's ports at node i as ids, each followed by mark(port).
func (a *DRS) marked(i int32, set *kernel.PortSets, mark func(kernel.Port) string) string {
	var parts []string
	for p := set.Next(i, 0); p >= 0; p = set.Next(i, p+1) {
		id := "self"
		if p != a.self {
			id = fmt.Sprint(a.topo.Peer(i, p))
		}
		parts = append(parts, id+mark(p))
	}
	return "[" + strings.Join(parts, " ") + "]"
}
