package rl

import "github.com/mutexlab/mutexlab/kernel"

// Inspection for scenario tests and replay traces. These allocate and are never called while
// a trial runs.

// MyHeight returns node i's height.
func (a *RL) MyHeight(i int32) Height { return a.l.MyHeight(i) }

// TokenHolder reports node i's tokenHolder flag.
func (a *RL) TokenHolder(i int32) bool { return a.l.TokenHolder[i] }

// Status returns node i's section.
func (a *RL) Status(i int32) Status { return a.status[i] }

// Queue returns node i's request queue as node identifiers, head first (i itself for its own entry).
func (a *RL) Queue(i int32) []int32 {
	var ids []int32
	for _, p := range a.l.Queue(i) {
		if p == qSelf {
			ids = append(ids, i)
		} else {
			ids = append(ids, a.l.Topo.Peer(i, p))
		}
	}
	return ids
}

// Next returns the node next points to: i itself when i holds the token, -1 when next's link
// has failed and no new next has been chosen.
func (a *RL) Next(i int32) int32 {
	switch a.l.Next[i] {
	case nextSelf:
		return i
	case nextGone:
		return -1
	}
	return a.l.Topo.Peer(i, a.l.Next[i])
}

// ViewOf returns node i's view height[j] of neighbour j, and whether j is in i's N.
func (a *RL) ViewOf(i, j int32) (Height, bool) {
	p := a.l.Topo.PortTo(i, j)
	if p == kernel.NoPort {
		return Height{}, false
	}
	return a.l.HeightAt(i, p), a.l.InN.Has(i, p)
}

// ReceivedLI returns node i's receivedLI[j] (true when j is not a neighbour, as after a failure).
func (a *RL) ReceivedLI(i, j int32) bool {
	p := a.l.Topo.PortTo(i, j)
	return p == kernel.NoPort || a.l.ReceivedLI.Has(i, p)
}

var statusNames = [...]string{Remainder: "remainder", Waiting: "waiting", Critical: "critical"}

// NodeState renders node i's state on one line (kernel.NodeStater): its section, then its
// Reverse Link state (linkrev.Links.State: height, next, Q, the token, links in their
// handshake).
func (a *RL) NodeState(i int32) string { return statusNames[a.status[i]] + " " + a.l.State(i, nil) }
