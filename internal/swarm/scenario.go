package swarm

import (
	"fmt"

	"github.com/mutexlab/mutexlab/kernel"
)

// Scenario limits: a scenario is bounded in nodes, actions and events, so every input ends.
const (
	scenarioMaxN       = 8
	scenarioMaxActions = 512
	scenarioMaxEvents  = 200_000 // events in the final liveness phase
)

// RunScenario decodes data as a scripted scenario and plays it on t's algorithm with the
// kernel's scripted driver (kernel.Sim.Script): the checks stay on throughout, and at the end
// the liveness phase (no more link changes or requests; deliver everything, release every
// node in the CS, repeat) must serve every pending request within scenarioMaxEvents events.
// It returns the first check that fired, or a starvation error.
//
// Encoding: data[0] is the seed (the algorithm's own stream: hk's h and priority draws);
// data[1] gives n = 2 + data[1] % 7; then one byte per node 1..n−1 attaches it to an earlier
// node (a random spanning tree); then actions of three bytes (op, x, y), nodes taken mod n:
//
//	op%8 = 0  request x (if in its remainder section)
//	op%8 = 1  release x (if in the CS)
//	op%8 = 2  deliver one message (the earliest pending event)
//	op%8 = 3  deliver 1 + x%8 messages
//	op%8 = 4  link up x–y (if x ≠ y, not adjacent and both have a free port)
//	op%8 = 5  link down x–y (if adjacent, idle, and the network stays connected: the Reverse
//	          Link family's assumptions, which the kernel enforces in random trials too)
//	op%8 = 6  deliver everything pending
//	op%8 = 7  request x, then release the first node in the CS
//
// Actions that do not apply (a request at a waiting node, ...) are skipped, so every input
// is a valid scenario.
func RunScenario(t Target, data []byte) error {
	if len(data) < 2 {
		return nil
	}
	p := kernel.DefaultParams()
	p.Seed = uint64(data[0])
	p.N = 2 + int(data[1])%(scenarioMaxN-1)
	p.Connectivity = 0
	t.DrawKnobs(p.Seed, &p)
	data = data[2:]
	var edges [][2]int32
	for i := 1; i < p.N; i++ {
		parent := 0
		if len(data) > 0 {
			parent, data = int(data[0])%i, data[1:]
		}
		edges = append(edges, [2]int32{int32(parent), int32(i)})
	}
	p.Links = len(edges)
	sim := kernel.NewSim()
	if err := sim.Script(p, t.New(), edges); err != nil {
		return err
	}
	n := int32(p.N)
	for a := 0; a+3 <= len(data) && a/3 < scenarioMaxActions; a += 3 {
		op, x, y := data[a]%8, int32(data[a+1])%n, int32(data[a+2])%n
		if err := applyAction(sim, op, x, y, n); err != nil {
			return fmt.Errorf("action %d (%d %d %d): %w", a/3, op, x, y, err)
		}
	}
	return drain(sim, n)
}

func applyAction(sim *kernel.Sim, op uint8, x, y, n int32) error {
	topo := sim.Topology()
	switch op {
	case 0:
		if !sim.Waiting(x) && !sim.InCS(x) {
			return sim.RequestCS(x)
		}
	case 1:
		if sim.InCS(x) {
			return sim.ReleaseCS(x)
		}
	case 2:
		sim.Step()
	case 3:
		for range 1 + x%8 {
			sim.Step()
		}
	case 4:
		if x != y && !topo.Adjacent(x, y) && !topo.Full(x) && !topo.Full(y) {
			return sim.LinkUp(x, y)
		}
	case 5:
		if p := topo.PortTo(x, y); p != kernel.NoPort {
			if k := topo.LinkIndex(x, p); topo.LinkIdle(k) && topo.ConnectedWithout(k) {
				return sim.LinkDown(x, y)
			}
		}
	case 6:
		return settle(sim, scenarioMaxEvents)
	case 7:
		if !sim.Waiting(x) && !sim.InCS(x) {
			if err := sim.RequestCS(x); err != nil {
				return err
			}
		}
		for i := range n {
			if sim.InCS(i) {
				return sim.ReleaseCS(i)
			}
		}
	}
	return sim.Err()
}

// settle delivers pending events, at most budget of them.
func settle(sim *kernel.Sim, budget int) error {
	for k := 0; sim.Step(); k++ {
		if k >= budget {
			return fmt.Errorf("livelock: more than %d events without settling", budget)
		}
	}
	return sim.Err()
}

// drain is the liveness phase: no more link changes or requests; deliver everything and
// release every node in the CS until nobody waits.
func drain(sim *kernel.Sim, n int32) error {
	for round := 0; round <= 4*int(n)+4; round++ {
		if err := settle(sim, scenarioMaxEvents); err != nil {
			return err
		}
		busy := false
		for i := range n {
			if sim.InCS(i) {
				busy = true
				if err := sim.ReleaseCS(i); err != nil {
					return err
				}
			}
		}
		waiting := []int32{}
		for i := range n {
			if sim.Waiting(i) {
				waiting = append(waiting, i)
			}
		}
		if !busy && len(waiting) == 0 {
			return nil
		}
		if !busy && len(waiting) > 0 && round > 0 {
			return fmt.Errorf("starvation: nodes %v wait, nothing is pending and nobody is in the CS", waiting)
		}
	}
	return fmt.Errorf("starvation: requests still pending after %d release rounds", 4*n+4)
}
