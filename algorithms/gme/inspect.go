package gme

import (
	"fmt"
	"math/big"

	"github.com/mutexlab/mutexlab/algorithms/internal/linkrev"
	"github.com/mutexlab/mutexlab/kernel"
)

// Inspection for scenario tests. These allocate and are never called while a trial runs.

// MyHeight returns node i's height.
func (a *GME) MyHeight(i int32) linkrev.Height { return a.l.MyHeight(i) }

// State returns node i's section.
func (a *GME) State(i int32) State { return a.state[i] }

// Resource returns R_i, the resource of node i's current or last request.
func (a *GME) Resource(i int32) int64 { return a.res[i] }

// Session returns the resource of the session the holder i runs, or -1 when none runs.
func (a *GME) Session(i int32) int64 { return a.sres[i] }

// Weight returns node i's weight exactly: at the holder the weight thrown and not yet back,
// at a non-holder the piece it holds in the CS plus a RELEASE it holds back while N is
// empty (0 when none).
func (a *GME) Weight(i int32) *big.Rat {
	if a.l.TokenHolder[i] {
		w := new(big.Rat).SetInt64(a.minted[i])
		return w.Sub(w, a.back[i].Rat())
	}
	w := new(big.Rat)
	for _, e := range [2]int64{a.piece[i], a.owed[i]} {
		if e != none {
			w.Add(w, new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Lsh(big.NewInt(1), uint(e))))
		}
	}
	return w
}

// Queue returns node i's request queue as (node, resource) pairs, head first (i itself for
// its own entry).
func (a *GME) Queue(i int32) [][2]int64 {
	var q [][2]int64
	for _, x := range a.l.Entries(i) {
		id := i
		if x.P != linkrev.Self {
			id = a.l.Topo.Peer(i, x.P)
		}
		q = append(q, [2]int64{int64(id), x.V})
	}
	return q
}

// Next returns the node next points to: i itself when i holds the token, -1 when next's link
// has failed and no new next has been chosen.
func (a *GME) Next(i int32) int32 {
	switch a.l.Next[i] {
	case linkrev.NextSelf:
		return i
	case linkrev.NextGone:
		return -1
	}
	return a.l.Topo.Peer(i, a.l.Next[i])
}

// Decode returns what a gme message carries besides the sender's height: for SUBTOKEN the
// resource R, the dropped flag and the weight's exponent; for RELEASE the exponent; for
// REQUEST the resource (in r).
func Decode(m *kernel.Message) (r int64, dropped bool, e int64) {
	switch m.Type {
	case MsgSubtoken:
		return m.C >> 33, m.C>>32&1 == 1, m.D
	case MsgRelease:
		return 0, false, m.D
	case MsgRequest:
		return m.D, false, 0
	}
	return 0, false, 0
}

var stateNames = [...]string{NCS: "NCS", ES: "ES", CS: "CS"}

// NodeState renders node i's state on one line (kernel.NodeStater): its section, the resource
// of its current or last request, its weight (exactly; at the holder, the weight thrown and
// not yet back), the session the holder runs, then its Reverse Link state with each queued
// request's resource.
func (a *GME) NodeState(i int32) string {
	s := fmt.Sprintf("%s R=%d weight=%s", stateNames[a.state[i]], a.res[i], a.Weight(i).RatString())
	if a.l.TokenHolder[i] && a.sres[i] != noSess {
		s += fmt.Sprintf(" session=%d", a.sres[i])
	}
	return s + " " + a.l.State(i, func(v int64) string { return fmt.Sprint(v) })
}
