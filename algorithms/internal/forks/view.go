package forks

import "github.com/mutexlab/mutexlab/kernel"

// View fills v with node i's fork collection state for the trace viewer (kernel.NodeViewer):
// its priority (key, id) as a height, so that each link is drawn from the junior end toward
// the senior one (Senior: the smaller key, ties to the smaller id; a node's own key, not a
// neighbour's possibly stale view of it), and its state (thinking, hungry, eating) as the
// phase. Never call it in a trial.
func (t *Table) View(i int32, v *kernel.NodeView) {
	v.Height = append(v.Height, t.Key[i], int64(i))
	v.Phase = stateNames[t.State[i]]
}
