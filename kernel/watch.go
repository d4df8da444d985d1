package kernel

import "math"

// WatchChecker adds to an algorithm's safety checker a watch on a condition at nodes that
// only the algorithm can see but only the kernel can time, since it owns the clock. The
// algorithm opens the condition at a node (Open) and closes it (Close) from its handlers; the
// kernel counts the openings and adds up, in simulated time, how long each node spends in the
// condition, whole trial (an interval still open when the trial ends counts up to its end).
// With Strict, the first opening stops the trial with a safety violation naming the node, the
// other node given and Why (a format of the two, fmt's %[1]d and %[2]d): a property refuted
// by a finite prefix of the execution, like the other safety checks.
//
// gme uses it for Jiang's concurrent entering (Theorem 2): the condition is "the leader holds
// this node's request for the resource of its open session".
type WatchChecker struct {
	Checker        // the algorithm's safety check, consulted at every entry and exit as usual
	Why     string // the error's text: a format of the node and the other node
	Strict  bool   // stop the trial at the first opening

	s     *Sim
	since []float64 // per node: when its condition opened, NaN while it is closed
	count int64
	total float64
}

// NewWatchChecker returns a watch over check's trial; why is the error's format (Why).
func NewWatchChecker(check Checker, why string) *WatchChecker {
	return &WatchChecker{Checker: check, Why: why}
}

func (w *WatchChecker) bind(s *Sim) {
	w.s = s
	if b, ok := w.Checker.(interface{ bind(*Sim) }); ok {
		b.bind(s)
	}
}

// Reset starts a trial: every node's condition closed, nothing counted.
func (w *WatchChecker) Reset(t *Topology) {
	w.Checker.Reset(t)
	w.since = Resize(w.since, t.N())
	for i := range w.since {
		w.since[i] = math.NaN()
	}
	w.count, w.total = 0, 0
}

// Open opens the condition at node i (nothing happens if it is open already); other is the
// node the error names with it (the one holding i's request, for gme).
func (w *WatchChecker) Open(i, other int32) {
	if !math.IsNaN(w.since[i]) {
		return
	}
	w.since[i] = w.now()
	w.count++
	if w.Strict && w.s != nil {
		w.s.fail(ErrSafety, []int32{i, other}, w.Why, i, other)
	}
}

// Close closes the condition at node i, adding the time it was open (nothing happens if it
// is closed).
func (w *WatchChecker) Close(i int32) {
	if math.IsNaN(w.since[i]) {
		return
	}
	w.total += w.now() - w.since[i]
	w.since[i] = math.NaN()
}

// IsOpen reports whether the condition is open at node i.
func (w *WatchChecker) IsOpen(i int32) bool { return !math.IsNaN(w.since[i]) }

// Count returns how many times the condition opened in this trial.
func (w *WatchChecker) Count() int64 { return w.count }

// Total returns the simulated time nodes spent in the condition in this trial, summed over
// nodes; intervals still open count up to now.
func (w *WatchChecker) Total() float64 {
	t := w.total
	for _, at := range w.since {
		if !math.IsNaN(at) {
			t += w.now() - at
		}
	}
	return t
}

func (w *WatchChecker) now() float64 {
	if w.s == nil {
		return 0
	}
	return w.s.now
}
