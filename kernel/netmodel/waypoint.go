package netmodel

import (
	"fmt"
	"math"
	"unsafe"

	"github.com/mutexlab/mutexlab/kernel"
	"github.com/mutexlab/mutexlab/kernel/rng"
)

func init() {
	kernel.RegisterNetworkInfo(kernel.NetworkInfo{
		Name:  "waypoint",
		Title: "random waypoint mobility in a square, unit-disk graph of radius r, Δ ports per node",
		New:   func() kernel.NetworkModel { return &Geo{} },
		Params: []kernel.NetParamInfo{
			{Name: Side, Default: 1000, Doc: "waypoint: side of the square (> 0)"},
			{Name: Radius, Default: 100, Doc: "waypoint/ns2: unit-disk radius r, in (0, side]"},
			{Name: SpeedMin, Default: 1, Doc: "waypoint: minimum speed (>= 0), distance per time unit"},
			{Name: SpeedMax, Default: 5, Doc: "waypoint: maximum speed (>= speed_min)"},
			{Name: Pause, Default: 0, Doc: "waypoint: pause at each waypoint, time units (>= 0)"},
			{Name: Still, Default: 0, Doc: "waypoint: probability in [0, 1] that a node stays at its start position for the whole trial (static nodes among moving ones: Attiya, Kogan and Welch bound the response time of nodes that remain static)"},
			{Name: Delta, Default: 0, Doc: "Δ: ports per node, 1..4096; 0 chooses max(16, 3 x the expected degree), at most n-1"},
		},
		Validate: validateWaypoint,
	})
}

func validateWaypoint(p *kernel.Params) error {
	side, r := p.NetParam(Side), p.NetParam(Radius)
	if !(side > 0) {
		return paramError(Side, fmt.Sprintf("must be > 0, got %g", side))
	}
	if !(r > 0) || r > side {
		return paramError(Radius, fmt.Sprintf("must be in (0, side = %g], got %g", side, r))
	}
	lo, hi := p.NetParam(SpeedMin), p.NetParam(SpeedMax)
	if !(lo >= 0) {
		return paramError(SpeedMin, fmt.Sprintf("must be >= 0, got %g", lo))
	}
	if lo > hi {
		return paramError(SpeedMin, fmt.Sprintf("speed range is empty: speed_min = %g > speed_max = %g", lo, hi))
	}
	if pause := p.NetParam(Pause); !(pause >= 0) {
		return paramError(Pause, fmt.Sprintf("must be >= 0, got %g", pause))
	}
	if still := p.NetParam(Still); !(still >= 0 && still <= 1) {
		return paramError(Still, fmt.Sprintf("a probability: want a number in [0, 1], got %g", still))
	}
	if d := p.NetParam(Delta); d != 0 {
		return validateDelta(p)
	}
	return nil
}

// autoDelta is the port count used when delta is 0: three times the expected degree of the
// unit-disk graph (ignoring borders), at least 16, at most n-1.
func autoDelta(n int, side, r float64) int {
	exp := float64(n-1) * math.Pi * r * r / (side * side)
	d := max(16, int(math.Ceil(3*exp)))
	return max(1, min(d, n-1, maxDelta))
}

