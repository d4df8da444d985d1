package kernel

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Crash is one crash-stop failure: node Node stops at simulated time Time.
type Crash struct {
	Node int32
	Time float64
}

// StreamCrashes draws the times and victims of rate-driven crashes (Params.CrashRate). It is
// far from the other purposes so that adding one there never collides with it.
const StreamCrashes Purpose = 64

// Metrics the kernel adds to Result.Extra when crashes are configured (Params.Crashes or
// Params.CrashRate), so the local-mutex family's results carry them as columns.
const (
	MetricCrashed         = "crashed"          // nodes that crashed during the trial
	MetricBlocked         = "blocked"          // live nodes still waiting at the end: they never ate again within the window (NaN: liveness not checked)
	MetricFailureLocality = "failure_locality" // largest hop distance from a blocked node to the nearest crashed node (0: none blocked; NaN: liveness not checked)
)

// CrashMetricNames lists the crash metrics, for algorithms' registered metric names.
func CrashMetricNames() []string {
	return []string{MetricCrashed, MetricBlocked, MetricFailureLocality}
}

// Metrics of failure locality by Attiya, Kogan and Welch's Definition 1, added to
// Result.Extra when crashes are configured and Params.ResponseBound T > 0.
const (
	MetricLate                    = "late"                      // requests that waited longer than T, whole trial
	MetricLateNoCrash             = "late_no_crash"             // late requests with no crash (by their deadline) within reach: T is not a response time of the algorithm
	MetricFailureLocalityResponse = "failure_locality_response" // largest hop distance from a late request's node to the nearest crash by its deadline (0: none late)
)

// ResponseMetricNames lists the Definition 1 metrics (present only when ResponseBound > 0).
func ResponseMetricNames() []string {
	return []string{MetricLate, MetricLateNoCrash, MetricFailureLocalityResponse}
}

// The crash model (Attiya, Kogan and Welch, section 2: "nodes may fail by crash; a node does
// not change its location after a failure"):
//
//   - From its crash time on, a node's handlers are never called again: no requests, no
//     releases, no deliveries, no LinkUp/LinkDown. A node crashed in the CS leaves it (the
//     safety check no longer counts it); a pending request is dropped from liveness and
//     starvation accounting.
//   - Links stay up: a crashed node is a silent neighbour, which is what failure locality
//     measures (its neighbours keep waiting for the forks it holds). Links to it still form
//     and fail as the network model moves nodes. The paper's crashed node stops where it
//     is; the geometric models (waypoint, ns2) stop it at the end of its current segment
//     (Mover.Freeze; package netmodel's Geo.Freeze says why), so its links change at most
//     until then.
//   - Messages sent to a crashed node are dropped on arrival (counted in Result.MsgsToCrashed).
//     Messages it sent before crashing are in flight on reliable links and are delivered
//     normally: the crash stops the node, not the channel.
//   - Token algorithms lose the token with a crashed holder; the token-count check stops at
//     the first crash.
//   - Liveness: with crashes configured, a request pending longer than StarveAfter (the
//     "long window") is not an error: its node is counted as blocked. At the end of the trial
//     every live node still waiting is blocked, and its hop distance to the nearest crashed
//     node on the final network is measured; the largest is Result.FailureLocality. A blocked
//     node with no crashed node in its connected component is a starvation error (no crash
//     can explain it). When every live node is blocked, the measurement ends early.
//   - "Never ate again" is known only when the liveness drain ran to its end
//     (Result.LivenessChecked). A drain skipped (Drain = none) or cut short (DrainMaxEvents)
//     leaves nodes waiting that might still eat: blocked and failure_locality are then not
//     measured (NaN metrics, null columns) and no starvation is reported. The Definition 1
//     metrics below are still reported: a request that waited longer than T is late whatever
//     follows, but requests still waiting for less than T at the end are not judged, so late
//     counts only the requests seen late by then.
//   - Rate-driven crashes (CrashRate, a Poisson process over the whole network, each
//     crashing a uniformly random live node) stop in the liveness drain, like link changes,
//     and never crash the last live node. Chosen crashes (Crashes) happen whenever they are due.
//
// Two measures of failure locality. The blocked measure above (Result.FailureLocality,
// metric failure_locality) asks which nodes never ate again within the long window
// StarveAfter. Attiya, Kogan and Welch define the term by response time (section 2,
// Definition 1): "A module has failure locality of m and response time of T if any node p_i
// that starts executing the module and remains static for T time units, finishes its
// execution within T time units, as long as there are no failures in the m-neighborhood of
// p_i" — for local mutual exclusion, the time from becoming hungry to eating. So with
// Params.ResponseBound T > 0, every request that waits longer than T is late (counted when it
// enters, when its node crashes, or at the end of the trial if it is still waiting), and the
// measured failure locality is the smallest m the definition allows: the largest hop
// distance from a late request's node to the nearest node that had crashed by the request's
// deadline (request time + T), on the network at the moment the lateness is seen (the same
// network as at the deadline when nodes do not move: a crashed node stops and the static
// setting has no link changes). A late request with no such crash within reach contradicts T
// itself (no m explains it): it is counted in late_no_crash, not in the locality. Choose T
// from crash-free trials (their maximum wait, with a margin), never from the crash trials.
// The definition speaks of nodes that remain static for T; in mobile trials every late
// request is counted, moving or not, which can only make the measured m larger.

