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

// Info describes a registered algorithm.
type Info struct {
	Name  string
	Title string // the paper it comes from
	New   func() kernel.Algorithm
	// Params are the algorithm-specific parameters it reads from kernel.Params.Algo; sweep
	// specs and results files get one column per name.
	Params []ParamInfo
	// Metrics names the extra metrics it reports (kernel.MetricsReporter), one column each.
	Metrics []string
	// Validate checks the algorithm-specific parameters before any trial runs; its error names
	// the parameter and what is accepted. Nil: nothing to check.
	Validate func(p *kernel.Params) error
}

// ParamInfo describes one algorithm-specific parameter.
type ParamInfo struct {
	Name    string
	Default float64
	Doc     string
}

var registry = []Info{
	{Name: "rl", Title: "Reverse Link token mutual exclusion (Walter, Welch, Vaidya)", New: func() kernel.Algorithm { return rl.New() }},
	{Name: "hk", Title: "Prioritized h-out-of-k mutual exclusion on Reverse Link (Jiang)", New: func() kernel.Algorithm { return hk.New() },
		Params:   hkParams(),
		Metrics:  hk.MetricNames(),
		Validate: hk.Validate},
	{Name: "rr", Title: "Raymond's tree algorithm over an ideal routing layer (baseline of Walter, Welch, Vaidya)", New: func() kernel.Algorithm { return rr.New() }},
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
			if !seen[m] {
				seen[m] = true
				names = append(names, m)
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
	ps := []ParamInfo{
		{Name: hk.ParamK, Default: hk.DefaultK, Doc: "h-out-of-k: number of identical resources k (>= 1)"},
		{Name: hk.ParamH, Default: hk.DefaultH, Doc: "h-out-of-k: resources per request, 1..k fixed, or 0 for uniform on 1..k (drawn per request)"},
		{Name: hk.ParamLevels, Default: hk.DefaultLevels, Doc: "h-out-of-k: number of priority classes (1..4; class 1 is the highest)"},
		{Name: hk.ParamAging, Default: hk.DefaultAging, Doc: "h-out-of-k: aging step added to every queued request's priority when a node leaves the CS (>= 0)"},
	}
	for c := 1; c <= hk.MaxLevels; c++ {
		ps = append(ps, ParamInfo{Name: hk.ParamP(c), Default: 0, Doc: fmt.Sprintf("h-out-of-k: probability of priority class %d (all 0: uniform over the classes)", c)})
	}
	return ps
}
