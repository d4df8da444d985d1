package algorithms

import (
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
				{Name: akw1.ParamColoring, Default: akw1.ColoringGreedy, Doc: "akw1: colouring procedure, 1 (greedy, 1a) or 2 (Linial, 1b)"},
				{Name: akw1.ParamKnownN, Default: 0, Doc: "akw1 1b: n as the nodes know it, a whole number >= n (required with akw_coloring = 2)"},
				{Name: akw1.ParamKnownD, Default: 0, Doc: "akw1 1b: δ as the nodes know it, a bound on every degree, 1..4096 (required with akw_coloring = 2)"},
			},
			Metrics:  akw1.MetricNames(),
			Validate: akw1.Validate},
		Info{Name: "akw2", Title: "Local mutual exclusion with dynamic priorities and optimal failure locality (Attiya, Kogan, Welch, section 5)",
			New:      func() kernel.Algorithm { return akw2.New() },
			Metrics:  akw2.MetricNames(),
			Validate: akw2.Validate},
	)
}
