package akw2

// NodeState renders node i's state on one line (kernel.NodeStater): the fork collection
// module's (state, ts, forks held, asked, S, eats; forks.Table.Describe).
func (a *AKW2) NodeState(i int32) string { return a.f.Describe(i, "ts") }
