package akw1

import (
	"strconv"
	"strings"
)

var phaseNames = [...]string{phNone: "", phADr: "entering AD^r", phSDr: "entering SD^r", phRecolor: "recolouring",
	phADf: "entering AD^f", phSDf: "entering SD^f", phForks: "collecting"}

// NodeState renders node i's state on one line (kernel.NodeStater): the fork collection
// module's (state, colour, forks held, asked, S, eats; forks.Table.Describe), then where it is
// in Figure 3 (the doorways it is behind and the entry code it runs), and "moved" while it
// must recolour. A colour not picked yet is written ⊥.
func (a *AKW1) NodeState(i int32) string {
	s := a.f.Describe(i, "color")
	if a.f.Key[i] == colorUnknown { // Describe writes keys as numbers; ⊥ is the paper's
		s = strings.Replace(s, "color="+strconv.FormatInt(colorUnknown, 10), "color=⊥", 1)
	}
	var behind []string
	for k, name := range [...]string{"AD^r", "SD^r", "AD^f", "SD^f"} {
		if a.pos[i]&(1<<k) != 0 {
			behind = append(behind, name)
		}
	}
	if len(behind) > 0 {
		s += " behind=" + strings.Join(behind, ",")
	}
	if ph := phaseNames[a.ph[i]]; ph != "" {
		s += " (" + ph + ")"
	}
	if a.recolor[i] {
		s += " moved"
	}
	return s
}
