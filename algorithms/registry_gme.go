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
			{Name: gme.ParamM, Default: gme.DefaultM, Whole: true, Unit: "resources", Doc: "group mutex: number of shared resources m (>= 1); nodes requesting the same resource may be in the CS together"},
			{Name: gme.ParamDist, Default: gme.DefaultDist, Whole: true, Doc: "group mutex: distribution of the requested resource, drawn per request: 0 uniform on 0..m-1, 1 Zipf"},
			{Name: gme.ParamS, Default: gme.DefaultS, Doc: "group mutex: Zipf exponent s > 0, P(resource r) proportional to 1/(r+1)^s (null unless resource_dist = 1)",
				Value: func(p *kernel.Params) (float64, bool) {
					return p.AlgoParam(gme.ParamS, gme.DefaultS), p.AlgoParam(gme.ParamDist, gme.DefaultDist) == gme.DistZipf
				}},
		},
		Metrics: []MetricInfo{
			{Name: gme.MetricConcMean, Unit: "nodes", Doc: "gme: nodes in the CS just after a measured CS entry, mean"},
			{Name: gme.MetricConcMax, Unit: "nodes", Doc: "gme: nodes in the CS just after a measured CS entry, maximum"},
			{Name: gme.MetricSession, Unit: "CS entries", Doc: "gme: measured CS entries per session (a session opens when its holder enters with weight 0)"},
		},
		Validate: gme.Validate,
	})
}
