package core

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"

	"github.com/mutexlab/mutexlab/kernel"
)

// Target is an algorithm under swarm test: how to build an instance, and how to draw its own
// parameters (kernel.Params.Algo) and, if it needs another network model, the network.
type Target struct {
	Name string
	New  func() kernel.Algorithm
	// Knobs, when not nil, draws the algorithm's own knobs into p from r (after the common
	// draw, from a stream of its own, so adding knobs never changes the common ones).
	Knobs func(r *kernel.Stream, p *kernel.Params)
}

// Stream purposes of the swarm draw (sub-streams of the trial seed, apart from the kernel's).
const (
	purposeCommon   = 0x5a4a_0001
	purposeKnobs    = 0x5a4a_0002
	purposeReadings = 0x5a4a_0003
)

// Params draws the trial of target t at seed: a pure function of (t.Name, seed). The common
// knobs do not depend on the algorithm, so every algorithm gets the same network, load and
// mobility on a seed (and the same request and link-change streams, which the kernel derives
// from the seed):
//
//   - n uniform in 2..40; links from a spanning tree (n−1) to a clique, biased toward sparse
//     graphs (link reversal works hardest there): links = min + ⌊u²·(max−min+1)⌋;
//   - load λ_req log-uniform in [1e-3, 10];
//   - CS time 1 (half the trials) or log-uniform in [0.05, 5];
//   - delays constant (in [0.1, 2]), exponential (mean in [0.1, 2]) or uniform (0 < a ≤ b ≤ 5);
//   - mobility 0 (a quarter of the trials) or ρ·min(n·λ_req, 1/(CS time + mean delay)), ρ
//     log-uniform in [0.01, 10]: between one link change per hundred CS entries and ten per
//     entry, so that a trial's cost is bounded whatever the load;
//   - warm-up 0..50 and 20..300 measured CS entries, then the liveness phase;
//   - the algorithm's own knobs (Target.Knobs);
//   - the network model's readings (kernel.Readings: mobility rate, link formation, what a
//     change does when no link can be deleted), each value equally likely, from a stream of
//     their own, on a model that honours them. Under the per-node rate λ_mob is divided by n,
//     so that the network's change rate, and with it the trial's cost, keeps the bound above.
func Params(t Target, seed uint64) kernel.Params {
	var r kernel.Stream
	r.Seed(kernel.DeriveSeed(seed, purposeCommon))
	p := kernel.DefaultParams()
	p.Seed = seed
	p.N = 2 + r.IntN(39)
	lo, hi := kernel.MinLinks(p.N), kernel.MaxLinks(p.N)
	u := r.Float64()
	p.Links = min(hi, lo+int(u*u*float64(hi-lo+1)))
	p.Connectivity = 0
	p.Load = logUniform(&r, 1e-3, 10)
	p.CSTime = 1
	if r.IntN(2) == 0 {
		p.CSTime = logUniform(&r, 0.05, 5)
	}
	switch r.IntN(3) {
	case 0:
		p.Delay = kernel.Delay{Kind: kernel.DelayConstant, A: 0.1 + 1.9*r.Float64()}
	case 1:
		p.Delay = kernel.Delay{Kind: kernel.DelayExponential, A: 0.1 + 1.9*r.Float64()}
	default:
		a := 0.05 + 2*r.Float64()
		p.Delay = kernel.Delay{Kind: kernel.DelayUniform, A: a, B: a + 3*r.Float64()}
	}
	p.Mobility = 0
	if r.IntN(4) != 0 {
		rho := logUniform(&r, 0.01, 10)
		p.Mobility = rho * math.Min(float64(p.N)*p.Load, 1/(p.CSTime+p.Delay.Mean()))
	}
	p.Warmup = r.IntN(51)
	p.Measure = 20 + r.IntN(281)
	t.DrawKnobs(seed, &p)
	drawReadings(seed, &p)
	return p
}

// DrawKnobs draws t's own knobs into p (nothing when t has none) from the seed's stream for
// knobs, apart from the common draw's, so adding knobs never changes the common ones.
func (t Target) DrawKnobs(seed uint64, p *kernel.Params) {
	if t.Knobs == nil {
		return
	}
	var r kernel.Stream
	r.Seed(kernel.DeriveSeed(seed, purposeKnobs))
	t.Knobs(&r, p)
}

// drawReadings draws each reading of p's network model uniformly among its values (after
// every other draw, from its own stream, so the readings never change the other knobs).
func drawReadings(seed uint64, p *kernel.Params) {
	if info, ok := kernel.LookupNetwork(p.Network); !ok || !info.UsesReadings {
		return
	}
	var r kernel.Stream
	r.Seed(kernel.DeriveSeed(seed, purposeReadings))
	for _, rd := range kernel.Readings() {
		if err := rd.Set(p, rd.Values[r.IntN(len(rd.Values))]); err != nil {
			panic(err) // a value from the reading's own list
		}
	}
	if p.MobilityRate == kernel.RatePerNode {
		p.Mobility /= float64(p.N)
	}
}

func logUniform(r *kernel.Stream, lo, hi float64) float64 {
	return math.Exp(math.Log(lo) + r.Float64()*(math.Log(hi)-math.Log(lo)))
}

// Describe renders a trial's parameters on one line.
func Describe(p *kernel.Params) string {
	var b strings.Builder
	info, known := kernel.LookupNetwork(p.Network)
	fmt.Fprintf(&b, "n=%d", p.N)
	if known && info.UsesLinks { // other models make their own graph: no link count to show
		fmt.Fprintf(&b, " links=%d", p.LinkCount())
	}
	fmt.Fprintf(&b, " load=%.4g mobility=%.4g delay=%s cs_time=%.4g warmup=%d measure=%d",
		p.Load, p.Mobility, p.Delay, p.CSTime, p.Warmup, p.Measure)
	if p.Network != "" {
		fmt.Fprintf(&b, " network=%s", p.Network)
	}
	if known && info.UsesReadings {
		for _, rd := range kernel.Readings() {
			fmt.Fprintf(&b, " %s=%s", rd.Key, rd.Get(p))
		}
	}
	for _, name := range sortedKeys(p.Net) {
		fmt.Fprintf(&b, " %s=%g", name, p.Net[name])
	}
	for _, name := range sortedKeys(p.Algo) {
		fmt.Fprintf(&b, " %s=%g", name, p.Algo[name])
	}
	return b.String()
}

func sortedKeys(m map[string]float64) []string { return slices.Sorted(maps.Keys(m)) }
