package netmodel

import (
	"fmt"
	"math"

	"github.com/mutexlab/mutexlab/kernel"
)

func init() {
	kernel.RegisterNetworkInfo(kernel.NetworkInfo{
		Name:  "tvg",
		Title: "edge-Markovian time-varying graph with Δ ports per node; lossy, non-FIFO links",
		New:   func() kernel.NetworkModel { return &TVG{} },
		Params: []kernel.NetParamInfo{
			{Name: Birth, Default: 0.01, Doc: "tvg: probability per round that an absent pair forms a link, in [0, 1]"},
			{Name: Death, Default: 0.1, Doc: "tvg: probability per round that a present link disconnects, in [0, 1]"},
			{Name: Delta, Default: 4, Doc: "Δ: ports per node, a whole number >= 1; a link forms only if both ends have a free port"},
			{Name: Round, Default: 1, Doc: "tvg: length of a round in time units (> 0); the graph changes at multiples of it"},
		},
		Validate: validateTVG,
	})
}

func validateTVG(p *kernel.Params) error {
	for _, name := range []string{Birth, Death} {
		if x := p.NetParam(name); !(x >= 0 && x <= 1) {
			return paramError(name, fmt.Sprintf("must be a probability per round in [0, 1], got %g", x))
		}
	}
	if err := validateDelta(p); err != nil {
		return err
	}
	if r := p.NetParam(Round); !(r > 0) {
		return paramError(Round, fmt.Sprintf("must be a round length > 0, got %g", r))
	}
	return nil
}

// TVG is an edge-Markovian time-varying graph (Casteigts et al.; the model of the
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
type TVG struct {
	birth, death, round float64
	delta               int
	births              [][2]int32 // scratch: pairs to form this round
	deaths              [][2]int32 // scratch: links to drop this round
}

func (m *TVG) Name() string { return "tvg" }
func (m *TVG) Lossy() bool  { return true }
func (m *TVG) FIFO() bool   { return false }

func (m *TVG) Init(t *kernel.Topology, p *kernel.Params, rng *kernel.Stream) error {
	m.birth, m.death = p.NetParam(Birth), p.NetParam(Death)
	m.round, m.delta = p.NetParam(Round), int(p.NetParam(Delta))
	if err := t.Reset(p.N, m.delta); err != nil {
		return paramError(Delta, err.Error()) // not reached: validateDelta bounds Δ below kernel.MaxPortCap
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

func (m *TVG) NextChange(now float64, _ *kernel.Stream) float64 {
	if m.birth == 0 && m.death == 0 {
		return math.Inf(1)
	}
	// The next multiple of round strictly after now (rounding guards against drift).
	k := math.Floor(now/m.round+1e-9) + 1
	return k * m.round
}

func (m *TVG) Change(now float64, c *kernel.Changer) {
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
func geomSkip(p float64, rng *kernel.Stream) int {
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
func sampleAbsentPairs(t *kernel.Topology, p float64, rng *kernel.Stream, dst [][2]int32) [][2]int32 {
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

func shufflePairs(xs [][2]int32, rng *kernel.Stream) {
	for i := len(xs) - 1; i > 0; i-- {
		j := rng.IntN(i + 1)
		xs[i], xs[j] = xs[j], xs[i]
	}
}
