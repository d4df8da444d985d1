package algorithms

import (
	"github.com/mutexlab/mutexlab/algorithms/gme"
	"github.com/mutexlab/mutexlab/kernel"
)

func init() {
	registry = append(registry, Info{
		Name:  "gme",
		Title: "Group mutual exclusion on Reverse Link with weight throwing (Jiang)",
		New:   func() kernel.Algorithm { return gme.New() },
		Params: []ParamInfo{
			{Name: gme.ParamM, Default: gme.DefaultM, Doc: "group mutex: number of shared resources m (>= 1); nodes requesting the same resource may be in the CS together"},
			{Name: gme.ParamDist, Default: gme.DefaultDist, Doc: "group mutex: distribution of the requested resource, drawn per request: 0 uniform on 0..m-1, 1 Zipf"},
			{Name: gme.ParamS, Default: gme.DefaultS, Doc: "group mutex: Zipf exponent s > 0, P(resource r) proportional to 1/(r+1)^s (used when resource_dist = 1)"},
		},
		Metrics:  gme.MetricNames(),
		Validate: gme.Validate,
	})
}
