package gme

import "github.com/mutexlab/mutexlab/kernel"

// ViewNode fills v with node i's state for the trace viewer (kernel.NodeViewer): height,
// next and Q (linkrev.Links.View); sessions and weights are in NodeState's line.
func (a *GME) ViewNode(i int32, v *kernel.NodeView) { a.l.View(i, v) }