// validateCrashes checks Crashes and CrashRate.
func (p *Params) validateCrashes() error {
	if !(p.CrashRate >= 0) || math.IsInf(p.CrashRate, 0) {
		return &ParamError{"crash_rate", fmt.Sprintf("must be a rate >= 0 (crashes per time unit, whole network), got %g", p.CrashRate)}
	}
	if !(p.ResponseBound >= 0) || math.IsInf(p.ResponseBound, 0) {
		return &ParamError{"response_bound", fmt.Sprintf("must be a time >= 0 (T of Definition 1; 0: off), got %g", p.ResponseBound)}
	}
	if p.ResponseBound > 0 && !p.crashesOn() {
		return &ParamError{"response_bound", "has no effect without crashes: set crashes or crash_rate, or leave response_bound at 0"}
	}
	horizon := p.starveAfter()
	for k, c := range p.Crashes {
		if c.Node < 0 || int(c.Node) >= p.N {
			return &ParamError{"crashes", fmt.Sprintf("crash %d: node %d does not exist (nodes are 0..%d)", k, c.Node, p.N-1)}
		}
		if !(c.Time >= 0) || !(c.Time < horizon) {
			return &ParamError{"crashes", fmt.Sprintf("crash %d of node %d: time %g is outside the run [0, %g) (the run's horizon is starve_after, resolved)", k, c.Node, c.Time, horizon)}
		}
		for _, d := range p.Crashes[:k] {
			if d.Node == c.Node {
				return &ParamError{"crashes", fmt.Sprintf("node %d crashes twice (a crashed node stays crashed)", c.Node)}
			}
		}
	}
	return nil
}

// crashesOn reports whether the trial has crash failures.
func (p *Params) crashesOn() bool { return len(p.Crashes) > 0 || p.CrashRate > 0 }

// crashState is the simulator's crash bookkeeping.
type crashState struct {
	on        bool
	dead      []bool
	blocked   []bool
	nDead     int
	nBlocked  int
	measured  bool    // the blocked measure was taken at the end (liveness checked)
	toCrashed int64   // messages dropped on arrival at a crashed node
	late      int64   // entries by nodes that had been counted blocked
	dist      []int32 // scratch: multi-source BFS
	queue     []int32
	order     []int32   // crashed nodes in crash order
	at        []float64 // their crash times

	// Definition 1 (ResponseBound > 0): late requests and their distances to the crashes.
	rt       float64 // T; 0: off
	nLate    int
	nNoCrash int
	flRT     int
	rtDist   []int32 // distances to the first rtCrash crashes on topology version rtVer
	rtCrash  int     // -1: rtDist not computed
	rtVer    uint64
}

// reset prepares the crash bookkeeping of a trial of n nodes, reusing storage.
func (c *crashState) reset(n int, responseBound float64) {
	c.on, c.measured = true, false
	c.nDead, c.nBlocked, c.toCrashed, c.late = 0, 0, 0, 0
	c.dead = Zeroed(c.dead, n)
	c.blocked = Zeroed(c.blocked, n)
	c.dist = Resize(c.dist, n)
	c.queue = Resize(c.queue, n)
	c.order, c.at = c.order[:0], c.at[:0]
	c.rt, c.nLate, c.nNoCrash, c.flRT, c.rtCrash = responseBound, 0, 0, 0, -1
	c.rtDist = Resize(c.rtDist, n)
}

// setupCrashes prepares a trial's crash-stop failures: the bookkeeping, when crashes are
// configured, and as events the crashes given and the first rate-driven one (a script
// crashes its nodes itself).
func (s *Sim) setupCrashes() {
	c := &s.crash
	c.on = false
	c.nDead, c.nBlocked = 0, 0 // the main loop reads nBlocked in every trial
	if !s.p.crashesOn() {
		return
	}
	c.reset(s.p.N, s.p.ResponseBound)
	if s.scripted {
		return
	}
	for _, cr := range s.p.Crashes {
		s.scheduleAt(cr.Time, evCrash, cr.Node)
	}
	if s.p.CrashRate > 0 {
		s.schedule(s.rand.crashes.Exp(s.p.CrashRate), evCrash, -1)
	}
}

