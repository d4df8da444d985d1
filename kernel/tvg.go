package kernel

import (
	"fmt"
	"math"
)

// Parameters of the "tvg" model (keys of Params.Net).
const (
	NetBirth = "birth" // probability per round that an absent pair forms a link
	NetDeath = "death" // probability per round that a present link disconnects
	NetDelta = "delta" // Δ: ports per node (tvg, waypoint, ns2)
	NetRound = "round" // length of a round in time units (tvg)
)

func init() {
	RegisterNetworkInfo(NetworkInfo{
		Name:  "tvg",
		Title: "edge-Markovian time-varying graph with Δ ports per node; lossy, non-FIFO links",
		New:   func() NetworkModel { return &TVGModel{} },
		Params: []NetParamInfo{
			{Name: NetBirth, Default: 0.01, Doc: "tvg: probability per round that an absent pair forms a link, in [0, 1]"},
			{Name: NetDeath, Default: 0.1, Doc: "tvg: probability per round that a present link disconnects, in [0, 1]"},
			{Name: NetDelta, Default: 4, Doc: "Δ: ports per node, a whole number >= 1; a link forms only if both ends have a free port"},
			{Name: NetRound, Default: 1, Doc: "tvg: length of a round in time units (> 0); the graph changes at multiples of it"},
		},
		Validate: validateTVG,
	})
}

// maxDelta bounds Δ so that per-port storage (n·Δ entries) stays reasonable.
const maxDelta = 4096

// Δ is a port cap, so it must fit a port record (maxPortCap): this fails to compile if not.
var _ = [maxPortCap - maxDelta]struct{}{}

func validateDelta(p *Params) error {
	d := p.NetParam(NetDelta)
	if d < 1 || d != math.Trunc(d) || d > maxDelta {
		return &ParamError{NetDelta, fmt.Sprintf("Δ (ports per node) must be a whole number in 1..%d, got %g", maxDelta, d)}
	}
	return nil
}

func validateTVG(p *Params) error {
	for _, name := range []string{NetBirth, NetDeath} {
		if x := p.NetParam(name); !(x >= 0 && x <= 1) {
			return &ParamError{name, fmt.Sprintf("must be a probability per round in [0, 1], got %g", x)}
		}
	}
	if err := validateDelta(p); err != nil {
		return err
	}
	if r := p.NetParam(NetRound); !(r > 0) {
		return &ParamError{NetRound, fmt.Sprintf("must be a round length > 0, got %g", r)}
	}
	return nil
}

// TVGModel is an edge-Markovian time-varying graph (Casteigts et al.; the model of the
// anonymous local-mutex paper's analysis, section 2.1) with the paper's degree cap.
//
//   - Rounds: the graph changes at times round, 2·round, ...; in each change every pair of
//     nodes absent at the start of the round forms a link with probability birth and every
//     link present at the start disconnects with probability death, independently (so a link
//     that dies is not reborn in the same round). Deaths are applied first, then births in a
//     uniformly random order.
//   - Ports: each node has Δ ports. A birth between u and v happens only if both have a free
//     port (the paper's constraint |N(u)| <= Δ); the adversary then assigns the lowest free
//     port at each end, so a port freed by a disconnection is reused at once, the case the
//     paper's disconnection detector exists for. Refused births are counted as skipped changes.
//   - Start: the stationary distribution, G(n, birth/(birth+death)) (pairs in random order,
//     capped by the ports), so measurements need no burn-in for the graph.
//   - Links are lossy (messages in flight on a link that disconnects are lost) and not FIFO:
//     with a random delay model messages overtake each other. No node is marked moving.
//
// Absent pairs are sampled by geometric skipping over the n(n-1)/2 pair indices, and present
// links the same way over the link list, so a round costs O(n + changes), not O(n²).
type TVGModel struct {
	birth, death, round float64
	delta               int
	births              [][2]int32 // scratch: pairs to form this round
	deaths              [][2]int32 // scratch: links to drop this round
}

