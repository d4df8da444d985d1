package algorithms

import (
	"fmt"
	"github.com/mutexlab/mutexlab/algorithms/gme"
	"github.com/mutexlab/mutexlab/kernel"
)

// gmeInfo is Jiang's group mutual exclusion on Reverse Link.
func gmeInfo() Info {
	return Info{
		Name:   "gme",
		Safety: "group mutual exclusion",
		Title:  "Group mutual exclusion on Reverse Link with weight throwing (Jiang)",
		New:    func() kernel.Algorithm { return gme.New() },
		Params: []ParamInfo{
			{Name: gme.ParamM, Default: gme.DefaultM, Whole: true, Unit: "resources", Doc: "group mutex: number of shared resources m (>= 1); nodes requesting the same resource may be in the CS together"},
			{Name: gme.ParamDist, Default: gme.DefaultDist, Whole: true, Doc: "group mutex: distribution of the requested resource, drawn per request: 0 uniform on 0..m-1, 1 Zipf"},
			{Name: gme.ParamS, Default: gme.DefaultS, Doc: "group mutex: Zipf exponent s > 0, P(resource r) proportional to 1/(r+1)^s (null unless resource_dist = 1)",
				Value: func(p *kernel.Params) (float64, bool) {
					return p.AlgoParam(gme.ParamS, gme.DefaultS), p.AlgoParam(gme.ParamDist, gme.DefaultDist) == gme.DistZipf
				},
				ReadWith: ReadCondition{Key: gme.ParamDist, When: fmt.Sprintf("%s = %d", gme.ParamDist, gme.DistZipf)}},
			{Name: gme.ParamSubtokens, Choices: gme.SubtokensNames, NoSeed: true,
				Doc: "group mutex reading: when the leader answers a REQUEST with a SUBTOKEN: in-cs (the paper: while it is in the CS) or session (also while its session runs, for its resource, if no other resource is queued)"},
			linkTo(),
			{Name: gme.ParamCECheck, Choices: gme.CECheckNames, NoSeed: true,
				Doc: "group mutex check: off (concurrent-entering misses are only measured) or fail (the first one stops the trial as a safety violation)"},
		},
		Metrics: []MetricInfo{
			{Name: gme.MetricConcMean, Unit: "nodes", Doc: "gme: nodes in the CS just after a measured CS entry, mean"},
			{Name: gme.MetricConcMax, Unit: "nodes", Doc: "gme: nodes in the CS just after a measured CS entry, maximum", Whole: true},
			{Name: gme.MetricSession, Unit: "CS entries", Doc: "gme: measured CS entries per session (a session opens when its holder enters with weight 0)"},
			{Name: gme.MetricCEMisses, Unit: "requests", Doc: "gme: concurrent-entering misses, whole trial: requests the leader held for the resource of its open session while no other resource was queued (Theorem 2; 0 under subtokens = session)", Whole: true},
			{Name: gme.MetricCETime, Unit: "time units", Doc: "gme: time those requests waited at the leader while its session was open, summed, whole trial"},
		},
		Validate: gme.Validate,
	}
}
