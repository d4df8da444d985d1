package rl

import "github.com/mutexlab/mutexlab/kernel"

// ViewNode fills v with node i's state for the trace viewer (kernel.NodeViewer): height,
// next and Q (linkrev.Links.View). The token comes from HoldsToken, the section from the
// kernel.
func (a *RL) ViewNode(i int32, v *kernel.NodeView) { a.l.View(i, v) }