func (m *TVGModel) Name() string { return "tvg" }
func (m *TVGModel) Lossy() bool  { return true }
func (m *TVGModel) FIFO() bool   { return false }

func (m *TVGModel) Init(t *Topology, p *Params, rng *Stream) error {
	m.birth, m.death = p.NetParam(NetBirth), p.NetParam(NetDeath)
	m.round, m.delta = p.NetParam(NetRound), int(p.NetParam(NetDelta))
	if err := t.Reset(p.N, m.delta); err != nil {
		return &ParamError{NetDelta, err.Error()} // not reached: validateDelta bounds Δ below maxPortCap
	}
	pi := 0.0
	if m.birth+m.death > 0 {
		pi = m.birth / (m.birth + m.death)
	}
	m.births = sampleAbsentPairs(t, pi, rng, m.births[:0])
	shufflePairs(m.births, rng)
	for _, e := range m.births {
		if !t.Full(e[0]) && !t.Full(e[1]) {
			if _, _, err := t.Connect(e[0], e[1]); err != nil {
				return err
			}
		}
	}
	return nil
}

func (m *TVGModel) NextChange(now float64, _ *Stream) float64 {
	if m.birth == 0 && m.death == 0 {
		return math.Inf(1)
	}
	// The next multiple of round strictly after now (rounding guards against drift).
	k := math.Floor(now/m.round+1e-9) + 1
	return k * m.round
}

func (m *TVGModel) Change(now float64, c *Changer) {
	rng := c.Rand()
	t := c.Topology()
	m.births = sampleAbsentPairs(t, m.birth, rng, m.births[:0])
	m.deaths = m.deaths[:0]
	if m.death > 0 {
		for k := geomSkip(m.death, rng); k < t.NumLinks(); k += 1 + geomSkip(m.death, rng) {
			u, v := t.Link(k)
			m.deaths = append(m.deaths, [2]int32{u, v})
		}
	}
	for _, e := range m.deaths {
		k := t.LinkIndex(e[0], t.PortTo(e[0], e[1]))
		c.LinkDown(k)
		c.Counted()
	}
	shufflePairs(m.births, rng)
	for _, e := range m.births {
		if t.Full(e[0]) || t.Full(e[1]) {
			c.Skipped()
			continue
		}
		if err := c.LinkUp(e[0], e[1]); err != nil {
			c.Failed(err)
			return
		}
		c.Counted()
	}
}

// geomSkip returns the number of failures before the first success of Bernoulli(p) trials.
func geomSkip(p float64, rng *Stream) int {
	if p >= 1 {
		return 0
	}
	if p <= 0 {
		return math.MaxInt32
	}
	u := rng.Float64()
	g := math.Floor(math.Log1p(-u) / math.Log1p(-p))
	if g > math.MaxInt32 {
		return math.MaxInt32
	}
	return int(g)
}

// sampleAbsentPairs appends each currently absent pair {u, v} (u < v) independently with
// probability p, visiting pairs in index order by geometric skips: O(n + pairs drawn).
func sampleAbsentPairs(t *Topology, p float64, rng *Stream, dst [][2]int32) [][2]int32 {
	n := t.N()
	if p <= 0 || n < 2 {
		return dst
	}
	u, v := 0, 0 // the pair before the first: (0, 0)
	for {
		v += 1 + geomSkip(p, rng)
		for v >= n {
			over := v - n
			u++
			if u >= n-1 {
				return dst
			}
			v = u + 1 + over
		}
		if !t.Adjacent(int32(u), int32(v)) {
			dst = append(dst, [2]int32{int32(u), int32(v)})
		}
	}
}

func shufflePairs(xs [][2]int32, rng *Stream) {
	for i := len(xs) - 1; i > 0; i-- {
		j := rng.IntN(i + 1)
		xs[i], xs[j] = xs[j], xs[i]
	}
}
