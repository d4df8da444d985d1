package explore

import (
	"fmt"

	"github.com/mutexlab/mutexlab/kernel"
)

// The checks of a state's liveness: a deadlock where nothing can serve a waiting node, and
// at a terminal state the messages the requests cost.

// quiescent reports whether nothing is in transit and no node is in the CS, and lists the
// nodes waiting then that no crash excuses: they wait for good, whatever requests or link
// changes are left (every algorithm here makes progress by messages only).
func (e *engine) quiescent() (bool, []int32) {
	if len(e.sim.InTransit(e.transit[:0])) > 0 {
		return false, nil
	}
	var waiting []int32
	for i := range int32(e.sc.N) {
		if e.sim.InCS(i) {
			return false, nil
		}
		if e.sim.Waiting(i) {
			waiting = append(waiting, i)
		}
	}
	return true, e.unexcused(waiting)
}

// unexcused removes from waiting the nodes a crash may leave waiting for good: those a
// crashed node can reach on the current network (the kernel's rule for crash trials,
// kernel/crash.go), or, when the algorithm claims a failure locality m on a static network,
// those within m hops of a crashed node.
func (e *engine) unexcused(waiting []int32) []int32 {
	if len(waiting) == 0 || e.crashes == e.sc.Crashes {
		return waiting
	}
	dist := e.crashDistances()
	out := waiting[:0]
	for _, i := range waiting {
		if d := dist[i]; d < 0 || e.locality > 0 && d > int32(e.locality) {
			out = append(out, i)
		}
	}
	return out
}

// crashDistances returns each node's hop distance to the nearest crashed node on the current
// network (-1: none reachable), by breadth-first search from the crashed nodes. Links to a
// crashed node stay up (the kernel's crash model), so the path may pass through one.
func (e *engine) crashDistances() []int32 {
	topo := e.sim.Topology()
	dist := make([]int32, e.sc.N)
	var queue []int32
	for i := range int32(e.sc.N) {
		dist[i] = -1
		if e.sim.Crashed(i) {
			dist[i] = 0
			queue = append(queue, i)
		}
	}
	up := topo.Up()
	for h := 0; h < len(queue); h++ {
		x := queue[h]
		for p := up.Next(x, 0); p >= 0; p = up.Next(x, p+1) {
			if y := topo.Peer(x, p); dist[y] < 0 {
				dist[y] = dist[x] + 1
				queue = append(queue, y)
			}
		}
	}
	return dist
}

// deadlock is the error of a quiescent state where nodes wait.
func deadlock(sc *Scenario, waiting []int32) error {
	msg := fmt.Sprintf("deadlock: nodes %v wait, with no message in transit and no node in the CS", waiting)
	if sc.Crashes > 0 {
		msg += ", and no crash excuses them"
	}
	return &kernel.TrialError{Kind: kernel.ErrStarvation, Algorithm: sc.Algorithm, Seed: sc.Seed, Nodes: waiting, Msg: msg}
}

// msgBoundMsg begins the message of a bound violation; violationKey keys it by these words.
const msgBoundMsg = "messages per request above the bound"

// overBound checks the messages per request at a terminal state (nothing enabled) where every
// request was served and no node crashed (a crashed node's request is never served), against
// the algorithm's declared bound: the error when more were sent, else nil.
func (e *engine) overBound() error {
	if e.bound == 0 || e.crashes != e.sc.Crashes {
		return nil
	}
	for i := range int32(e.sc.N) {
		if e.left[i] > 0 || e.sim.Waiting(i) || e.sim.InCS(i) {
			return nil
		}
	}
	served := int64(e.sc.N * e.sc.Requests)
	if e.sent <= int64(e.bound)*served {
		return nil
	}
	return &kernel.TrialError{Kind: kernel.ErrSafety, Algorithm: e.sc.Algorithm, Seed: e.sc.Seed,
		Msg: fmt.Sprintf("%s: %d messages for %d requests (%.2f per request), bound %d per request on %d nodes",
			msgBoundMsg, e.sent, served, float64(e.sent)/float64(served), e.bound, e.sc.N)}
}
