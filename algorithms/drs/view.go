package drs

import "github.com/mutexlab/mutexlab/kernel"

// ViewNode fills v with node i's state for the trace viewer (kernel.NodeViewer): its state in
// Table 1's names (PREPARE, COMPETE, WIN, LOCKED, UNLOCK; "" for ⊥); the sets and the lock
// are in NodeState's line.
func (a *DRS) ViewNode(i int32, v *kernel.NodeView) {
	if a.state[i] != stNone {
		v.Phase = stateNames[a.state[i]]
	}
}
