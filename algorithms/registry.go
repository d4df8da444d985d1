// Package algorithms is the registry of mutexlab's algorithms: it maps the names used on the
// command line and in sweep specs (--algo rl,rr) to constructors, and lists every message type
// so that results files share one set of columns.
//
// The registry is open: a package in another module adds its algorithm with Register (or
// MustRegister) from its init, exactly as the built-ins do (builtins.go), and from then on
// the algorithm has its spec keys, --set keys, results columns and sweeps like any other.
//
// Each algorithm lives in its own package below this one as a set of per-node state machines
// implementing kernel.Algorithm; its package doc cites the paper and records every choice made
// where the paper is silent.
package algorithms

import (
	"fmt"
	"strings"
	"sync"
	"sync/atomic"

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
	// Safety is the property the algorithm claims, in words ("mutual exclusion", "k-mutual
	// exclusion (h-out-of-k)", "group mutual exclusion", "local mutual exclusion"). It is
	// shown to users; the check itself is the algorithm's kernel.Checker (CheckerProvider).
	Safety string
	// Cost and LinkChangeCost are scheduler hints: a trial's work relative to Reverse Link's
	// (rl, about 22 simulated events per CS entry and 10 per link change), per CS entry and
	// per link change. Sweeps start the costliest trials first and deal them evenly among
	// shards; a wrong hint costs time, never a different result. Cost 0 means 1;
	// LinkChangeCost 0 means Cost.
	Cost           float64
	LinkChangeCost float64
}

// CostPerEntry and CostPerLinkChange return the hints with their defaults applied.
func (a *Info) CostPerEntry() float64 {
	if a.Cost == 0 {
		return 1
	}
	return a.Cost
}

// CostPerLinkChange returns LinkChangeCost, or the per-entry cost when it is 0.
func (a *Info) CostPerLinkChange() float64 {
	if a.LinkChangeCost == 0 {
		return a.CostPerEntry()
	}
	return a.LinkChangeCost
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

// The registry is appended to by Register (at init, normally) and read by every trial; readers
// take the current snapshot without a lock.
var (
	registerMu sync.Mutex
	registry   atomic.Pointer[[]Info]
)

// Register adds an algorithm to the registry, after the ones registered before it (the
// built-ins first: they register when this package is initialized). Call it from an init
// function or from main before the tool starts: every sweep, spec key and results column
// built afterwards includes the algorithm. The error is one line naming the algorithm and
// the field at fault: a name registered twice (with both titles), an empty name or a nil
// New, a parameter, metric or derived column name used twice in a, a named option whose
// default is not one of its choices, a negative cost. Collisions with the results columns of
// the kernel and of other algorithms are found when the columns are built
// (results/columns.Check).
func Register(a Info) error {
	registerMu.Lock()
	defer registerMu.Unlock()
	all := All()
	for _, b := range all {
		if b.Name == a.Name {
			return fmt.Errorf("algorithm %q registered twice: %q and %q", a.Name, b.Title, a.Title)
		}
	}
	if err := validate(&a); err != nil {
		return err
	}
	next := append(all[:len(all):len(all)], a)
	registry.Store(&next)
	return nil
}

// MustRegister is Register for init functions: it panics with Register's error.
func MustRegister(a Info) {
	if err := Register(a); err != nil {
		panic(err)
	}
}

// All lists the registered algorithms in registry order. The caller must not modify it.
func All() []Info {
	if p := registry.Load(); p != nil {
		return *p
	}
	return nil
}

// Names lists the registered names in registry order.
func Names() []string {
	all := All()
	names := make([]string, len(all))
	for k, a := range all {
		names[k] = a.Name
	}
	return names
}

// New returns a fresh instance of the named algorithm, or an error listing the known names.
func New(name string) (kernel.Algorithm, error) {
	if a, ok := Lookup(name); ok {
		return a.New(), nil
	}
	return nil, fmt.Errorf("unknown algorithm %q; known: %s", name, strings.Join(Names(), ", "))
}

// Lookup returns the registry entry of the named algorithm.
func Lookup(name string) (Info, bool) {
	for _, a := range All() {
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
	for _, a := range All() {
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
	for _, a := range All() {
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
	for _, a := range All() {
		for _, t := range a.New().MessageTypes() {
			if !seen[t.Name] {
				seen[t.Name] = true
				names = append(names, t.Name)
			}
		}
	}
	return names
}

// ParseOption returns the code of value val of the named option key (a parameter with
// Choices) of any registered algorithm, or an error naming what is accepted.
func ParseOption(key, val string) (float64, error) {
	for _, a := range All() {
		for _, q := range a.Params {
			if q.Name == key && q.Choices != nil {
				return q.ParseChoice(val)
			}
		}
	}
	return 0, fmt.Errorf("%s is not a named option of any algorithm (want a number)", key)
}
