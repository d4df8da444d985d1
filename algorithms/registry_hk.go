package algorithms

import (
	"fmt"

	"github.com/mutexlab/mutexlab/algorithms/hk"
	"github.com/mutexlab/mutexlab/kernel"
)

// hkInfo is Jiang's prioritized h-out-of-k mutual exclusion on Reverse Link.
func hkInfo() Info {
	return Info{Name: "hk", Title: "Prioritized h-out-of-k mutual exclusion on Reverse Link (Jiang)", New: func() kernel.Algorithm { return hk.New() },
		Safety:   "k-mutual exclusion (h-out-of-k)",
		Params:   hkParams(),
		Metrics:  hkMetrics(),
		Derived:  []DerivedInfo{{Name: "h_dist", Doc: "hk: how h is chosen: fixed (the h column) or uniform (drawn per request from 1..k; h is then null)", Value: hDist}},
		Validate: hk.Validate}
}

func hkParams() []ParamInfo {
	levels := func(p *kernel.Params) int { return int(p.AlgoParam(hk.ParamLevels, hk.DefaultLevels)) }
	ps := []ParamInfo{
		{Name: hk.ParamK, Default: hk.DefaultK, Whole: true, Unit: "resources", Doc: "h-out-of-k: number of identical resources k (>= 1)"},
		{Name: hk.ParamH, Default: hk.DefaultH, Whole: true, Unit: "resources",
			Doc: "h-out-of-k: resources per request, 1..k; the spec key takes 0 for uniform on 1..k, drawn per request (the column is then null: see h_dist)",
			Value: func(p *kernel.Params) (float64, bool) {
				h := p.AlgoParam(hk.ParamH, hk.DefaultH)
				return h, h != 0
			}},
		{Name: hk.ParamLevels, Default: hk.DefaultLevels, Whole: true, Unit: "classes", Doc: "h-out-of-k: number of priority classes (1..4; class 1 is the highest)"},
		{Name: hk.ParamAging, Default: hk.DefaultAging, Whole: true, Doc: "h-out-of-k: aging step added to every queued request's priority when a node leaves the CS (>= 0)"},
		{Name: hk.ParamAgingAt, Choices: hk.AgingAtNames, NoSeed: true,
			Doc: "h-out-of-k reading: when queued requests age: cs-exit (the paper's RELEASE: only the queue of a node leaving the CS) or token-pass (also every time the token leaves a node, relays included)"},
		linkTo(),
		{Name: hk.ParamRequestSink, Choices: hk.RequestSinkNames, NoSeed: true,
			Doc: "h-out-of-k reading: a node without the token that is a sink when a REQUEST arrives: forward (Jiang's handler: forwardRequest only) or raise (RL's line 7: raise its height first)"},
	}
	for c := 1; c <= hk.MaxLevels; c++ {
		ps = append(ps, ParamInfo{Name: hk.ParamP(c), Default: 0, Unit: "probability",
			Doc: fmt.Sprintf("h-out-of-k: probability of priority class %d; the spec key takes all 0 for uniform over the classes, and the column records the probability used (null when there are fewer than %d classes)", c, c),
			Value: func(p *kernel.Params) (float64, bool) {
				lv := levels(p)
				if c > lv {
					return 0, false
				}
				for d := 1; d <= lv; d++ {
					if p.AlgoParam(hk.ParamP(d), 0) > 0 {
						return p.AlgoParam(hk.ParamP(c), 0), true
					}
				}
				return 1 / float64(lv), true // none given: uniform over the classes
			},
			ReadWith: ReadCondition{Key: hk.ParamLevels, When: fmt.Sprintf("%s >= %d", hk.ParamLevels, c)}})
	}
	return ps
}

// hDist says how hk chooses h: fixed, or uniform on 1..k per request (h = 0).
func hDist(p *kernel.Params) string {
	if p.AlgoParam(hk.ParamH, hk.DefaultH) == 0 {
		return "uniform"
	}
	return "fixed"
}

func hkMetrics() []MetricInfo {
	ms := []MetricInfo{
		{Name: hk.MetricInversions, Unit: "inversions per CS entry", Doc: "hk: fraction of measured CS entries that were priority inversions (a lower-priority request served while a higher one waited)"},
		{Name: hk.MetricConcMean, Unit: "resources", Doc: "hk: resources in use just after a measured CS entry, mean"},
	}
	for c := 1; c <= hk.MaxLevels; c++ {
		ms = append(ms, MetricInfo{Name: hk.MetricWait(c), Unit: "CS entries",
			Doc: fmt.Sprintf("hk: mean wait of priority class %d, counted in CS entries of other nodes (null: no measured request of the class)", c)})
	}
	for c := 1; c <= hk.MaxLevels; c++ {
		ms = append(ms, MetricInfo{Name: hk.MetricWaitTime(c), Unit: "time units",
			Doc: fmt.Sprintf("hk: mean wait of priority class %d in time units, measured by the kernel (null: no measured request of the class)", c)})
	}
	return ms
}

// linkTo is the link_to reading, shared by hk and gme (linkrev.LinkRule).
func linkTo() ParamInfo {
	return ParamInfo{Name: hk.ParamLinkTo, Choices: hk.LinkToNames, NoSeed: true,
		Doc: "hk, gme reading: whom a node that receives the token tells its new height: all (Jiang: all its neighbours) or outgoing (Reverse Link: the neighbours that were lower, and the sender)"}
}
