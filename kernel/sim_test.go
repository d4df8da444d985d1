package kernel_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/kernel"
)

// greedy is a deliberately broken "algorithm": every node enters the CS as soon as it asks.
// The mutual-exclusion check must stop it.
type greedy struct{}

func (greedy) Name() string                                                { return "greedy" }
func (greedy) MessageTypes() []kernel.MsgTypeInfo                          { return nil }
func (greedy) Reset(*kernel.Env) error                                     { return nil }
func (greedy) RequestCS(i int32, out *kernel.Outbox)                       { out.EnterCS() }
func (greedy) ReleaseCS(int32, *kernel.Outbox)                             {}
func (greedy) Receive(int32, kernel.Port, *kernel.Message, *kernel.Outbox) {}
func (greedy) LinkUp(int32, kernel.Port, *kernel.Outbox)                   {}
func (greedy) LinkDown(int32, kernel.Port, *kernel.Outbox)                 {}

// central grants the CS only to node 0 and forgets everyone else: the starvation watchdog
// must report it instead of letting the trial run forever.
type central struct{ greedy }

func (central) Name() string { return "central" }
func (central) RequestCS(i int32, out *kernel.Outbox) {
	if i == 0 {
		out.EnterCS()
	}
}

func trialError(t *testing.T, err error) *kernel.TrialError {
	t.Helper()
	var te *kernel.TrialError
	if !errors.As(err, &te) {
		t.Fatalf("want a *kernel.TrialError, got %v", err)
	}
	return te
}

func TestSafetyViolationIsCaught(t *testing.T) {
	p := kernel.DefaultParams()
	p.Load, p.Seed = 1, 5
	_, err := kernel.NewSim().Run(p, greedy{})
	te := trialError(t, err)
	if te.Kind != kernel.ErrSafety || te.Seed != 5 || len(te.Nodes) != 2 || !strings.Contains(te.Error(), "algorithm=greedy seed=5") {
		t.Fatalf("got %v", te)
	}
}

func TestStarvationIsReportedNotHung(t *testing.T) {
	p := kernel.DefaultParams()
	p.Load, p.Warmup, p.Measure, p.StarveAfter = 0.5, 0, 10, 500
	_, err := kernel.NewSim().Run(p, central{})
	te := trialError(t, err)
	if te.Kind != kernel.ErrStarvation {
		t.Fatalf("got %v", te)
	}
	if te.Time > 2*p.StarveAfter {
		t.Fatalf("starvation reported only at time %g, bound %g", te.Time, p.StarveAfter)
	}
}

// echo floods: every node that receives a message forwards a numbered copy to a neighbour,
// checking per link that numbers arrive in the order sent (FIFO) even with random delays.
type echo struct {
	greedy
	topo    *kernel.Topology
	lastSeq map[[2]int32]int64
	nextSeq map[[2]int32]int64
	t       *testing.T
	hops    int
}

func (e *echo) Name() string                       { return "echo" }
func (e *echo) MessageTypes() []kernel.MsgTypeInfo { return []kernel.MsgTypeInfo{{Name: "ping"}} }
func (e *echo) Reset(env *kernel.Env) error {
	e.topo = env.Topo
	e.lastSeq, e.nextSeq = map[[2]int32]int64{}, map[[2]int32]int64{}
	return nil
}
func (e *echo) send(i int32, p kernel.Port, out *kernel.Outbox) {
	j := e.topo.Peer(i, p)
	k := [2]int32{i, j}
	e.nextSeq[k]++
	out.Send(p, kernel.Message{Type: 0, A: e.nextSeq[k]})
}
func (e *echo) RequestCS(i int32, out *kernel.Outbox) {
	for r := 0; r < 3; r++ {
		e.send(i, e.topo.Up().Next(i, 0), out)
	}
}
func (e *echo) Receive(i int32, p kernel.Port, m *kernel.Message, out *kernel.Outbox) {
	j := e.topo.Peer(i, p)
	k := [2]int32{j, i}
	if m.A != e.lastSeq[k]+1 {
		e.t.Fatalf("link %d->%d delivered #%d after #%d", j, i, m.A, e.lastSeq[k])
	}
	e.lastSeq[k] = m.A
	if e.hops++; e.hops < 20000 {
		e.send(i, p, out)
	}
}

