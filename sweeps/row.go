package sweeps

import (
	"slices"

	"github.com/mutexlab/mutexlab/algorithms"
	"github.com/mutexlab/mutexlab/kernel"
	"github.com/mutexlab/mutexlab/results"
)

// Layout is the dynamic part of every results file mutexlab writes: one msgs_<type> column
// per message type of every registered algorithm, then one float64 column per network-model
// parameter, per algorithm-specific parameter and per algorithm-specific metric, so files
// from different runs share columns.
func Layout() results.Layout {
	extra := slices.Concat(kernel.NetParamNames(), crashColumns, algorithms.ParamNames(), algorithms.MetricNames())
	return results.Layout{MsgTypes: algorithms.MessageTypeNames(), Extra: extra}
}

// crashColumns are the crash parameters as columns (kernel.CrashParamColumns): the rate of
// random crashes and the number of chosen crashes (the crashes spec key itself,
// NODE@TIME,..., is text).
var crashColumns = kernel.CrashParamColumns()

// Crash parameter columns.
const (
	ColCrashRate     = "crash_rate"
	ColCrashesChosen = "crashes_chosen"
)

// netParams are the network models' parameter names (columns; 0 where the model is walter).
var netParams = kernel.NetParamNames()

// Row turns an outcome into a results row laid out by layout.
func Row(o Outcome, layout results.Layout) results.Trial {
	p, r := o.Trial.Params, o.Result
	row := results.Trial{
		Algorithm:    o.Trial.Algorithm,
		N:            int64(p.N),
		Links:        int64(r.Links),
		Connectivity: float64(r.Links) / float64(p.N*(p.N-1)/2),
		Degree:       2 * float64(r.Links) / float64(p.N),
		Load:         p.Load,
		Mobility:     p.Mobility,
		Delay:        p.Delay.String(),
		Warmup:       int64(p.Warmup),
		Measure:      int64(p.Measure),
		Seed:         p.Seed,
		Trial:        int64(o.Trial.Replicate),
		Point:        int64(o.Trial.Point.Index),
		SimTime:      r.SimTime,
		Events:       r.Events,
		CSEntries:    r.CSEntries,
		WaitMean:     r.WaitMean,
		WaitP50:      r.WaitP50,
		WaitP99:      r.WaitP99,
		WaitMax:      r.WaitMax,
		MsgsTotal:    r.MsgsTotal,
		MsgsPerCS:    r.MsgsPerCS,
		LinkChanges:  r.LinkChanges,
		Msgs:         make([]int64, len(layout.MsgTypes)),
		Extra:        make([]float64, len(layout.Extra)),
	}
	if v, ok := o.Trial.Point.Get("connectivity"); ok {
		row.Connectivity = v.Num // the requested value (the paper's "10%"), not links/max
	}
	for c, name := range layout.Extra {
		if v, ok := p.Algo[name]; ok {
			row.Extra[c] = v
		}
		if slices.Contains(netParams, name) && p.Network != "" && p.Network != "walter" {
			row.Extra[c] = p.NetParam(name) // the value the model used (its default if unset)
		}
		switch name {
		case ColCrashRate:
			row.Extra[c] = p.CrashRate
		case ColCrashesChosen:
			row.Extra[c] = float64(len(p.Crashes))
		}
		for _, m := range r.Extra {
			if m.Name == name {
				row.Extra[c] = m.Value
			}
		}
	}
	for k, t := range r.MsgTypes {
		for c, name := range layout.MsgTypes {
			if name == t.Name {
				row.Msgs[c] += r.Msgs[k]
			}
		}
	}
	return row
}