// Geo is a unit-disk graph over nodes moving in the square [0, side]²: the "waypoint"
// model (random waypoint) and, with a movement script, the "ns2" model.
//
// # How link changes are found: kinetic, with a spatial grid
//
// Motion is piecewise linear, so the time two nodes cross distance r is the root of a
// quadratic; the model computes those times exactly instead of scanning positions at a time
// step. To avoid looking at all n² pairs it keeps candidate lists: every τ = r/(4·v_max) time
// units (a rebuild) the nodes are bucketed in a grid of cells of side R = r + 2·v_max·τ =
// 1.5·r, and each node's candidates are the nodes within R of it. No node moves more than
// v_max·τ between rebuilds, so a pair that is not a candidate stays farther apart than r
// until the next rebuild. For each candidate pair the model predicts the next crossing
// before the horizon min(next rebuild, either node's next change of motion) and schedules
// it; at a change of motion (arrival at a waypoint, end of a pause, a movement-file command)
// the node's pairs are predicted again. Predictions are exact because motion does not change
// before the horizon. A rebuild costs O(n + candidate pairs); between rebuilds the work is
// one event per link change or change of motion. A fine time-stepped scan would instead cost
// O(n·degree) per step whatever happens, and the graph would lag reality by up to a step.
//
// # Tolerance
//
// At every event time the graph is the unit-disk graph of the current positions, up to
// floating-point rounding in the crossing times (a relative error of about 1e-12 of the
// times, so pairs within 1e-9·r of the radius may be on either side), with one exception:
// ports. A node has Δ ports; a pair that comes within range while either end is full stays
// unlinked (the adversary of the local-mutex model cannot exceed Δ), and it links when a
// port frees at either end if it is still within range. So: a link is never longer than r
// (+1e-9·r), and a pair within r is unlinked only if one end is full.
//
// Links are lossy (messages in flight on a link that breaks are lost) and FIFO. A node is
// marked moving (Topology.Moving) while it travels and static while it pauses or has speed 0.
// Random waypoint starts from uniform positions, each node travelling to its first uniform
// waypoint (no stationary-distribution start); speeds are uniform in [speed_min, speed_max].
// With still > 0 each node stays at its start position for the whole trial with that
// probability (static nodes among moving ones).
type Geo struct {
	name          string
	n             int
	side, r, r2   float64
	vmin, vmax    float64
	pause         float64
	tau           float64 // rebuild period (+Inf when nothing moves)
	nextRebuild   float64
	script        *movementScript // ns2: the movement file; nil for random waypoint
	rngState      []uint64        // per-node SplitMix64 state (random waypoint)
	x0, y0        []float64       // position at t0
	vx, vy        []float64
	t0, tNext     []float64 // start of the current segment; next change of motion (+Inf: none)
	frozen        []bool    // crashed nodes: they stop at the end of the current segment
	cmd           []int32   // ns2: index of the node's next command
	candStart     []int32   // candidates of i: cand[candStart[i]:candStart[i+1]]
	cand          []int32
	cellStart     []int32
	cellNodes     []int32
	cellOf        []int32
	grid          int // cells per side
	cellSize      float64
	heap          []geoEvent
	seq           uint64
	Refused       int64 // link formations refused for want of a port
	LinkEvents    int64 // link changes made
	MotionChanges int64
}

type geoEventKind uint8

const (
	geoMotion geoEventKind = iota
	geoEnter
	geoExit
	geoRebuild
)

type geoEvent struct {
	t    float64
	seq  uint64
	a, b int32
	kind geoEventKind
}

func (m *Geo) Name() string {
	if m.name == "" {
		return "waypoint"
	}
	return m.name
}
func (m *Geo) Lossy() bool { return true }
func (m *Geo) FIFO() bool  { return true }

func (m *Geo) Init(t *kernel.Topology, p *kernel.Params, rng *kernel.Stream) error {
	m.n = p.N
	m.r = p.NetParam(Radius)
	m.r2 = m.r * m.r
	if m.name != "ns2" {
		m.side = p.NetParam(Side)
		m.vmin, m.vmax, m.pause = p.NetParam(SpeedMin), p.NetParam(SpeedMax), p.NetParam(Pause)
	}
	if m.name == "ns2" {
		sc, err := loadMovement(p.MovementFile, p.N)
		if err != nil {
			return err
		}
		m.script = sc
		m.side = sc.side
	}
	delta := int(p.NetParam(Delta))
	if delta == 0 {
		delta = autoDelta(m.n, m.side, m.r)
	}
	if err := t.Reset(m.n, delta); err != nil {
		return paramError(Delta, err.Error()) // not reached: validateDelta and autoDelta keep Δ at most maxDelta
	}
	n := m.n
	m.x0, m.y0 = kernel.Resize(m.x0, n), kernel.Resize(m.y0, n)
	m.vx, m.vy = kernel.Resize(m.vx, n), kernel.Resize(m.vy, n)
	m.t0, m.tNext = kernel.Resize(m.t0, n), kernel.Resize(m.tNext, n)
	m.frozen = kernel.Zeroed(m.frozen, n)
	m.heap = m.heap[:0]
	m.seq = 0
	m.Refused, m.LinkEvents, m.MotionChanges = 0, 0, 0
	m.placeNodes(t, p)
	m.tau = math.Inf(1)
	if m.vmax > 0 {
		m.tau = m.r / (4 * m.vmax)
	}
	m.cellSize = m.r
	if !math.IsInf(m.tau, 1) {
		m.cellSize = m.r + 2*m.vmax*m.tau // = 1.5 r
	}
	m.nextRebuild = m.tau
	m.buildCandidates(0)
	if err := m.initialLinks(t); err != nil {
		return err
	}
	m.push(geoEvent{t: m.tau, kind: geoRebuild})
	return nil
}

