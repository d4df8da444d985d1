package linkrev

import "github.com/mutexlab/mutexlab/kernel"

// View fills v with node i's Reverse Link state for the trace viewer (kernel.NodeViewer):
// its height (h1, h2, id), so that each link is drawn from its higher to its lower end as
// the papers' figures draw it; next as a node id (i itself at the token holder, -1 when
// next's link failed); and Q as node ids, head first (i for its own request). It allocates
// only to grow v's slices; never call it in a trial.
func (l *Links) View(i int32, v *kernel.NodeView) {
	h := l.MyHeight(i)
	v.Height = append(v.Height, h.H1, h.H2, int64(h.ID))
	switch nx := l.Next[i]; nx {
	case NextSelf:
		v.Next = i
	case NextGone:
		v.Next = -1
	default:
		v.Next = l.Topo.Peer(i, nx)
	}
	v.HasQueue = true
	for _, p := range l.Queue(i) {
		id := i
		if p != Self {
			id = l.Topo.Peer(i, p)
		}
		v.Queue = append(v.Queue, id)
	}
}
