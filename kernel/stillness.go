package kernel

import "math"

// Requests of nodes that stay still, apart from those of nodes that move.
//
// Attiya, Kogan and Welch bound the response time of nodes that do not move (section 2,
// Definition 1: "any node p_i that starts executing the module and remains static for T time
// units, finishes its execution within T time units"); every response-time theorem of their
// paper is about such nodes. A measured request is static when its node did not move at any
// moment from the request to its CS entry, and moving otherwise. Only the geometric models
// (waypoint, ns2) move nodes, so only there are the waits split: on walter and tvg links
// change without any node moving, and the split does not apply (the metrics are absent, hence
// null). On a geometric model with speed 0 every request is static and the moving metrics are
// NaN (null): no moving request was measured.
//
// How a node's motion is known: a geometric model changes a node's motion only at the ends of
// its segments (arrival at a waypoint, end of a pause, a movement-file command, a crash); the
// node is still over an interval exactly when it is not moving now (Topology.Moving) and its
// current still segment began at or before the interval's start (GeoModel.stillSince). A
// segment that begins with speed 0 drawn by chance counts as a new segment: the node is then
// taken to have moved at its start, which can only move a request from static to moving.
//
// The kernel measures the split for every algorithm; an algorithm's registry entry lists the
// metrics below (StillnessMetricNames) to make them results columns.

// Metrics the kernel adds to Result.Extra on geometric network models (waypoint, ns2).
const (
	MetricWaitMaxStatic  = "wait_max_static"  // largest wait of a measured request whose node stayed still (NaN: none)
	MetricWaitMeanStatic = "wait_mean_static" // mean wait of those requests (NaN: none)
	MetricWaitMaxMoving  = "wait_max_moving"  // largest wait of a measured request whose node moved while it waited (NaN: none)
	MetricWaitMeanMoving = "wait_mean_moving" // mean wait of those requests (NaN: none)
	MetricEntriesStatic  = "entries_static"   // measured CS entries whose request was static
)

// StillnessMetricNames lists the static/moving metrics, for algorithms' registered metrics.
func StillnessMetricNames() []string {
	return []string{MetricWaitMaxStatic, MetricWaitMeanStatic, MetricWaitMaxMoving, MetricWaitMeanMoving, MetricEntriesStatic}
}

// stillness accumulates the waits of static and moving requests inside the measurement
// window (index 0: static, 1: moving).
type stillness struct {
	geo   *GeoModel // nil: the network model moves no node, and the split does not apply
	sum   [2]float64
	max   [2]float64
	count [2]int64
}

// resetStillness starts a trial's split (called by setup before the algorithm's Reset, so
// that an algorithm's Stopwatch works from the start).
func (s *Sim) resetStillness() {
	geo, _ := s.net.(*GeoModel)
	s.still = stillness{geo: geo}
	s.env.sim = s
}

// stillSince reports whether node i has not moved at any moment from t until now.
func (s *Sim) stillSince(i int32, t float64) bool {
	g := s.still.geo
	return g == nil || !s.topo.Moving(i) && g.t0[i] <= t
}

// enteredStill records a measured CS entry of node i, whose request came at requested.
func (s *Sim) enteredStill(i int32, requested float64) {
	if s.still.geo == nil {
		return
	}
	k := 1
	if s.stillSince(i, requested) {
		k = 0
	}
	w := s.now - requested
	s.still.sum[k] += w
	s.still.max[k] = max(s.still.max[k], w)
	s.still.count[k]++
}

// fillStillness appends the split's metrics to r.Extra (geometric models only).
func (s *Sim) fillStillness(r *Result) {
	st := &s.still
	if st.geo == nil {
		return
	}
	stat := func(k int) (mx, mean float64) {
		if st.count[k] == 0 {
			return math.NaN(), math.NaN()
		}
		return st.max[k], st.sum[k] / float64(st.count[k])
	}
	smax, smean := stat(0)
	mmax, mmean := stat(1)
	r.Extra = append(r.Extra, Metric{MetricWaitMaxStatic, smax}, Metric{MetricWaitMeanStatic, smean},
		Metric{MetricWaitMaxMoving, mmax}, Metric{MetricWaitMeanMoving, mmean}, Metric{MetricEntriesStatic, float64(st.count[0])})
}

// Stopwatch is the kernel's clock and record of motion, read-only, for an algorithm that
// measures the durations of its own phases (akw1's doorway passages), as the kernel measures
// waits. It is an instrument, like the routing oracle is an exception: a handler's decisions
// must never depend on it (the Algorithm contract gives handlers no clock), only the metrics
// it reports at the end of a trial.
type Stopwatch struct{ s *Sim }

// Stopwatch returns the trial's stopwatch. It reads 0 and reports every node still outside a
// simulator (an Env built by hand).
func (e *Env) Stopwatch() Stopwatch { return Stopwatch{e.sim} }

// Now returns the simulated time.
func (w Stopwatch) Now() float64 {
	if w.s == nil {
		return 0
	}
	return w.s.now
}

// Still reports whether node i has not moved at any moment from time t until now. On network
// models that move no node (walter, tvg, scripted networks) every node is still.
func (w Stopwatch) Still(i int32, t float64) bool { return w.s == nil || w.s.stillSince(i, t) }