// placeNodes puts every node at its start: the movement script's, or a uniform position and
// a first leg of travel (a node drawn still never moves).
func (m *Geo) placeNodes(t *kernel.Topology, p *kernel.Params) {
	n := m.n
	if m.script != nil {
		m.script.start(m)
	} else {
		m.rngState = kernel.Resize(m.rngState, n)
		still := p.NetParam(Still)
		seed := rng.DeriveSeed(p.Seed, uint64(kernel.StreamMobility), 0x9e0)
		for i := range n {
			m.rngState[i] = rng.Mix64(seed ^ uint64(i)*0x9e3779b97f4a7c15)
			m.x0[i], m.y0[i] = m.uniform(int32(i))*m.side, m.uniform(int32(i))*m.side
			m.t0[i] = 0
			if still > 0 && m.uniform(int32(i)) < still { // drawn only when asked: trials with still = 0 are unchanged
				m.vx[i], m.vy[i], m.tNext[i], m.frozen[i] = 0, 0, math.Inf(1), true
				t.SetMoving(int32(i), false)
				continue
			}
			m.travel(t, int32(i), 0)
		}
	}
}

// initialLinks links every candidate pair within range, then schedules each node's first
// motion event and each candidate pair's first crossing.
func (m *Geo) initialLinks(t *kernel.Topology) error {
	n := m.n
	// Initial links: every candidate pair within r, in node order, ports permitting.
	for i := int32(0); int(i) < n; i++ {
		for _, j := range m.cand[m.candStart[i]:m.candStart[i+1]] {
			if j > i && m.dist2(i, j, 0) <= m.r2 && !t.Full(i) && !t.Full(j) {
				if _, _, err := t.Connect(i, j); err != nil {
					return err
				}
			}
		}
	}
	for i := int32(0); int(i) < n; i++ {
		m.push(geoEvent{t: m.tNext[i], a: i, kind: geoMotion})
		for _, j := range m.cand[m.candStart[i]:m.candStart[i+1]] {
			if j > i {
				m.predict(t, nil, i, j, 0)
			}
		}
	}
	return nil
}

// uniform draws from node i's own stream: [0, 1).
func (m *Geo) uniform(i int32) float64 {
	m.rngState[i] += 0x9e3779b97f4a7c15
	return float64(rng.Mix64(m.rngState[i])>>11) * (1.0 / (1 << 53))
}

// travel starts node i's next random-waypoint leg at now from its current position.
func (m *Geo) travel(t *kernel.Topology, i int32, now float64) {
	dx, dy := m.uniform(i)*m.side-m.x0[i], m.uniform(i)*m.side-m.y0[i]
	speed := m.vmin + (m.vmax-m.vmin)*m.uniform(i)
	d := math.Hypot(dx, dy)
	if speed <= 0 || d == 0 {
		m.vx[i], m.vy[i], m.tNext[i] = 0, 0, math.Inf(1)
		t.SetMoving(i, false)
		return
	}
	m.vx[i], m.vy[i] = dx/d*speed, dy/d*speed
	m.tNext[i] = now + d/speed
	t.SetMoving(i, true)
}

// pos returns node i's position at time now.
func (m *Geo) pos(i int32, now float64) (float64, float64) {
	dt := now - m.t0[i]
	return m.x0[i] + m.vx[i]*dt, m.y0[i] + m.vy[i]*dt
}

// Position returns node i's position at time now (kernel.Mover: traces and the viewer read it).
func (m *Geo) Position(i int32, now float64) (x, y float64) { return m.pos(i, now) }

// SegmentStart returns the time node i's current segment (a leg, a pause, or rest after a
// crash) began: the kernel's Probe reads a node not moving now as still since then.
func (m *Geo) SegmentStart(i int32) float64 { return m.t0[i] }

// Geo moves nodes: the kernel reads their motion through kernel.Mover.
var _ kernel.Mover = (*Geo)(nil)

// Radius returns r.
func (m *Geo) Radius() float64 { return m.r }

func (m *Geo) dist2(i, j int32, now float64) float64 {
	xi, yi := m.pos(i, now)
	xj, yj := m.pos(j, now)
	return (xi-xj)*(xi-xj) + (yi-yj)*(yi-yj)
}

