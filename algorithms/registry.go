// Package algorithms is the registry of mutexlab's algorithms: it maps the names used on the
// command line and in sweep specs (--algo rl,rr) to constructors, and lists every message type
// so that results files share one set of columns.
//
// Each algorithm lives in its own package below this one as a set of per-node state machines
// implementing kernel.Algorithm; its package doc cites the paper and records every choice made
// where the paper is silent.
package algorithms

import (
	"fmt"
	"strings"

	"github.com/mutexlab/mutexlab/algorithms/hk"
	"github.com/mutexlab/mutexlab/algorithms/rl"
	"github.com/mutexlab/mutexlab/algorithms/rr"
	"github.com/mutexlab/mutexlab/kernel"
)

// Info describes a registered algorithm. Its parameters, metrics and derived columns are
// the algorithm's entries in the description of a results row (package results/columns),
// which makes each of them a sweep spec key or a results column: adding one here is all it
// takes.
type Info struct {
	Name  string
	Title string // the paper it comes from
	New   func() kernel.Algorithm
	// Params are the algorithm-specific parameters it reads from kernel.Params.Algo: spec
	// keys, and results columns that are null in other algorithms' rows.
	Params []ParamInfo
	// Metrics are the extra metrics it reports (kernel.MetricsReporter, or the kernel's
	// per-class waits), one results column each, null in other algorithms' rows.
	Metrics []MetricInfo
	// Derived are text columns computed from its parameters, to say in words what a number
	// encodes (h = 0 means "h drawn per request").
	Derived []DerivedInfo
	// Validate checks the algorithm-specific parameters before any trial runs; its error names
	// the parameter and what is accepted. Nil: nothing to check.
	Validate func(p *kernel.Params) error
}

// ParamInfo describes one algorithm-specific parameter.
type ParamInfo struct {
	Name    string
	Default float64
	Doc     string // one line: meaning and accepted values
	Unit    string // e.g. "resources"; "" for a count-free number or a code
	Whole   bool   // takes whole numbers only: an int64 column
	// Value is the value the algorithm uses under p, and false where it reads none (the row
	// records null). Nil: p.AlgoParam(Name, Default), always used.
	Value func(p *kernel.Params) (float64, bool)
	// ReadWith is set when Value reads the parameter only under some values of another
	// parameter: that one's key and the condition in words. A sweep that gives this parameter
	// where no point meets the condition is refused (sweeps), since the value has no effect.
	ReadWith ReadCondition
	// Choices, when not nil, make the parameter a named option (a reading of the paper): the
	// spec key takes one of these names and the results column records it as text; in
	// kernel.Params.Algo it is held as the name's index. Default is the index of the default.
	Choices []string
	// NoSeed keeps the spec key out of the trial's seed, as for the network model's readings:
	// trials that differ only in it share their seeds, so readings compare pairwise.
	NoSeed bool
}

// Choice returns the name of the option value x under p's encoding (Choices[x]), or "" when x
// is not one of them.
func (q *ParamInfo) Choice(x float64) string {
	if x != float64(int(x)) || x < 0 || int(x) >= len(q.Choices) {
		return ""
	}
	return q.Choices[int(x)]
}

// ParseChoice returns the index of name among q's Choices, or an error naming the accepted
// names.
func (q *ParamInfo) ParseChoice(name string) (float64, error) {
	for k, c := range q.Choices {
		if c == name {
			return float64(k), nil
		}
	}
	return 0, fmt.Errorf("must be one of %s, got %q", strings.Join(q.Choices, ", "), name)
}

// ReadCondition names the parameter, and its values, under which another one is read
// (e.g. akw_coloring, "akw_coloring = 2"). It is the kernel's type, which the network
// model's readings use too, so that sweeps refuses an unread value of either alike.
type ReadCondition = kernel.ReadCondition

// Used returns the value the algorithm uses under p, and whether it uses the parameter.
func (q *ParamInfo) Used(p *kernel.Params) (float64, bool) {
	if q.Value != nil {
		return q.Value(p)
	}
	return p.AlgoParam(q.Name, q.Default), true
}

