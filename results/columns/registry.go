package columns

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/mutexlab/mutexlab/algorithms"
	"github.com/mutexlab/mutexlab/kernel"
	"github.com/mutexlab/mutexlab/kernel/netmodel"
	"github.com/mutexlab/mutexlab/results"
)

// Entries generated from the registries: every network model's parameters
// (kernel.NetworkInfo), every algorithm's parameters, derived columns and metrics
// (algorithms.Info), and one msgs_<type> column per message type. A new model or algorithm
// brings its columns with it.

// The network models beyond the kernel's default live in kernel/netmodel and register when it
// is loaded. This package imports it (for its parameter names below), which is what makes
// every model known wherever columns are: the columns are generated from the registry, and
// sweeps, analysis, plots and cli all build on this package.

// netUnits are the units of the network models' parameters (kernel.NetParamInfo has none
// yet; move them there when it does).
var netUnits = map[string]string{
	netmodel.Side: "distance units", netmodel.Radius: "distance units",
	netmodel.SpeedMin: "distance units per time unit", netmodel.SpeedMax: "distance units per time unit",
	netmodel.Pause: "time units", netmodel.Round: "time units", netmodel.Delta: "ports",
	netmodel.Birth: "probability per round", netmodel.Death: "probability per round",
}

// networkParams: one column per model-specific parameter name, in kernel.NetParamNames
// order; the value the model used (its default if unset), null for models without it.
func networkParams() []Column {
	var out []Column
	for _, name := range kernel.NetParamNames() {
		var models []string
		var doc, def string
		for _, info := range kernel.Networks() {
			for _, q := range info.Params {
				if q.Name == name {
					models = append(models, info.Name)
					if doc == "" {
						doc, def = q.Doc, fmt.Sprintf("%g", q.Default)
					}
				}
			}
		}
		out = append(out, Column{
			Column: results.Column{Name: name, Kind: results.Float, Unit: netUnits[name], Optional: true, Description: doc + " (value used; null for other models)"},
			Role:   Parameter, Key: true, Networks: models, Default: def,
			Set: func(p *kernel.Params, v Value) error {
				if p.Net == nil {
					p.Net = map[string]float64{}
				}
				p.Net[name] = v.Num
				return nil
			},
			Get: func(t *Trial) results.Value {
				p := t.Params
				if !slices.Contains(models, networkOf(p)) {
					return results.Null
				}
				if name == netmodel.Delta && p.NetParam(name) == 0 {
					return floatv(float64(t.Result.Ports)) // 0 asked the model to choose Δ: record its choice
				}
				return floatv(p.NetParam(name))
			},
		})
	}
	return out
}

// registering returns the algorithms whose entry has a parameter, metric or derived column
// of the given name.
func registering(has func(a *algorithms.Info) bool) []string {
	var out []string
	for _, a := range algorithms.All() {
		if has(&a) {
			out = append(out, a.Name)
		}
	}
	return out
}

// algorithmParams: one column per algorithm-specific parameter, then the derived columns.
func algorithmParams() []Column {
	var out []Column
	for _, name := range algorithms.ParamNames() {
		algos := registering(func(a *algorithms.Info) bool {
			return slices.ContainsFunc(a.Params, func(q algorithms.ParamInfo) bool { return q.Name == name })
		})
		first, _ := algorithms.Lookup(algos[0])
		q := first.Params[slices.IndexFunc(first.Params, func(q algorithms.ParamInfo) bool { return q.Name == name })]
		if q.Choices != nil {
			out = append(out, choiceColumn(q, algos))
			continue
		}
		kind := results.Float
		if q.Whole {
			kind = results.Int
		}
		out = append(out, Column{
			Column: results.Column{Name: name, Kind: kind, Unit: q.Unit, Optional: true, Description: q.Doc},
			Role:   Parameter, Key: true, Algorithms: algos, Default: fmt.Sprintf("%g", q.Default),
			Set: func(p *kernel.Params, v Value) error {
				if p.Algo == nil {
					p.Algo = map[string]float64{}
				}
				p.Algo[name] = v.Num
				return nil
			},
			Get: func(t *Trial) results.Value {
				a, ok := algorithms.Lookup(t.Algorithm)
				i := slices.IndexFunc(a.Params, func(q algorithms.ParamInfo) bool { return q.Name == name })
				if !ok || i < 0 {
					return results.Null
				}
				x, used := a.Params[i].Used(t.Params)
				if !used {
					return results.Null
				}
				if kind == results.Int {
					return intv(int64(x))
				}
				return floatv(x)
			},
		})
	}
	for _, a := range algorithms.All() {
		for _, d := range a.Derived {
			out = append(out, Column{
				Column: results.Column{Name: d.Name, Kind: results.String, Optional: true, Description: d.Doc},
				Role:   Parameter, Algorithms: []string{a.Name},
				Get: func(t *Trial) results.Value {
					return only(t.Algorithm == a.Name, func() results.Value { return strv(d.Value(t.Params)) })
				},
			})
		}
	}
	return out
}

