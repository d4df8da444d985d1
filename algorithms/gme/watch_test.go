package gme

import (
	"errors"
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/kernel"
)

// waiter opens the watch at node i when i requests and pings every neighbour, and closes it
// when the first pong comes back: with constant delay 1 each opening lasts 2 time units. It
// never enters the CS.
type waiter struct {
	topo   *kernel.Topology
	watch  *watch
	strict bool
}

func (*waiter) Name() string { return "waiter" }
func (*waiter) MessageTypes() []kernel.MsgTypeInfo {
	return []kernel.MsgTypeInfo{{Name: "ping"}, {Name: "pong"}}
}
func (a *waiter) Checker() kernel.Checker {
	if a.watch == nil {
		a.watch = newWatch(&kernel.MutexChecker{}, "node %[1]d waits for node %[2]d")
	}
	return a.watch
}
func (a *waiter) Reset(env *kernel.Env) error {
	a.topo = env.Topo
	a.watch.start(env.Probe(), a.strict)
	return nil
}
func (a *waiter) RequestCS(i int32, out *kernel.Outbox) {
	a.watch.Open(i, 0)
	for p := a.topo.Up().Next(i, 0); p >= 0; p = a.topo.Up().Next(i, p+1) {
		out.Send(p, kernel.Message{Type: 0})
	}
}
func (a *waiter) Receive(i int32, p kernel.Port, m *kernel.Message, out *kernel.Outbox) {
	if m.Type == 0 {
		out.Send(p, kernel.Message{Type: 1})
		return
	}
	a.watch.Close(i)
}
func (*waiter) ReleaseCS(int32, *kernel.Outbox)             {}
func (*waiter) LinkUp(int32, kernel.Port, *kernel.Outbox)   {}
func (*waiter) LinkDown(int32, kernel.Port, *kernel.Outbox) {}

// TestWatch: the watch times, through the kernel's probe, what the algorithm opens and closes — counts, the time
// in simulated units (an interval still open counts up to now), a second Open of an open
// node ignored — the next trial starts from zero, and with Strict the first opening stops the
// trial with a safety violation naming both nodes.
func TestWatch(t *testing.T) {
	sim, a := kernel.NewSim(), &waiter{}
	p := kernel.DefaultParams()
	p.N, p.Seed, p.Delay = 3, 1, kernel.Delay{Kind: kernel.DelayConstant, A: 1}
	edges := [][2]int32{{0, 1}, {1, 2}}
	for trial := range 2 {
		if err := sim.Script(p, a, edges); err != nil {
			t.Fatal(err)
		}
		if err := sim.RequestCS(2); err != nil { // open at 0, pong back at 2
			t.Fatal(err)
		}
		if err := sim.RunUntil(1); err != nil {
			t.Fatal(err)
		}
		if err := sim.RequestCS(0); err != nil { // open at 1, still open at 2.5
			t.Fatal(err)
		}
		a.watch.Open(0, 2) // open already: ignored
		if err := sim.RunUntil(2.5); err != nil {
			t.Fatal(err)
		}
		if c, tot := a.watch.Count(), a.watch.Total(); c != 2 || tot != 3.5 || a.watch.IsOpen(2) || !a.watch.IsOpen(0) {
			t.Fatalf("trial %d: %d openings, %g time units, open at 2: %v, at 0: %v; want 2, 2 + 1.5, false, true",
				trial, c, tot, a.watch.IsOpen(2), a.watch.IsOpen(0))
		}
	}
	a.strict = true // taken by the watch at Reset, as gme takes ce_check = fail
	if err := sim.Script(p, a, edges); err != nil {
		t.Fatal(err)
	}
	err := sim.RequestCS(1)
	var te *kernel.TrialError
	if !errors.As(err, &te) || te.Kind != kernel.ErrSafety || !strings.Contains(err.Error(), "node 1 waits for node 0") {
		t.Fatalf("strict: %v, want a safety violation naming nodes 1 and 0", err)
	}
}
