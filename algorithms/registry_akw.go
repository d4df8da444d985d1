package algorithms

import (
	"fmt"
	"slices"

	"github.com/mutexlab/mutexlab/algorithms/akw1"
	"github.com/mutexlab/mutexlab/algorithms/akw2"
	"github.com/mutexlab/mutexlab/algorithms/internal/stillness"
	"github.com/mutexlab/mutexlab/kernel"
)

// akwInfos is the doorway/colouring local mutual exclusion family of Attiya, Kogan and Welch.
func akwInfos() []Info {
	return []Info{
		{Name: "akw1", Safety: "local mutual exclusion", Title: "Local mutual exclusion with doorways and recolouring, greedy (1a) or Linial (1b) (Attiya, Kogan, Welch, section 4)",
			New: func() kernel.Algorithm { return akw1.New() },
			Params: []ParamInfo{
				{Name: akw1.ParamColoring, Default: akw1.ColoringGreedy, Whole: true, Doc: "akw1: colouring procedure, 1 (greedy, 1a) or 2 (Linial, 1b)"},
				{Name: akw1.ParamKnownN, Default: 0, Whole: true, Unit: "nodes", Doc: "akw1 1b: n as the nodes know it, a whole number >= n (required with akw_coloring = 2; null otherwise)", Value: linialOnly(akw1.ParamKnownN), ReadWith: linial},
				{Name: akw1.ParamKnownD, Default: 0, Whole: true, Unit: "ports", Doc: "akw1 1b: δ as the nodes know it, a bound on every degree, 1..4096 (required with akw_coloring = 2; null otherwise)", Value: linialOnly(akw1.ParamKnownD), ReadWith: linial},
				{Name: akw1.ParamInitColors, Default: akw1.InitRecolor, Whole: true, Doc: "akw1: initial colours, 1 (⊥, from the recolouring module at each node's first request: the paper) or 2 (given: a legal greedy colouring in id order, Choy and Singh's initial colouring)"},
			},
			Metrics: slices.Concat(akwMetrics, []MetricInfo{
				{Name: akw1.MetricReturns, Unit: "messages", Doc: "akw1: return-path messages, whole trial", Whole: true},
				{Name: akw1.MetricRecolors, Unit: "recolourings", Doc: "akw1: recolourings, whole trial", Whole: true},
				{Name: akw1.MetricOverflow, Unit: "colourings", Doc: "akw1 1b: Linial colourings that overflowed the colour bound, whole trial", Whole: true},
				{Name: akw1.MetricColorRange, Unit: "colours", Doc: "akw1: Δ of Lemma 4, the largest absolute value of a colour the recolouring module produced, whole trial (null: no recolouring)", Whole: true},
				{Name: akw1.MetricRecolorTime, Unit: "time units", Doc: "akw1: T_c of Lemma 4, the longest run of new-color() (crossing SD^r to the new colour), whole trial (null: no recolouring)"},
				{Name: akw1.MetricDoorway1, Unit: "time units", Doc: "akw1: Lemma 1, longest passage of a static node through the first double doorway (start of AD^r's entry code to its exit), whole trial (null: none)"},
				{Name: akw1.MetricDoorway1Mod, Unit: "time units", Doc: "akw1: Lemma 1's T, the longest stay behind SD^r (new-color() and AD^f's entry code), whole trial (null: none)"},
				{Name: akw1.MetricDoorway2, Unit: "time units", Doc: "akw1: Lemma 2, longest passage of a static node through the second double doorway (start of AD^f's entry code to line 9), whole trial (null: none)"},
				{Name: akw1.MetricDoorway2Mod, Unit: "time units", Doc: "akw1: Lemma 2's T, the longest stay behind SD^f (fork collection and the CS, or until a return), whole trial (null: none)"},
				{Name: akw1.MetricSDfEntries, Unit: "entries", Doc: "akw1: Lemma 2's R, the most executions of SD^f's entry code in one passage (1 + returns), whole trial (null: none)", Whole: true},
				{Name: akw1.MetricForksTime, Unit: "time units", Doc: "akw1: section 4.3's X = O(Δ+δ), the longest time of a static node from crossing SD^f to eating, whole trial (null: none)"},
			}),
			Validate: akw1.Validate},
		{Name: "akw2", Safety: "local mutual exclusion", Title: "Local mutual exclusion with dynamic priorities and optimal failure locality (Attiya, Kogan, Welch, section 5)",
			New:      func() kernel.Algorithm { return akw2.New() },
			Metrics:  akwMetrics,
			Validate: akw2.Validate},
	}
}

// akwMetrics are the metrics akw1 and akw2 share: invariant I2's count, and the waits of
// static and moving requests.
var akwMetrics = append([]MetricInfo{
	{Name: akw1.MetricBadReq, Unit: "requests", Doc: "akw1/akw2: requests that arrived at a node not holding the fork (invariant I2), whole trial", Whole: true},
}, stillnessMetrics...)

// stillnessMetrics are the waits of static and moving requests (algorithms/internal/stillness),
// measured on the geometric network models by every local-mutex algorithm.
var stillnessMetrics = []MetricInfo{
	{Name: stillness.MetricWaitMaxStatic, Unit: "time units", Doc: "largest wait of a measured request whose node did not move from its request to its CS entry (waypoint and ns2 only: null elsewhere, and when none)"},
	{Name: stillness.MetricWaitMeanStatic, Unit: "time units", Doc: "mean wait of the measured requests whose node did not move while waiting (waypoint and ns2 only; null when none)"},
	{Name: stillness.MetricWaitMaxMoving, Unit: "time units", Doc: "largest wait of a measured request whose node moved while waiting (waypoint and ns2 only; null when none)"},
	{Name: stillness.MetricWaitMeanMoving, Unit: "time units", Doc: "mean wait of the measured requests whose node moved while waiting (waypoint and ns2 only; null when none)"},
	{Name: stillness.MetricEntriesStatic, Unit: "CS entries", Doc: "measured CS entries whose node did not move while waiting (waypoint and ns2 only)", Whole: true},
}

// linial is the condition under which akw1 reads akw_n and akw_delta.
var linial = ReadCondition{Key: akw1.ParamColoring, When: fmt.Sprintf("%s = %d", akw1.ParamColoring, akw1.ColoringLinial)}

// linialOnly is the value of a parameter akw1 reads only with Linial's colouring (1b).
func linialOnly(name string) func(p *kernel.Params) (float64, bool) {
	return func(p *kernel.Params) (float64, bool) {
		return p.AlgoParam(name, 0), p.AlgoParam(akw1.ParamColoring, akw1.ColoringGreedy) == akw1.ColoringLinial
	}
}
