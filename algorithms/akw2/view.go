package akw2

import "github.com/mutexlab/mutexlab/kernel"

// ViewNode fills v with node i's state for the trace viewer (kernel.NodeViewer): its ts as
// the dynamic priority that orients each link toward the senior end (the link reversal the
// paper's Algorithm 2 performs), and thinking, hungry or eating (forks.Table.View).
func (a *AKW2) ViewNode(i int32, v *kernel.NodeView) { a.f.View(i, v) }