// choiceColumn is the column of a named option (algorithms.ParamInfo.Choices): the spec key
// takes a name, kernel.Params.Algo holds its index, and the row records the name used.
func choiceColumn(q algorithms.ParamInfo, algos []string) Column {
	return Column{
		Column: results.Column{Name: q.Name, Kind: results.String, Optional: true,
			Description: fmt.Sprintf("%s; one of %s", q.Doc, strings.Join(q.Choices, ", "))},
		Role: Parameter, Key: true, NoSeed: q.NoSeed, Algorithms: algos, Default: q.Choice(q.Default),
		Check: func(v Value) error { _, err := q.ParseChoice(v.Str); return err },
		Set: func(p *kernel.Params, v Value) error {
			x, err := q.ParseChoice(v.Str)
			if p.Algo == nil {
				p.Algo = map[string]float64{}
			}
			p.Algo[q.Name] = x
			return err
		},
		Get: func(t *Trial) results.Value {
			if !slices.Contains(algos, t.Algorithm) {
				return results.Null
			}
			return strv(q.Choice(t.Params.AlgoParam(q.Name, q.Default)))
		},
	}
}

// messageColumns: one msgs_<type> column per message type of any algorithm, counted inside
// the measurement window, null for algorithms that do not send that type.
func messageColumns() []Column {
	var out []Column
	for _, name := range algorithms.MessageTypeNames() {
		algos := registering(func(a *algorithms.Info) bool {
			return slices.ContainsFunc(a.New().MessageTypes(), func(t kernel.MsgTypeInfo) bool { return t.Name == name })
		})
		out = append(out, Column{
			Column: results.Column{Name: "msgs_" + name, Kind: results.Int, Unit: "messages", Optional: true,
				Description: fmt.Sprintf("%s messages sent inside the measurement window (null for algorithms without them)", name)},
			Role: Metric, Algorithms: algos,
			Get: func(t *Trial) results.Value {
				if !slices.Contains(algos, t.Algorithm) {
					return results.Null
				}
				var n int64
				for k, mt := range t.Result.MsgTypes {
					if mt.Name == name {
						n += t.Result.Msgs[k]
					}
				}
				return intv(n)
			},
		})
	}
	return out
}

// algorithmMetrics: one column per algorithm-specific metric, int64 for the whole ones
// (MetricInfo.Whole: counts), float64 for the others; null for other algorithms and where
// the algorithm reported NaN or nothing.
func algorithmMetrics() []Column {
	var out []Column
	for _, name := range algorithms.MetricNames() {
		algos := registering(func(a *algorithms.Info) bool {
			return slices.ContainsFunc(a.Metrics, func(m algorithms.MetricInfo) bool { return m.Name == name })
		})
		first, _ := algorithms.Lookup(algos[0])
		m := first.Metrics[slices.IndexFunc(first.Metrics, func(m algorithms.MetricInfo) bool { return m.Name == name })]
		kind := results.Float
		if m.Whole {
			kind = results.Int
		}
		out = append(out, Column{
			Column: results.Column{Name: name, Kind: kind, Unit: m.Unit, Optional: true, Description: m.Doc},
			Role:   Metric, Algorithms: algos,
			Get: func(t *Trial) results.Value {
				if !slices.Contains(algos, t.Algorithm) {
					return results.Null
				}
				for _, x := range t.Result.Extra {
					if x.Name == name {
						return metricValue(name, kind, x.Value)
					}
				}
				return results.Null
			},
		})
	}
	return out
}

// metricValue is an algorithm's metric x in a column of kind: a float as reported (NaN
// becomes null in Row), or a whole number, which a metric registered as whole must be.
func metricValue(name string, kind results.Kind, x float64) results.Value {
	if kind == results.Float {
		return floatv(x)
	}
	if math.IsNaN(x) {
		return results.Null
	}
	if x != math.Trunc(x) || math.Abs(x) > 1<<53 {
		// A broken promise of the algorithm's registry entry, never a user's input.
		panic(fmt.Sprintf("results/columns: metric %s is registered as whole but reported %g", name, x))
	}
	return intv(int64(x))
}