// crashEvent handles a crash event: node >= 0 is a chosen crash, -1 a rate-driven one.
func (s *Sim) crashEvent(node int32) {
	c := &s.crash
	if node < 0 {
		if s.phase == phaseDrain {
			return
		}
		live := s.p.N - c.nDead
		if live > 1 {
			k := s.rand.crashes.IntN(live)
			for i := range c.dead {
				if !c.dead[i] {
					if k == 0 {
						s.crashNode(int32(i))
						break
					}
					k--
				}
			}
		}
		s.schedule(s.rand.crashes.Exp(s.p.CrashRate), evCrash, -1)
		return
	}
	s.crashNode(node)
}

// crashNode stops node i for good.
func (s *Sim) crashNode(i int32) {
	c := &s.crash
	if c.dead[i] {
		return
	}
	if s.status[i] == waiting {
		s.checkLate(i) // late before it crashed?
	}
	c.dead[i] = true
	c.nDead++
	c.order, c.at = append(c.order, i), append(c.at, s.now)
	if m, ok := s.net.(Mover); ok {
		m.Freeze(i) // a crashed node stops moving
	}
	if s.tok.holder != nil {
		s.tok.holder = nil // a crashed holder takes its token with it: the count check stops here
	}
	switch s.status[i] {
	case waiting:
		s.waiting--
		if c.blocked[i] {
			c.blocked[i] = false
			c.nBlocked--
		}
	case critical:
		s.accumulateCS()
		s.critical--
		s.check.Exit(i)
	}
	s.status[i] = crashed
	if s.trace != nil {
		s.emit(TraceEvent{Kind: "crash", Node: i})
	}
}

// Crash stops node i now (scripted scenarios and tests).
func (s *Sim) Crash(i int32) error {
	if i < 0 || int(i) >= s.p.N {
		return &ParamError{"crashes", fmt.Sprintf("node %d does not exist (nodes are 0..%d)", i, s.p.N-1)}
	}
	if !s.crash.on {
		s.crash.reset(s.p.N, s.p.ResponseBound)
	}
	s.crashNode(i)
	return nil
}

// isDead reports whether node i has crashed (false when crashes are off).
func (s *Sim) isDead(i int32) bool { return s.crash.on && s.crash.dead[i] }

// block counts waiting node i as blocked: its request outlived the window.
func (s *Sim) block(i int32) {
	if !s.crash.blocked[i] {
		s.crash.blocked[i] = true
		s.crash.nBlocked++
	}
}

// blockAll counts every waiting node as blocked (nothing is left to happen).
func (s *Sim) blockAll() {
	for i, st := range s.status {
		if st == waiting {
			s.block(int32(i))
		}
	}
}

// allLiveBlocked reports whether every live node is blocked.
func (s *Sim) allLiveBlocked() bool {
	return s.crash.nDead > 0 && s.crash.nBlocked == s.p.N-s.crash.nDead
}

// crashDistances fills dist with each node's hop distance to the nearest of sources on the
// current network (-1: unreachable). Multi-source breadth-first search.
func (s *Sim) crashDistances(dist, sources []int32) {
	t := &s.topo
	q := append(s.crash.queue[:0], sources...)
	for i := range dist {
		dist[i] = -1
	}
	for _, x := range sources {
		dist[x] = 0
	}
	for h := 0; h < len(q); h++ {
		x := q[h]
		for p := t.Up().Next(x, 0); p >= 0; p = t.Up().Next(x, p+1) {
			if y := t.Record(x, p).Peer(); dist[y] < 0 {
				dist[y] = dist[x] + 1
				q = append(q, y)
			}
		}
	}
}

// crashEnter is the crash bookkeeping of node i's CS entry: a node counted blocked ate after
// all, and a request that waited longer than T is late.
func (s *Sim) crashEnter(i int32) {
	c := &s.crash
	if c.blocked[i] {
		c.blocked[i] = false // it ate after all, later than the window
		c.nBlocked--
		c.late++
	}
	s.checkLate(i)
}

// checkLate counts node i's pending request as late if it has waited longer than T, with
// its hop distance to the nearest node crashed by the request's deadline.
func (s *Sim) checkLate(i int32) {
	c := &s.crash
	if c.rt == 0 || !(s.now-s.requestedAt[i] > c.rt) {
		return
	}
	c.nLate++
	deadline := s.requestedAt[i] + c.rt
	k := 0
	for k < len(c.at) && c.at[k] <= deadline {
		k++
	}
	if k == 0 {
		c.nNoCrash++
		return
	}
	if k != c.rtCrash || s.topo.Version() != c.rtVer {
		s.crashDistances(c.rtDist, c.order[:k])
		c.rtCrash, c.rtVer = k, s.topo.Version()
	}
	if d := c.rtDist[i]; d < 0 {
		c.nNoCrash++
	} else {
		c.flRT = max(c.flRT, int(d))
	}
}