// buildCandidates buckets the nodes by their positions at now in cells of side cellSize and
// lists, for each node, the nodes within cellSize (CSR arrays, rebuilt in place).
func (m *Geo) buildCandidates(now float64) {
	n := m.n
	g := max(1, int(m.side/m.cellSize))
	m.grid = g
	cs := m.side / float64(g) // >= cellSize
	m.cellStart = kernel.Zeroed(m.cellStart, g*g+1)
	m.cellOf = kernel.Resize(m.cellOf, n)
	m.cellNodes = kernel.Resize(m.cellNodes, n)
	cell := func(v float64) int { return min(g-1, max(0, int(v/cs))) }
	for i := range n {
		x, y := m.pos(int32(i), now)
		c := cell(y)*g + cell(x)
		m.cellOf[i] = int32(c)
		m.cellStart[c+1]++
	}
	for c := 1; c <= g*g; c++ {
		m.cellStart[c] += m.cellStart[c-1]
	}
	fill := m.cellStart[:g*g] // advance the starts while filling, then restore
	for i := range n {
		c := m.cellOf[i]
		m.cellNodes[fill[c]] = int32(i)
		fill[c]++
	}
	for c := g * g; c > 0; c-- {
		m.cellStart[c] = m.cellStart[c-1]
	}
	m.cellStart[0] = 0
	R2 := m.cellSize * m.cellSize
	m.candStart = kernel.Resize(m.candStart, n+1)
	m.cand = m.cand[:0]
	for i := range n {
		m.candStart[i] = int32(len(m.cand))
		c := int(m.cellOf[i])
		cx, cy := c%g, c/g
		for yy := max(0, cy-1); yy <= min(g-1, cy+1); yy++ {
			for xx := max(0, cx-1); xx <= min(g-1, cx+1); xx++ {
				cc := yy*g + xx
				for _, j := range m.cellNodes[m.cellStart[cc]:m.cellStart[cc+1]] {
					if int(j) != i && m.dist2(int32(i), j, now) <= R2 {
						m.cand = append(m.cand, j)
					}
				}
			}
		}
	}
	m.candStart[n] = int32(len(m.cand))
}

// predict schedules the next crossing of distance r by the pair (i, j) before the horizon,
// and repairs the pair at once if it is on the wrong side now (rounding, or a freed port).
// c is nil during Init (the topology is changed directly, with no algorithm yet).
func (m *Geo) predict(t *kernel.Topology, c *kernel.Changer, i, j int32, now float64) {
	h := min(m.nextRebuild, m.tNext[i], m.tNext[j])
	xi, yi := m.pos(i, now)
	xj, yj := m.pos(j, now)
	dx, dy := xi-xj, yi-yj
	vx, vy := m.vx[i]-m.vx[j], m.vy[i]-m.vy[j]
	a := vx*vx + vy*vy
	b := 2 * (dx*vx + dy*vy)
	cc := dx*dx + dy*dy - m.r2
	linked := t.Adjacent(i, j)
	if linked {
		if cc > 0 && b >= 0 && c != nil {
			m.down(t, c, i, j)
			m.freed(t, c, i, now)
			m.freed(t, c, j, now)
			return
		}
		if a == 0 {
			return
		}
		disc := max(0, b*b-4*a*cc)
		s := max(0, (-b+math.Sqrt(disc))/(2*a))
		if now+s < h {
			m.push(geoEvent{t: now + s, a: i, b: j, kind: geoExit})
		}
		return
	}
	if cc <= 0 {
		// Within range and unlinked (a refused pair, or rounding at the crossing): link now,
		// unless the pair sits on the circle and is separating (it would flap).
		if c != nil && !t.Full(i) && !t.Full(j) && (b < 0 || cc < -1e-9*m.r2) {
			m.up(t, c, i, j, now)
		}
		return
	}
	if a == 0 || b >= 0 {
		return
	}
	disc := b*b - 4*a*cc
	if disc < 0 {
		return
	}
	s := (-b - math.Sqrt(disc)) / (2 * a)
	if now+s < h {
		m.push(geoEvent{t: now + s, a: i, b: j, kind: geoEnter})
	}
}

func (m *Geo) up(t *kernel.Topology, c *kernel.Changer, i, j int32, now float64) {
	if t.Full(i) || t.Full(j) {
		m.Refused++
		c.Skipped()
		return
	}
	if err := c.LinkUp(i, j); err != nil {
		c.Failed(err)
		return
	}
	m.LinkEvents++
	c.Counted()
	m.predict(t, c, i, j, now)
}

func (m *Geo) down(t *kernel.Topology, c *kernel.Changer, i, j int32) {
	c.LinkDown(t.LinkIndex(i, t.PortTo(i, j)))
	m.LinkEvents++
	c.Counted()
}

// freed gives a node whose port just freed to a candidate within range that was refused.
func (m *Geo) freed(t *kernel.Topology, c *kernel.Changer, i int32, now float64) {
	for _, j := range m.cand[m.candStart[i]:m.candStart[i+1]] {
		if t.Full(i) {
			return
		}
		if !t.Full(j) && !t.Adjacent(i, j) && m.dist2(i, j, now) < m.r2*(1-1e-9) {
			m.up(t, c, i, j, now)
		}
	}
}

