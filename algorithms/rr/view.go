package rr

import "github.com/mutexlab/mutexlab/kernel"

// ViewNode fills v with node i's state for the trace viewer (kernel.NodeViewer): HOLDER as
// next (i itself at the token) and REQUEST_Q as node ids, head first.
func (a *RR) ViewNode(i int32, v *kernel.NodeView) {
	v.Next = a.holder[i]
	b := a.rqBase(i)
	v.HasQueue, v.Queue = true, append(v.Queue, a.rq[b:b+a.rqLen[i]]...)
}
