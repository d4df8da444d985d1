package cm

import "github.com/mutexlab/mutexlab/kernel"

// ViewNode fills v with node i's state for the trace viewer (kernel.NodeViewer): thinking,
// hungry or eating; forks and request tokens are in NodeState's line.
func (a *CM) ViewNode(i int32, v *kernel.NodeView) {
	v.Phase = "thinking"
	switch {
	case a.eating[i]:
		v.Phase = "eating"
	case a.hungry[i]:
		v.Phase = "hungry"
	}
}