// finishCrashes fills r's crash measurements. The blocked measure rests on "never ate
// again", which only a drain run to its end establishes (Result.LivenessChecked): there every
// live node still waiting has outlived the window and is blocked (drainOver's condition), and
// a blocked node that no crash can reach is a starvation error. A drain skipped or cut short
// leaves waiting nodes that might still have eaten, so blocked and failure_locality are not
// measured (NaN in Extra, null in the results) and no node is blamed.
func (s *Sim) finishCrashes(r *Result) {
	c := &s.crash
	if !c.on {
		return
	}
	for i, st := range s.status {
		if st == waiting {
			s.checkLate(int32(i)) // still waiting at the end: late if past T
		}
	}
	r.Crashed, r.MsgsToCrashed = c.nDead, c.toCrashed
	c.measured = r.LivenessChecked
	blocked, fl := math.NaN(), math.NaN()
	if c.measured {
		locality, ok := s.measureBlocked()
		if !ok {
			return
		}
		r.Blocked, r.FailureLocality = c.nBlocked, locality
		blocked, fl = float64(c.nBlocked), float64(locality)
	}
	r.Extra = append(r.Extra, Metric{MetricCrashed, float64(c.nDead)}, Metric{MetricBlocked, blocked},
		Metric{MetricFailureLocality, fl})
	if c.rt > 0 {
		r.Extra = append(r.Extra, Metric{MetricLate, float64(c.nLate)}, Metric{MetricLateNoCrash, float64(c.nNoCrash)},
			Metric{MetricFailureLocalityResponse, float64(c.flRT)})
	}
}

// measureBlocked returns the largest hop distance from a blocked node to the nearest crashed
// node on the final network (0: none blocked). A blocked node that no crash can reach fails
// the trial with a starvation error (ok false): no crash explains it.
func (s *Sim) measureBlocked() (locality int, ok bool) {
	c := &s.crash
	s.crashDistances(c.dist, c.order)
	for i, b := range c.blocked {
		if !b {
			continue
		}
		d := c.dist[i]
		if d < 0 {
			s.fail(ErrStarvation, []int32{int32(i)}, "node %d never ate again and no crashed node is reachable from it", i)
			return 0, false
		}
		locality = max(locality, int(d))
	}
	return locality, true
}

// BlockedDistances appends (node, hop distance to the nearest crash) for every node counted
// blocked at the end of the last trial (tests and tooling); nothing when the blocked measure
// was not taken (no crashes, or liveness not checked).
func (s *Sim) BlockedDistances(dst [][2]int32) [][2]int32 {
	if !s.crash.on || !s.crash.measured {
		return dst
	}
	for i, b := range s.crash.blocked {
		if b {
			dst = append(dst, [2]int32{int32(i), s.crash.dist[i]})
		}
	}
	return dst
}

// ParseCrashes reads chosen crashes as "NODE@TIME,NODE@TIME,..." (for example "3@50,7@120";
// "" is none), the syntax of the crashes spec key and flag, and FormatCrashes writes it.
func ParseCrashes(s string) ([]Crash, error) {
	if strings.TrimSpace(s) == "" {
		return nil, nil
	}
	var out []Crash
	for _, part := range strings.Split(s, ",") {
		node, at, ok := strings.Cut(strings.TrimSpace(part), "@")
		n, errN := strconv.Atoi(node)
		t, errT := strconv.ParseFloat(at, 64)
		if !ok || errN != nil || errT != nil {
			return nil, &ParamError{"crashes", fmt.Sprintf("%q is not NODE@TIME (accepted: a comma-separated list like 3@50,7@120)", part)}
		}
		out = append(out, Crash{Node: int32(n), Time: t})
	}
	return out, nil
}

// FormatCrashes renders crashes in ParseCrashes' syntax.
func FormatCrashes(cs []Crash) string {
	parts := make([]string, len(cs))
	for k, c := range cs {
		parts[k] = strconv.Itoa(int(c.Node)) + "@" + strconv.FormatFloat(c.Time, 'g', -1, 64)
	}
	return strings.Join(parts, ",")
}

// CrashParamColumns name the crash parameters as numeric results columns: the rate of
// random crashes and the number of chosen crashes (the chosen crashes themselves,
// NODE@TIME,..., are text and stay in the sweep spec).
func CrashParamColumns() []string { return []string{"crash_rate", "crashes_chosen"} }
