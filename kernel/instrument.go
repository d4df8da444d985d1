package kernel

// Instruments: what an algorithm measures of itself that only the kernel can time.
//
// Handlers get no clock (Algorithm): their decisions must not depend on time. Yet a paper's
// claims are often about durations that only the algorithm can delimit (the wait of a
// request of one priority class, a passage through a doorway, how long a condition held).
// The algorithm then keeps the measuring object, its instrument, in its own package, and the
// kernel, which owns the clock, reaches it through two generic hooks:
//
//   - Probe (Env.Probe, taken at Reset): the simulated time and the record of node motion,
//     read-only, and the way to stop the trial when an instrument sees a violation. An
//     instrument reads it; what it reads may go into the metrics reported at the end of a
//     trial, never into a handler's decisions.
//   - EntryObserver, implemented by the algorithm: told of every CS entry of the
//     measurement window with the time of its request and the time of entry, the waits the
//     kernel itself measures.

// Probe is the kernel's read-only view of a trial's clock and of node motion, for an
// algorithm's instruments. The zero Probe (an Env built by hand, outside a simulator) reads
// time 0, has every node still and ignores violations.
type Probe struct {
	s   *Sim
	geo Mover // nil: the network model moves no node
}

// Probe returns the trial's probe (the network model is fixed for the trial by then).
func (e *Env) Probe() Probe {
	if e.sim == nil {
		return Probe{}
	}
	geo, _ := e.sim.net.(Mover)
	return Probe{s: e.sim, geo: geo}
}

// Now returns the simulated time.
func (p Probe) Now() float64 {
	if p.s == nil {
		return 0
	}
	return p.s.now
}

// Moves reports whether the trial's network model moves nodes (a Mover: the geometric
// models, waypoint and ns2): elsewhere links change without any node moving, and "a node that
// stays still" is not a distinction the model makes.
func (p Probe) Moves() bool { return p.geo != nil }

// Still reports whether node i has not moved at any moment from time t until now. A
// geometric model changes a node's motion only at the ends of its segments; the node is
// still over an interval exactly when it is not moving now (Topology.Moving) and its current
// still segment began at or before the interval's start (Mover.SegmentStart). On models that move
// no node, every node is still.
func (p Probe) Still(i int32, t float64) bool {
	return p.geo == nil || !p.s.topo.Moving(i) && p.geo.SegmentStart(i) <= t
}

// Violation stops the trial with a safety violation (ErrSafety) naming nodes and the
// message format with args, as the kernel's own checks do: for an instrument that watches a
// property refuted by a finite prefix of the execution (gme's concurrent entering).
func (p Probe) Violation(nodes []int32, format string, args ...any) {
	if p.s != nil {
		p.s.fail(ErrSafety, nodes, format, args...)
	}
}

// EntryObserver is implemented by algorithms that split the measured waits themselves (by
// request class, by whether the node moved). The kernel calls MeasuredEntry at every CS
// entry inside the measurement window, in entry order, with the entering node, the time of
// its request and the time of entry (the wait is entered − requested, as the kernel measures
// it). It is an instrument: it may not change the algorithm's state.
type EntryObserver interface {
	MeasuredEntry(i int32, requested, entered float64)
}
