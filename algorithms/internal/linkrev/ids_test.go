package linkrev_test

import (
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/gme"
	"github.com/mutexlab/mutexlab/algorithms/hk"
	"github.com/mutexlab/mutexlab/algorithms/internal/linkrev"
	"github.com/mutexlab/mutexlab/algorithms/rl"
	"github.com/mutexlab/mutexlab/algotest"
	"github.com/mutexlab/mutexlab/kernel"
)

// idCheck checks, at every message carrying its sender's height (types), that the height's
// id is the node at the other end of the port it arrives on: the store keeps heights
// without their ids and reads them from the port record (heightStore), so a height whose
// id differed would be stored as another. It stops the test at the first such message,
// before the trial can go wrong.
type idCheck struct {
	t     *testing.T
	types linkrev.Types
	topo  *kernel.Topology
}

func (c *idCheck) check(i int32, j kernel.Port, m *kernel.Message) {
	switch m.Type {
	case c.types.Request, c.types.Token, c.types.Link:
		if h, peer := linkrev.HeightOf(m), c.topo.Peer(i, j); h.ID != peer {
			c.t.Fatalf("node %d: message type %d on port %d carries height %v, whose id is not the sender's, %d", i, m.Type, j, h, peer)
		}
	}
}

// The algorithms with idCheck at every message; each keeps its other methods (gme's
// checker of group mutual exclusion).
type (
	idCheckedRL struct {
		*rl.RL
		*idCheck
	}
	idCheckedHK struct {
		*hk.HK
		*idCheck
	}
	idCheckedGME struct {
		*gme.GME
		*idCheck
	}
)

func (a idCheckedRL) Reset(env *kernel.Env) error {
	a.topo = env.Topo
	return a.RL.Reset(env)
}

func (a idCheckedRL) Receive(i int32, j kernel.Port, m *kernel.Message, out *kernel.Outbox) {
	a.check(i, j, m)
	a.RL.Receive(i, j, m, out)
}

func (a idCheckedHK) Reset(env *kernel.Env) error {
	a.topo = env.Topo
	return a.HK.Reset(env)
}

func (a idCheckedHK) Receive(i int32, j kernel.Port, m *kernel.Message, out *kernel.Outbox) {
	a.check(i, j, m)
	a.HK.Receive(i, j, m, out)
}

func (a idCheckedGME) Reset(env *kernel.Env) error {
	a.topo = env.Topo
	return a.GME.Reset(env)
}

func (a idCheckedGME) Receive(i int32, j kernel.Port, m *kernel.Message, out *kernel.Outbox) {
	a.check(i, j, m)
	a.GME.Receive(i, j, m, out)
}

// TestMessageIDs runs random trials of rl, hk and gme, link changes (ports reused) and random
// delays included, and checks that every Request, Token and LinkInfo (Jiang's LINK) carries
// its sender's id as its height's: what lets the height store leave the id to the port
// record.
func TestMessageIDs(t *testing.T) {
	for _, algo := range []kernel.Algorithm{
		idCheckedRL{rl.New(), &idCheck{t: t, types: linkrev.Types{Request: rl.MsgRequest, Token: rl.MsgToken, Link: rl.MsgLinkInfo}}},
		idCheckedHK{hk.New(), &idCheck{t: t, types: linkrev.Types{Request: hk.MsgRequest, Token: hk.MsgToken, Link: hk.MsgLink}}},
		idCheckedGME{gme.New(), &idCheck{t: t, types: linkrev.Types{Request: gme.MsgRequest, Token: gme.MsgToken, Link: gme.MsgLink}}},
	} {
		algotest.Trials(t, algo, algotest.Count(100, 20), algotest.RandomParams, nil)
	}
}
