package nt

import "github.com/mutexlab/mutexlab/kernel"

// ViewNode fills v with node i's state for the trace viewer (kernel.NodeViewer): last as the
// node's next (i itself at the root, whose last is nil), and next as a queue of at most one
// node, the one that gets the token after i: the paper's queue is distributed, one link per
// node.
func (a *NT) ViewNode(i int32, v *kernel.NodeView) {
	v.Next = a.last[i]
	if v.Next == none {
		v.Next = i
	}
	v.HasQueue = true
	if a.next[i] != none {
		v.Queue = append(v.Queue, a.next[i])
	}
}