func TestLinksAreFIFOWithRandomDelays(t *testing.T) {
	e := &echo{t: t}
	p := kernel.DefaultParams()
	p.N, p.Connectivity, p.Delay = 6, 1, kernel.Delay{Kind: kernel.DelayExponential, A: 1}
	sim := kernel.NewSim()
	if err := sim.Script(p, e, nil); err != nil {
		t.Fatal(err)
	}
	for i := int32(0); i < 6; i++ {
		if err := sim.RequestCS(i); err != nil {
			t.Fatal(err)
		}
	}
	if err := sim.Settle(); err != nil {
		t.Fatal(err)
	}
	if e.hops < 20000 {
		t.Fatalf("only %d deliveries", e.hops)
	}
}

func TestParamsValidateNamesTheParameter(t *testing.T) {
	cases := []struct {
		edit func(*kernel.Params)
		name string
	}{
		{func(p *kernel.Params) { p.N = 1 }, "n"},
		{func(p *kernel.Params) { p.Connectivity = 0 }, "connectivity"},
		{func(p *kernel.Params) { p.Connectivity = 1.5 }, "connectivity"},
		{func(p *kernel.Params) { p.Connectivity = 0.05 }, "connectivity"}, // 21 links < 29
		{func(p *kernel.Params) { p.Load = -1 }, "load"},
		{func(p *kernel.Params) { p.Load = 0 }, "load"}, // no request would ever end the trial
		{func(p *kernel.Params) { p.Mobility = -0.1 }, "mobility"},
		{func(p *kernel.Params) { p.Delay.A = 0 }, "delay"},
		{func(p *kernel.Params) { p.Measure = 0 }, "measure"},
		{func(p *kernel.Params) { p.Degree = 1 }, "degree"},
	}
	for _, c := range cases {
		p := kernel.DefaultParams()
		c.edit(&p)
		var pe *kernel.ParamError
		if err := p.Validate(); !errors.As(err, &pe) || pe.Name != c.name || strings.Contains(err.Error(), "\n") {
			t.Errorf("want a one-line error naming %s, got %v", c.name, err)
		}
	}
	p := kernel.DefaultParams()
	if err := p.Validate(); err != nil {
		t.Fatal(err)
	}
}

func TestLinkCountFollowsThePaper(t *testing.T) {
	for c, want := range map[float64]int{0.1: 43, 0.2: 87, 0.8: 348, 1: 435} {
		p := kernel.DefaultParams()
		p.Connectivity = c
		if got := p.LinkCount(); got != want {
			t.Errorf("connectivity %g on 30 nodes: %d links, want %d", c, got, want)
		}
	}
}

func TestParseDelay(t *testing.T) {
	for _, s := range []string{"1", "0.5", "exp:2", "uniform:0.5:1.5"} {
		d, err := kernel.ParseDelay(s)
		if err != nil || d.String() != s {
			t.Errorf("ParseDelay(%q) = %v, %v", s, d, err)
		}
	}
	for _, s := range []string{"", "0", "-1", "exp:", "uniform:2:1", "normal:1", "x"} {
		if _, err := kernel.ParseDelay(s); err == nil {
			t.Errorf("ParseDelay(%q) accepted", s)
		}
	}
}

// TestKernelMemoryPerNode: at n = 100,000 with mean degree 8 the kernel holds under 1 KiB per
// node, plus the list of links.
func TestKernelMemoryPerNode(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a 100,000-node network")
	}
	p := kernel.DefaultParams()
	p.N, p.Degree, p.Connectivity = 100000, 8, 0
	sim := kernel.NewSim()
	if err := sim.Script(p, greedy{}, nil); err != nil {
		t.Fatal(err)
	}
	nodeBytes, linkBytes := sim.MemoryBytes()
	perNode := float64(nodeBytes) / float64(p.N)
	t.Logf("kernel: %.0f bytes per node, links %d bytes (%d links)", perNode, linkBytes, sim.Topology().NumLinks())
	if perNode >= 1024 {
		t.Fatalf("kernel holds %.0f bytes per node, want < 1024", perNode)
	}
}
