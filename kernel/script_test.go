package kernel_test

import (
	"slices"
	"testing"

	"github.com/mutexlab/mutexlab/kernel"
)

// pinger sends ping(k) to every neighbour at its k-th request and answers every ping with a
// pong; it records the pings each node received, in order.
type pinger struct {
	topo  *kernel.Topology
	count int64
	got   [][]int64
}

func (a *pinger) Name() string { return "pinger" }
func (a *pinger) MessageTypes() []kernel.MsgTypeInfo {
	return []kernel.MsgTypeInfo{{Name: "ping"}, {Name: "pong"}}
}
func (a *pinger) Reset(env *kernel.Env) error {
	a.topo, a.got = env.Topo, make([][]int64, env.N)
	return nil
}
func (a *pinger) RequestCS(i int32, out *kernel.Outbox) {
	a.count++
	for p := a.topo.Up().Next(i, 0); p >= 0; p = a.topo.Up().Next(i, p+1) {
		out.Send(p, kernel.Message{Type: 0, A: a.count})
	}
}
func (a *pinger) ReleaseCS(int32, *kernel.Outbox) {}
func (a *pinger) Receive(i int32, p kernel.Port, m *kernel.Message, out *kernel.Outbox) {
	if m.Type == 0 {
		a.got[i] = append(a.got[i], m.A)
		out.Send(p, kernel.Message{Type: 1, A: m.A})
	}
}
func (a *pinger) LinkUp(int32, kernel.Port, *kernel.Outbox)   {}
func (a *pinger) LinkDown(int32, kernel.Port, *kernel.Outbox) {}

// TestDeliverOutOfTurn: DeliverTo delivers exactly the messages in transit to one node, in
// the order sent (FIFO per link), and DeliverAll one round of everything in transit; the
// replies they cause stay in transit, the clock does not move, and Pending lists what is in
// transit in delivery order.
func TestDeliverOutOfTurn(t *testing.T) {
	sim, a := kernel.NewSim(), &pinger{}
	p := kernel.DefaultParams()
	p.N, p.Seed = 4, 1
	if err := sim.Script(p, a, [][2]int32{{0, 1}, {1, 2}, {1, 3}}); err != nil {
		t.Fatal(err)
	}
	for _, i := range []int32{0, 2, 3} { // pings 1 (0 -> 1), 2 (2 -> 1), 3 (3 -> 1)
		if err := sim.RequestCS(i); err != nil {
			t.Fatal(err)
		}
	}
	if err := sim.RequestCS(1); err != nil { // ping 4: 1 -> 0, 2 and 3
		t.Fatal(err)
	}
	if got := len(sim.Pending(nil)); got != 6 {
		t.Fatalf("%d messages in transit, want 6", got)
	}
	n, err := sim.DeliverTo(1)
	if err != nil || n != 3 || !slices.Equal(a.got[1], []int64{1, 2, 3}) || len(a.got[0]) != 0 {
		t.Fatalf("DeliverTo(1): %d delivered (%v), node 1 got %v, node 0 got %v", n, err, a.got[1], a.got[0])
	}
	if sim.Now() != 0 {
		t.Fatalf("the clock moved to %g", sim.Now())
	}
	var pend []string
	for _, m := range sim.Pending(nil) {
		pend = append(pend, m.Type)
	}
	if !slices.Equal(pend, []string{"ping", "ping", "ping", "pong", "pong", "pong"}) {
		t.Fatalf("in transit: %v", pend)
	}
	if n, err := sim.DeliverAll(); err != nil || n != 6 {
		t.Fatalf("DeliverAll: %d (%v), want 6", n, err)
	}
	if got := len(sim.Pending(nil)); got != 3 { // the pongs answering ping 4
		t.Fatalf("%d messages in transit after one round, want 3", got)
	}
	if err := sim.Settle(); err != nil || len(sim.Pending(nil)) != 0 {
		t.Fatalf("settle: %v, %d left", err, len(sim.Pending(nil)))
	}
}

// TestNodeList: ports render as the nodes at their other ends, a port at the cap as "self".
func TestNodeList(t *testing.T) {
	sim := kernel.NewSim()
	p := kernel.DefaultParams()
	p.N, p.Seed = 3, 1
	if err := sim.Script(p, &pinger{}, [][2]int32{{0, 1}, {0, 2}}); err != nil {
		t.Fatal(err)
	}
	topo := sim.Topology()
	var s kernel.PortSets
	s.Reset(3, topo.PortCap()+1)
	s.Add(0, topo.PortTo(0, 2))
	s.Add(0, topo.PortTo(0, 1))
	s.Add(0, kernel.Port(topo.PortCap()))
	if got := topo.NodeList(&s, 0); got != "[1 2 self]" && got != "[2 1 self]" {
		t.Fatalf("NodeList = %s", got)
	}
}
