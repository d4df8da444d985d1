package gme

import (
	"math"

	"github.com/mutexlab/mutexlab/kernel"
)

// watch adds to gme's safety checker a watch on a condition at nodes that only the
// algorithm can see but only the kernel can time, since it owns the clock: Jiang's
// concurrent entering (Theorem 2, ce.go), "the leader holds this node's request for the
// resource of its open session". gme opens the condition at a node (Open) and closes it
// (Close) from its handlers; the watch counts the openings and adds up, in simulated time
// read through the kernel's probe, how long each node spends in the condition, whole trial
// (an interval still open when the trial ends counts up to its end). With strict, the first
// opening stops the trial with a safety violation naming the node, the other node given and
// why (a format of the two, fmt's %[1]d and %[2]d): a property refuted by a finite prefix of
// the execution, like the kernel's own safety checks.
//
// It is the Checker gme hands the kernel, so that the kernel resets it at the start of
// every trial it checks; a trial run without gme's checks has no watch (its metrics NaN).
type watch struct {
	kernel.Checker        // gme's safety check, consulted at every entry and exit as usual
	why            string // the error's text: a format of the node and the other node
	strict         bool   // stop the trial at the first opening
	probe          kernel.Probe

	since []float64 // per node: when its condition opened, NaN while it is closed
	count int64
	total float64
}

// newWatch returns a watch over check's trial; why is the error's format.
func newWatch(check kernel.Checker, why string) *watch {
	return &watch{Checker: check, why: why}
}

// start sets the trial's probe and whether the first opening stops it (from gme's Reset,
// before the kernel's Reset of the checker).
func (w *watch) start(probe kernel.Probe, strict bool) { w.probe, w.strict = probe, strict }

// Reset starts a trial: every node's condition closed, nothing counted.
func (w *watch) Reset(t *kernel.Topology) {
	w.Checker.Reset(t)
	w.since = kernel.Resize(w.since, t.N())
	for i := range w.since {
		w.since[i] = math.NaN()
	}
	w.count, w.total = 0, 0
}

// Open opens the condition at node i (nothing happens if it is open already); other is the
// node the error names with it (the leader holding i's request).
func (w *watch) Open(i, other int32) {
	if !math.IsNaN(w.since[i]) {
		return
	}
	w.since[i] = w.probe.Now()
	w.count++
	if w.strict {
		w.probe.Violation([]int32{i, other}, w.why, i, other)
	}
}

// Close closes the condition at node i, adding the time it was open (nothing happens if it
// is closed).
func (w *watch) Close(i int32) {
	if math.IsNaN(w.since[i]) {
		return
	}
	w.total += w.probe.Now() - w.since[i]
	w.since[i] = math.NaN()
}

// IsOpen reports whether the condition is open at node i.
func (w *watch) IsOpen(i int32) bool { return !math.IsNaN(w.since[i]) }

// Count returns how many times the condition opened in this trial.
func (w *watch) Count() int64 { return w.count }

// Total returns the simulated time nodes spent in the condition in this trial, summed over
// nodes; intervals still open count up to now.
func (w *watch) Total() float64 {
	t := w.total
	for _, at := range w.since {
		if !math.IsNaN(at) {
			t += w.probe.Now() - at
		}
	}
	return t
}