// MetricInfo describes one algorithm-specific metric.
type MetricInfo struct {
	Name string
	Unit string
	Doc  string // one line: what is measured, and when it is null
	// Whole: the metric is a count or another whole number (reported as a float64 through
	// kernel.Metric, like every metric); its results column is int64.
	Whole bool
}

// DerivedInfo describes a text column computed from the parameters.
type DerivedInfo struct {
	Name  string
	Doc   string
	Value func(p *kernel.Params) string
}

var registry = []Info{
	{Name: "rl", Title: "Reverse Link token mutual exclusion (Walter, Welch, Vaidya)", New: func() kernel.Algorithm { return rl.New() }},
	{Name: "hk", Title: "Prioritized h-out-of-k mutual exclusion on Reverse Link (Jiang)", New: func() kernel.Algorithm { return hk.New() },
		Params:   hkParams(),
		Metrics:  hkMetrics(),
		Derived:  []DerivedInfo{{Name: "h_dist", Doc: "hk: how h is chosen: fixed (the h column) or uniform (drawn per request from 1..k; h is then null)", Value: hDist}},
		Validate: hk.Validate},
	{Name: "rr", Title: "Raymond's tree algorithm over an ideal routing layer (baseline of Walter, Welch, Vaidya)", New: func() kernel.Algorithm { return rr.New() },
		Metrics: []MetricInfo{
			{Name: rr.MetricRouteLen, Unit: "hops", Doc: "rr: mean shortest-path length between the sender and the recipient of a tree message (REQUEST or PRIVILEGE to a virtual-tree neighbour) when sent, whole trial (null: no tree message)"},
			{Name: rr.MetricRouteHops, Unit: "hops", Doc: "rr: mean hops a tree message travelled (one message per hop, as the paper charges), whole trial; above route_len_mean only when routes changed under messages in flight (null: no tree message)"},
		}},
}

// All lists the registered algorithms in registry order.
func All() []Info { return registry }

// Names lists the registered names in registry order.
func Names() []string {
	names := make([]string, len(registry))
	for k, a := range registry {
		names[k] = a.Name
	}
	return names
}

// New returns a fresh instance of the named algorithm, or an error listing the known names.
func New(name string) (kernel.Algorithm, error) {
	for _, a := range registry {
		if a.Name == name {
			return a.New(), nil
		}
	}
	return nil, fmt.Errorf("unknown algorithm %q; known: %s", name, strings.Join(Names(), ", "))
}

// Lookup returns the registry entry of the named algorithm.
func Lookup(name string) (Info, bool) {
	for _, a := range registry {
		if a.Name == name {
			return a, true
		}
	}
	return Info{}, false
}

// ParamNames returns every algorithm-specific parameter name, each once, in registry order.
func ParamNames() []string {
	var names []string
	seen := map[string]bool{}
	for _, a := range registry {
		for _, p := range a.Params {
			if !seen[p.Name] {
				seen[p.Name] = true
				names = append(names, p.Name)
			}
		}
	}
	return names
}

// MetricNames returns every algorithm-specific metric name, each once, in registry order.
func MetricNames() []string {
	var names []string
	seen := map[string]bool{}
	for _, a := range registry {
		for _, m := range a.Metrics {
			if !seen[m.Name] {
				seen[m.Name] = true
				names = append(names, m.Name)
			}
		}
	}
	return names
}

// MessageTypeNames returns every message type name of every registered algorithm, each once,
// in registry order: the msgs_<name> columns of a results file.
func MessageTypeNames() []string {
	var names []string
	seen := map[string]bool{}
	for _, a := range registry {
		for _, t := range a.New().MessageTypes() {
			if !seen[t.Name] {
				seen[t.Name] = true
				names = append(names, t.Name)
			}
		}
	}
	return names
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

// ParseOption returns the code of value val of the named option key (a parameter with
// Choices) of any registered algorithm, or an error naming what is accepted.
func ParseOption(key, val string) (float64, error) {
	for _, a := range registry {
		for _, q := range a.Params {
			if q.Name == key && q.Choices != nil {
				return q.ParseChoice(val)
			}
		}
	}
	return 0, fmt.Errorf("%s is not a named option of any algorithm (want a number)", key)
}