func (m *Geo) NextChange(now float64, _ *kernel.Stream) float64 {
	if len(m.heap) == 0 {
		return math.Inf(1)
	}
	return m.heap[0].t
}

func (m *Geo) Change(now float64, c *kernel.Changer) {
	t := c.Topology()
	for len(m.heap) > 0 && m.heap[0].t <= now {
		e := m.pop()
		switch e.kind {
		case geoMotion:
			m.motion(t, c, e.a, now)
		case geoEnter:
			if !t.Adjacent(e.a, e.b) {
				m.up(t, c, e.a, e.b, now)
			}
		case geoExit:
			if t.Adjacent(e.a, e.b) {
				m.down(t, c, e.a, e.b)
				m.freed(t, c, e.a, now)
				m.freed(t, c, e.b, now)
			}
		case geoRebuild:
			m.buildCandidates(now)
			m.nextRebuild = now + m.tau
			for i := int32(0); int(i) < m.n; i++ {
				for _, j := range m.cand[m.candStart[i]:m.candStart[i+1]] {
					if j > i {
						m.predict(t, c, i, j, now)
					}
				}
			}
			m.push(geoEvent{t: m.nextRebuild, kind: geoRebuild})
		}
	}
}

// motion applies node i's change of motion due now and predicts its pairs again.
func (m *Geo) motion(t *kernel.Topology, c *kernel.Changer, i int32, now float64) {
	if math.IsInf(m.tNext[i], 1) {
		return
	}
	m.MotionChanges++
	m.x0[i], m.y0[i] = m.pos(i, now)
	m.t0[i] = now
	if m.frozen[i] { // a crashed node stays where this segment ended
		m.vx[i], m.vy[i], m.tNext[i] = 0, 0, math.Inf(1)
		t.SetMoving(i, false)
		for _, j := range m.cand[m.candStart[i]:m.candStart[i+1]] {
			m.predict(t, c, i, j, now)
		}
		return
	}
	if m.script != nil {
		m.script.next(m, t, i, now)
	} else if t.Moving(i) && m.pause > 0 {
		m.vx[i], m.vy[i], m.tNext[i] = 0, 0, now+m.pause
		t.SetMoving(i, false)
	} else {
		m.travel(t, i, now)
	}
	m.push(geoEvent{t: m.tNext[i], a: i, kind: geoMotion})
	for _, j := range m.cand[m.candStart[i]:m.candStart[i+1]] {
		m.predict(t, c, i, j, now)
	}
}

// Freeze stops crashed node i: it finishes the segment it is on (the pair crossings already
// predicted for that segment stay valid only until its end) and then stays put for good.
// The paper's crashed node stops where it is; stopping at the segment's end keeps the
// kinetic predictions exact, at the cost of one segment of motion after the crash.
func (m *Geo) Freeze(i int32) { m.frozen[i] = true }

// MemoryBytes reports the bytes the model holds (slice capacities): per-node motion state,
// the candidate lists and grid, and its heap of pending crossings and changes of motion.
func (m *Geo) MemoryBytes() int {
	b := (cap(m.rngState) + cap(m.x0) + cap(m.y0) + cap(m.vx) + cap(m.vy) + cap(m.t0) + cap(m.tNext)) * 8
	b += (cap(m.cmd) + cap(m.candStart) + cap(m.cand) + cap(m.cellStart) + cap(m.cellNodes) + cap(m.cellOf)) * 4
	return b + cap(m.heap)*int(unsafe.Sizeof(geoEvent{}))
}

// ---- a binary heap of geoEvents ordered by (t, seq) -----------------------------------------

func (m *Geo) push(e geoEvent) {
	if math.IsInf(e.t, 1) {
		return
	}
	e.seq = m.seq
	m.seq++
	m.heap = append(m.heap, e)
	h := m.heap
	k := len(h) - 1
	for k > 0 {
		p := (k - 1) / 2
		if !geoLess(&h[k], &h[p]) {
			break
		}
		h[k], h[p] = h[p], h[k]
		k = p
	}
}

func (m *Geo) pop() geoEvent {
	h := m.heap
	top := h[0]
	last := len(h) - 1
	h[0] = h[last]
	h = h[:last]
	k := 0
	for {
		l := 2*k + 1
		if l >= len(h) {
			break
		}
		if r := l + 1; r < len(h) && geoLess(&h[r], &h[l]) {
			l = r
		}
		if !geoLess(&h[l], &h[k]) {
			break
		}
		h[k], h[l] = h[l], h[k]
		k = l
	}
	m.heap = h
	return top
}

func geoLess(a, b *geoEvent) bool {
	if a.t != b.t {
		return a.t < b.t
	}
	return a.seq < b.seq
}
