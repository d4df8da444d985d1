package kernel

import (
	"fmt"
	"math"

	"github.com/mutexlab/mutexlab/kernel/topology"
)

// NetworkModel decides what the physical network looks like at the start of a trial and how
// it changes. The kernel calls Init once per trial, then NextChange to schedule the next
// change and Change when it is due. Models draw only from the stream they are given.
//
// Two families of assumptions exist in mutexlab's papers, and a model states which it makes:
// Lossy and FIFO. The Reverse Link family assumes reliable FIFO links that never go down
// with messages in flight (Lossy false, FIFO true: the kernel then refuses to take a busy link
// down); the anonymous local-mutex algorithms assume messages are lost when their link
// disconnects and delivery order may be arbitrary.
type NetworkModel interface {
	// Name is the model's registry name (Params.Network).
	Name() string
	// Init builds the initial network: it must Reset t (choosing the port capacity) and
	// connect it. rng is the topology stream.
	Init(t *Topology, p *Params, rng *Stream) error
	// Lossy reports whether a link may go down with messages in flight (they are lost).
	Lossy() bool
	// FIFO reports whether messages on a link arrive in the order they were sent.
	FIFO() bool
	// NextChange returns the absolute time of the next change after now (+Inf: none). rng is
	// the mobility stream.
	NextChange(now float64, rng *Stream) float64
	// Change applies the change(s) due at now through c.
	Change(now float64, c *Changer)
}

// Changer is what a NetworkModel may do to the network while a trial runs: every link it takes
// down or brings up is announced to the algorithm at both ends, in that order.
type Changer struct{ s *Sim }

// Topology returns the network.
func (c *Changer) Topology() *Topology { return &c.s.topo }

// Rand returns a stream for the change about to be made. Each change gets its own sub-stream
// derived from (mobility seed, change number), so that two algorithms on one seed see the
// same changes wherever their traffic does not rule a link out.
func (c *Changer) Rand() *Stream {
	s := c.s
	s.rand.mobilityPick.Seed(DeriveSeed(s.rand.mobilitySeed, s.rand.mobilityDraws))
	s.rand.mobilityDraws++
	return &s.rand.mobilityPick
}

// LinkDown takes link k down and notifies both ends. On a non-lossy network, k must carry no
// message in flight.
func (c *Changer) LinkDown(k int) {
	s := c.s
	if s.net.Lossy() {
		s.topo.DropInFlight(k)
	}
	if s.trace != nil { // before the topology changes (trace.go)
		u, v := s.topo.Link(k)
		s.emit(TraceEvent{Kind: "link-down", Node: u, Peer: v})
	}
	u, v, pu, pv := s.topo.Disconnect(k)
	s.linkCounted(false)
	s.linkEvent(u, pu, false)
	s.linkEvent(v, pv, false)
}

// LinkUp brings up a link between u and v and notifies both ends.
func (c *Changer) LinkUp(u, v int32) error {
	s := c.s
	pu, pv, err := s.topo.Connect(u, v)
	if err != nil {
		return err
	}
	s.linkCounted(true)
	if s.trace != nil {
		s.emit(TraceEvent{Kind: "link-up", Node: u, Peer: v})
	}
	s.linkEvent(u, pu, true)
	s.linkEvent(v, pv, true)
	return nil
}

// Counted records one completed change (a link_changes unit) inside the measurement window.
func (c *Changer) Counted() {
	if c.s.phase == phaseMeasure {
		c.s.meas.linkChanges++
	}
}

// Skipped records a change that could not be made (inside the measurement window).
func (c *Changer) Skipped() {
	if c.s.phase == phaseMeasure {
		c.s.meas.skipped++
	}
}

// Failed stops the trial with an invariant violation.
func (c *Changer) Failed(err error) {
	c.s.fail(ErrInvariant, nil, "network model %s: %v", c.s.net.Name(), err)
}

// Mover is implemented by the network models that move nodes in the plane (package
// kernel/netmodel's geometric models). The kernel reaches motion only through it: Probe asks
// whether a node stood still, a crash stops the node, and traces and the viewer read positions.
type Mover interface {
	NetworkModel
	// Position returns node i's position at time now.
	Position(i int32, now float64) (x, y float64)
	// SegmentStart returns the time node i's current segment of motion (a leg of travel or
	// a rest) began: a node not moving now has stood still since then.
	SegmentStart(i int32) float64
	// Freeze stops crashed node i for the rest of the trial (the model says when it stops).
	Freeze(i int32)
}

// MaxPortCap is the most ports a node can have (Topology.Reset refuses more): a model that
// chooses its own port cap keeps it at most this.
const MaxPortCap = topology.MaxPortCap

// buildNetwork builds the trial's initial graph with its network model (networkFor), from
// the topology stream (seedStreams), and ties the topology to the trial: its clock, the
// Changer through which the model changes it, per-port arrival times where FIFO needs them,
// and the link statistics, which start on the initial graph.
func (s *Sim) buildNetwork(p *Params) error {
	s.topo.SetClock(&s.now)
	s.changer = Changer{s}
	s.topo.JoinPrefault(&s.large.pre) // what the graph's build needs whole, before its first link
	if err := s.net.Init(&s.topo, &s.p, &s.rand.topology); err != nil {
		return err
	}
	if s.topo.N() != p.N {
		return fmt.Errorf("kernel: network model %s built %d nodes, want %d", s.net.Name(), s.topo.N(), p.N)
	}
	s.links0 = s.topo.NumLinks()
	// Under a constant delay, arrival times on a link increase with the send times (a sum
	// rounds monotonically), so FIFO holds without clamping and needs no per-port times.
	s.fifoClamp = s.net.FIFO() && p.Delay.Kind != DelayConstant
	s.topo.TrackArrivals(s.fifoClamp)
	s.links.reset(s.links0)
	return nil
}

// explicitModel is a fixed network given edge by edge (scripted scenarios).
type explicitModel struct{ edges [][2]int32 }

func (m *explicitModel) Name() string                        { return "explicit" }
func (m *explicitModel) Lossy() bool                         { return false }
func (m *explicitModel) FIFO() bool                          { return true }
func (m *explicitModel) NextChange(float64, *Stream) float64 { return math.Inf(1) }
func (m *explicitModel) Change(float64, *Changer)            {}
func (m *explicitModel) Init(t *Topology, p *Params, _ *Stream) error {
	if err := t.ResetLinks(p.N, PortCapFor(p.N, len(m.edges)), len(m.edges)); err != nil {
		return fmt.Errorf("kernel: script network of %d links on %d nodes: %v", len(m.edges), p.N, err)
	}
	for _, e := range m.edges {
		if _, _, err := t.Connect(e[0], e[1]); err != nil {
			return err
		}
	}
	return nil
}
