package swarm

import (
	"fmt"
	"strings"

	"github.com/mutexlab/mutexlab/algorithms"
	"github.com/mutexlab/mutexlab/algorithms/drs"
	"github.com/mutexlab/mutexlab/algorithms/gme"
	"github.com/mutexlab/mutexlab/algorithms/hk"
	"github.com/mutexlab/mutexlab/kernel"
)

// knobs holds the per-algorithm draws, one line per algorithm. An algorithm without a line
// runs with its registered defaults (cm has no knobs).
var knobs = map[string]func(r *kernel.Stream, p *kernel.Params){
	"hk":  hkKnobs,
	"gme": gmeKnobs,
	"drs": drsKnobs,
}

// DefaultAlgorithms are the algorithms bench swarm tests when --algo is not given.
var DefaultAlgorithms = []string{"rl", "rr", "hk", "gme", "drs", "cm"}

// Lookup returns the swarm target of a registered algorithm.
func Lookup(name string) (Target, error) {
	info, ok := algorithms.Lookup(name)
	if !ok {
		return Target{}, fmt.Errorf("unknown algorithm %q; known: %s", name, strings.Join(algorithms.Names(), ", "))
	}
	return Target{Name: name, New: info.New, Knobs: knobs[name]}, nil
}

// hkKnobs: k in 1..4 resources, h fixed in 1..k or drawn per request (0), 1..4 priority
// classes, aging 0..2; then Jiang's readings (go doc ./algorithms/hk), each value equally
// likely (drawn last, so that a new reading does not change the knobs above for a seed).
func hkKnobs(r *kernel.Stream, p *kernel.Params) {
	k := 1 + r.IntN(4)
	p.Algo = map[string]float64{
		hk.ParamK:      float64(k),
		hk.ParamH:      float64(r.IntN(k + 1)),
		hk.ParamLevels: float64(1 + r.IntN(hk.MaxLevels)),
		hk.ParamAging:  float64(r.IntN(3)),
	}
	p.Algo[hk.ParamAgingAt] = float64(r.IntN(len(hk.AgingAtNames)))
	p.Algo[hk.ParamLinkTo] = float64(r.IntN(len(hk.LinkToNames)))
	p.Algo[hk.ParamRequestSink] = float64(r.IntN(len(hk.RequestSinkNames)))
}

// gmeKnobs: m in 1..4 resources, requested uniformly or Zipf with s in [0.5, 2]; then Jiang's
// readings (go doc ./algorithms/gme), each value equally likely, drawn last. Under subtokens =
// session the concurrent-entering check is on (ce_check = fail): that reading claims Theorem
// 2, so a miss fails the trial; under the paper's in-cs, where misses are expected, it only
// measures them.
func gmeKnobs(r *kernel.Stream, p *kernel.Params) {
	p.Algo = map[string]float64{
		gme.ParamM:    float64(1 + r.IntN(4)),
		gme.ParamDist: float64(r.IntN(2)),
		gme.ParamS:    0.5 + 1.5*r.Float64(),
	}
	sub := r.IntN(len(gme.SubtokensNames))
	p.Algo[gme.ParamSubtokens] = float64(sub)
	p.Algo[gme.ParamLinkTo] = float64(r.IntN(len(gme.LinkToNames)))
	p.Algo[gme.ParamCECheck] = gme.CECheckOff
	if sub == gme.SubtokensSession {
		p.Algo[gme.ParamCECheck] = gme.CECheckFail
	}
}

// drsKnobs: K in {16, 64, 256} priorities (the package doc: K must be about Δ² or more; n
// is at most 40 here).
func drsKnobs(r *kernel.Stream, p *kernel.Params) {
	p.Algo = map[string]float64{drs.ParamK: float64([]int{16, 64, 256}[r.IntN(3)])}
}
