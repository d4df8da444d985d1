package drs

import (
	"testing"

	"github.com/mutexlab/mutexlab/kernel"
)

// TestReplies checks replies against what the handlers do, on a trial like the million-node one
// (walter network, mean degree 8, load 0.01) at n = 2,000: of the deliveries of each type
// for which it said yes, when the message arrived, the node then sent on the arrival port
// after at least half; of those for which it said no, after fewer than half. A wrong answer
// only wastes or misses a prefetch, but it is the prefetch's reason to exist.
func TestReplies(t *testing.T) {
	p := kernel.DefaultParams()
	p.N, p.Degree, p.Load, p.Seed = 2000, 8, 0.01, 1
	byName := map[string]kernel.MsgType{}
	for m, info := range messageTypes {
		byName[info.Name] = kernel.MsgType(m)
	}
	type tally struct{ delivered, replied int }
	var count [2][]tally // by replies' answer, then by type
	for k := range count {
		count[k] = make([]tally, len(messageTypes))
	}
	a := New()
	var cur, from int32 = -1, -1
	var c *tally
	sim := kernel.NewSim()
	sim.SetTrace(func(e kernel.TraceEvent) {
		if e.Kind == "send" && e.Node == cur {
			if e.Peer == from && c != nil {
				c.replied++
				c = nil
			}
			return
		}
		cur, c = -1, nil
		if e.Kind == "recv" { // traced before the handler runs
			m := byName[e.Msg]
			yes := 0
			if a.replies(e.Node, m) {
				yes = 1
			}
			cur, from, c = e.Node, e.Peer, &count[yes][m]
			c.delivered++
		}
	})
	if _, err := sim.Run(p, a); err != nil {
		t.Fatal(err)
	}
	for yes := range count {
		for m, c := range count[yes] {
			if c.delivered == 0 {
				continue
			}
			share := float64(c.replied) / float64(c.delivered)
			t.Logf("%s, replies %v: the node replied after %.0f%% of %d", messageTypes[m].Name, yes == 1, 100*share, c.delivered)
			if (yes == 1) != (share >= 0.5) {
				t.Errorf("%s: replies said %v before %d deliveries, after %.0f%% of which the node sent on the arrival port",
					messageTypes[m].Name, yes == 1, c.delivered, 100*share)
			}
		}
	}
}
