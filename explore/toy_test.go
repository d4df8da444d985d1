package explore

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/kernel"
)

// coordinator is a small mutual exclusion algorithm for the tests, with planted bugs: node 0
// grants the CS to one requester at a time, in the order the requests reach it, on a star
// around it. mode "" is correct; "grant-all" grants every request at once (two nodes in the
// CS); "drop-busy" forgets a request that arrives while the CS is taken (a deadlock);
// "chatty" sends three pings, which node 0 ignores, with each request (six messages a
// request where three do); "retry" answers a request that finds the CS taken with a ping,
// on which the requester asks again, and never frees the CS once taken (a livelock: the
// requests and pings go round for ever, so no state is quiescent).
type coordinator struct {
	mode  string
	topo  *kernel.Topology
	busy  bool
	queue []int32
	state []string
}

const (
	msgReq kernel.MsgType = iota
	msgGrant
	msgRel
	msgPing
)

func newCoordinator(mode string) func() kernel.Algorithm {
	return func() kernel.Algorithm { return &coordinator{mode: mode} }
}

func (a *coordinator) Name() string { return "coordinator" }
func (a *coordinator) MessageTypes() []kernel.MsgTypeInfo {
	return []kernel.MsgTypeInfo{{Name: "req"}, {Name: "grant"}, {Name: "rel"}, {Name: "ping"}}
}

func (a *coordinator) Reset(env *kernel.Env) error {
	a.topo, a.busy, a.queue = env.Topo, false, a.queue[:0]
	a.state = make([]string, env.N)
	for i := range a.state {
		a.state[i] = "idle"
	}
	return nil
}

func (a *coordinator) NodeState(i int32) string {
	if i == 0 {
		return fmt.Sprintf("%s busy=%v Q=%v", a.state[0], a.busy, a.queue)
	}
	return a.state[i]
}

func (a *coordinator) RequestCS(i int32, out *kernel.Outbox) {
	a.state[i] = "waiting"
	if i != 0 {
		out.Send(a.topo.PortTo(i, 0), kernel.Message{Type: msgReq})
		if a.mode == "chatty" {
			for range 3 {
				out.Send(a.topo.PortTo(i, 0), kernel.Message{Type: msgPing})
			}
		}
		return
	}
	a.arrive(0, out)
}

func (a *coordinator) ReleaseCS(i int32, out *kernel.Outbox) {
	a.state[i] = "idle"
	if i != 0 {
		out.Send(a.topo.PortTo(i, 0), kernel.Message{Type: msgRel})
		return
	}
	a.leave(out)
}

func (a *coordinator) Receive(i int32, p kernel.Port, m *kernel.Message, out *kernel.Outbox) {
	switch m.Type {
	case msgReq:
		a.arrive(a.topo.Peer(0, p), out)
	case msgRel:
		a.leave(out)
	case msgGrant:
		a.state[i] = "cs"
		out.EnterCS()
	case msgPing:
		if i != 0 { // "retry": ask again
			out.Send(p, kernel.Message{Type: msgReq})
		}
	} // a ping at node 0 needs nothing
}

// arrive is node 0's handling of node j's request.
func (a *coordinator) arrive(j int32, out *kernel.Outbox) {
	switch {
	case a.busy && a.mode == "drop-busy":
		return
	case a.busy && a.mode == "retry":
		if j != 0 {
			out.Send(a.topo.PortTo(0, j), kernel.Message{Type: msgPing})
		}
		return
	case a.busy && a.mode != "grant-all":
		a.queue = append(a.queue, j)
		return
	}
	a.busy = true
	a.grant(j, out)
}

// leave is node 0's handling of a release: the next in the queue gets the CS.
func (a *coordinator) leave(out *kernel.Outbox) {
	if a.mode == "retry" {
		return
	}
	a.busy = len(a.queue) > 0
	if a.busy {
		j := a.queue[0]
		a.queue = a.queue[1:]
		a.grant(j, out)
	}
}

func (a *coordinator) grant(j int32, out *kernel.Outbox) {
	if j == 0 {
		a.state[0] = "cs"
		out.EnterCS()
		return
	}
	out.Send(a.topo.PortTo(0, j), kernel.Message{Type: msgGrant})
}

func (a *coordinator) LinkUp(int32, kernel.Port, *kernel.Outbox)   {}
func (a *coordinator) LinkDown(int32, kernel.Port, *kernel.Outbox) {}

// boundedCoordinator declares a bound of three messages per request, the coordinator's worst
// case (a request, a grant and a release; none for node 0's own).
type boundedCoordinator struct{ *coordinator }

func (boundedCoordinator) MessagesPerRequestBound(int) int { return 3 }

// localCoordinator claims failure locality 1: a crash may leave waiting only the nodes next
// to it. It is false: a leaf that crashes in the CS leaves node 0 busy for good, and the
// other leaves, two hops from it, wait.
type localCoordinator struct{ *coordinator }

func (localCoordinator) FailureLocality(int) int { return 1 }

// TestLivelock: a cycle on the search's path with a node waiting all along, which takes
// every delivery and release enabled all along, is a livelock, with and without sleep sets;
// the correct coordinator has none, nor has one whose cycle leaves a step waiting beside it.
func TestLivelock(t *testing.T) {
	for _, opt := range []Options{{}, {NoReduction: true}} {
		r := run(t, toyScenario("retry", 3, 1), opt)
		found := violationOf(r, "livelock")
		if found == nil || found.Cycle == 0 || found.Cycle > len(found.Path) {
			t.Fatalf("no livelock found with %+v: %v", opt, keys(r))
		}
		if fresh := run(t, toyScenario("", 3, 1), opt); len(fresh.Violations) > 0 {
			t.Errorf("the correct coordinator: %v", keys(fresh))
		}
		t.Logf("%+v: %s after %d steps, the last %d a cycle", opt, found.Key, len(found.Path), found.Cycle)
	}
}

// violationOf returns r's violation whose key begins with kind, or nil.
func violationOf(r *Result, kind string) *Violation {
	for k, v := range r.Violations {
		if strings.HasPrefix(v.Key, kind) {
			return &r.Violations[k]
		}
	}
	return nil
}
