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
	MetricBlocked         = "blocked"          // live nodes still waiting at the end: they never ate again within the window
	MetricFailureLocality = "failure_locality" // largest hop distance from a blocked node to the nearest crashed node (0: none blocked)
)

// CrashMetricNames lists the crash metrics, for algorithms' registered metric names.
func CrashMetricNames() []string {
	return []string{MetricCrashed, MetricBlocked, MetricFailureLocality}
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
//     (GeoModel.Freeze says why), so its links change at most until then.
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
//   - Rate-driven crashes (CrashRate, a Poisson process over the whole network, each
//     crashing a uniformly random live node) stop in the liveness drain, like link changes,
//     and never crash the last live node. Chosen crashes (Crashes) happen whenever they are due.

// validateCrashes checks Crashes and CrashRate.
func (p *Params) validateCrashes() error {
	if !(p.CrashRate >= 0) || math.IsInf(p.CrashRate, 0) {
		return &ParamError{"crash_rate", fmt.Sprintf("must be a rate >= 0 (crashes per time unit, whole network), got %g", p.CrashRate)}
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
	toCrashed int64 // messages dropped on arrival at a crashed node
	late      int64 // entries by nodes that had been counted blocked
	rng       Stream
	dist      []int32 // scratch: multi-source BFS
	queue     []int32
}

func (s *Sim) setupCrashes() {
	c := &s.crash
	c.on = s.p.crashesOn()
	c.nDead, c.nBlocked, c.toCrashed, c.late = 0, 0, 0, 0
	if !c.on {
		return
	}
	n := s.p.N
	c.dead = Resize(c.dead, n)
	clear(c.dead)
	c.blocked = Resize(c.blocked, n)
	clear(c.blocked)
	c.dist = Resize(c.dist, n)
	c.queue = Resize(c.queue, n)
	c.rng.Seed(DeriveSeed(s.p.Seed, uint64(StreamCrashes)))
	if s.scripted {
		return
	}
	for _, cr := range s.p.Crashes {
		s.scheduleAt(cr.Time, eventRec{kind: evCrash, node: cr.Node})
	}
	if s.p.CrashRate > 0 {
		s.schedule(c.rng.Exp(s.p.CrashRate), eventRec{kind: evCrash, node: -1})
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
			k := c.rng.IntN(live)
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
		s.schedule(c.rng.Exp(s.p.CrashRate), eventRec{kind: evCrash, node: -1})
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
	c.dead[i] = true
	c.nDead++
	if f, ok := s.net.(interface{ Freeze(int32) }); ok {
		f.Freeze(i) // geometric models: a crashed node stops moving
	}
	if s.tokens != nil {
		s.tokens = nil // a crashed holder takes its token with it: the count check stops here
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
		s.crash.on = true
		n := s.p.N
		s.crash.dead = Resize(s.crash.dead, n)
		clear(s.crash.dead)
		s.crash.blocked = Resize(s.crash.blocked, n)
		clear(s.crash.blocked)
		s.crash.dist = Resize(s.crash.dist, n)
		s.crash.queue = Resize(s.crash.queue, n)
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

// crashDistances fills c.dist with each node's hop distance to the nearest crashed node on
// the current network (-1: unreachable). Multi-source breadth-first search.
func (s *Sim) crashDistances() {
	c := &s.crash
	t := &s.topo
	q := c.queue[:0]
	for i := range c.dist {
		c.dist[i] = -1
		if c.dead[i] {
			c.dist[i] = 0
			q = append(q, int32(i))
		}
	}
	for h := 0; h < len(q); h++ {
		x := q[h]
		base := int(x) * t.portCap
		for p := t.up.Next(x, 0); p >= 0; p = t.up.Next(x, p+1) {
			if y := t.ports[base+int(p)].peer; c.dist[y] < 0 {
				c.dist[y] = c.dist[x] + 1
				q = append(q, y)
			}
		}
	}
}

// finishCrashes counts the nodes still waiting as blocked, measures their distances to the
// crashes and fills r. A blocked node that no crash can reach is a starvation error.
func (s *Sim) finishCrashes(r *Result) {
	c := &s.crash
	if !c.on {
		return
	}
	s.blockAll()
	s.crashDistances()
	fl := 0
	for i, b := range c.blocked {
		if !b {
			continue
		}
		d := c.dist[i]
		if d < 0 {
			s.fail(ErrStarvation, []int32{int32(i)}, "node %d never ate again and no crashed node is reachable from it", i)
			return
		}
		fl = max(fl, int(d))
	}
	r.Crashed, r.Blocked, r.FailureLocality, r.MsgsToCrashed = c.nDead, c.nBlocked, fl, c.toCrashed
	r.Extra = append(r.Extra, Metric{MetricCrashed, float64(c.nDead)}, Metric{MetricBlocked, float64(c.nBlocked)},
		Metric{MetricFailureLocality, float64(fl)})
}

// BlockedDistances appends (node, hop distance to the nearest crash) for every node counted
// blocked at the end of the last trial (tests and tooling).
func (s *Sim) BlockedDistances(dst [][2]int32) [][2]int32 {
	if !s.crash.on {
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
