package akw1

import "github.com/mutexlab/mutexlab/kernel"

// ViewNode fills v with node i's state for the trace viewer (kernel.NodeViewer): its colour
// as the priority that orients each link toward the senior end, and thinking, hungry or
// eating (forks.Table.View); doorways are in NodeState's line.
func (a *AKW1) ViewNode(i int32, v *kernel.NodeView) { a.f.View(i, v) }
