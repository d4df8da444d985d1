package algorithms

import (
	"slices"

	"github.com/mutexlab/mutexlab/algorithms/akw1"
	"github.com/mutexlab/mutexlab/algorithms/akw2"
	"github.com/mutexlab/mutexlab/kernel"
)

// The doorway/colouring local mutual exclusion family of Attiya, Kogan and Welch (issue 7):
// registered here, apart from registry.go.
func init() {
	registry = append(registry,
		Info{Name: "akw1", Title: "Local mutual exclusion with doorways and recolouring, greedy (1a) or Linial (1b) (Attiya, Kogan, Welch, section 4)",
			New: func() kernel.Algorithm { return akw1.New() },
			Params: []ParamInfo{
				{Name: akw1.ParamColoring, Default: akw1.ColoringGreedy, Whole: true, Doc: "akw1: colouring procedure, 1 (greedy, 1a) or 2 (Linial, 1b)"},
				{Name: akw1.ParamKnownN, Default: 0, Whole: true, Unit: "nodes", Doc: "akw1 1b: n as the nodes know it, a whole number >= n (required with akw_coloring = 2; null otherwise)", Value: linialOnly(akw1.ParamKnownN)},
				{Name: akw1.ParamKnownD, Default: 0, Whole: true, Unit: "ports", Doc: "akw1 1b: δ as the nodes know it, a bound on every degree, 1..4096 (required with akw_coloring = 2; null otherwise)", Value: linialOnly(akw1.ParamKnownD)},
			},
			Metrics: slices.Concat(akwMetrics, []MetricInfo{
				{Name: akw1.MetricReturns, Unit: "messages", Doc: "akw1: return-path messages, whole trial"},
				{Name: akw1.MetricRecolors, Unit: "recolourings", Doc: "akw1: recolourings, whole trial"},
				{Name: akw1.MetricOverflow, Unit: "colourings", Doc: "akw1 1b: Linial colourings that overflowed the colour bound, whole trial"},
			}),
			Validate: akw1.Validate},
		Info{Name: "akw2", Title: "Local mutual exclusion with dynamic priorities and optimal failure locality (Attiya, Kogan, Welch, section 5)",
			New:      func() kernel.Algorithm { return akw2.New() },
			Metrics:  akwMetrics,
			Validate: akw2.Validate},
	)
}

// akwMetrics are the metrics akw1 and akw2 share.
var akwMetrics = []MetricInfo{
	{Name: akw1.MetricBadReq, Unit: "requests", Doc: "akw1/akw2: requests that arrived at a node not holding the fork (invariant I2), whole trial"},
}

// linialOnly is the value of a parameter akw1 reads only with Linial's colouring (1b).
func linialOnly(name string) func(p *kernel.Params) (float64, bool) {
	return func(p *kernel.Params) (float64, bool) {
		return p.AlgoParam(name, 0), p.AlgoParam(akw1.ParamColoring, akw1.ColoringGreedy) == akw1.ColoringLinial
	}
}
