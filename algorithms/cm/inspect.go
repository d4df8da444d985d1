package cm

// NodeState renders node i's state on one line (kernel.NodeStater): thinking, hungry or
// eating, the neighbours whose forks it holds (those dirty too) and whose request tokens it
// holds.
func (a *CM) NodeState(i int32) string {
	s := "thinking"
	switch {
	case a.eating[i]:
		s = "eating"
	case a.hungry[i]:
		s = "hungry"
	}
	return s + " forks=" + a.topo.NodeList(&a.fork, i) + " dirty=" + a.topo.NodeList(&a.dirty, i) + " tokens=" + a.topo.NodeList(&a.token, i)
}
