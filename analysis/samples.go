package analysis

import (
	"math"
	"strconv"
)

// Sample is one metric's values in one group of a sampled table, one per trial, each under
// its replicate id (AggregateReplicates, Table.AddReplicate). Two samples are paired by
// replicate id: at one grid point of a sweep the same id is the same seed, so the pair
// shares its random numbers; across grid points the seeds differ and the pair is two
// independent trials, which pairing by replicate leaves valid (the differences are still
// independent from one replicate to the next), only without the gain in precision.
type Sample struct {
	Reps []string  // replicate ids, in the order the trials were added
	Vals []float64 // the values, NaN where the metric is null
	g    *group    // the group, for its flags
}

// addSample keeps one trial's values under rep, made unique within the group.
func (g *group) addSample(rep string, values []float64) {
	if rep == "" || g.hasRep(rep) {
		base := rep
		for k := len(g.reps); ; k++ {
			rep = strconv.Itoa(k)
			if base != "" {
				rep = base + "#" + rep
			}
			if !g.hasRep(rep) {
				break
			}
		}
	}
	if g.repSet == nil {
		g.repSet = map[string]bool{}
	}
	g.repSet[rep] = true
	g.reps = append(g.reps, rep)
	for m := range g.vals {
		g.vals[m] = append(g.vals[m], values[m])
	}
}

func (g *group) hasRep(rep string) bool { return g.repSet[rep] }

// Sample returns the per-replicate values of metric in the group whose key matches want
// (Lookup's rule); ok is false when the table is not sampled, lacks the metric or the group.
func (t *Table) Sample(metric string, want ...any) (Sample, bool) {
	m := -1
	for i, name := range t.Metrics {
		if name == metric {
			m = i
		}
	}
	g := t.find(want)
	if !t.sampled || m < 0 || g == nil {
		return Sample{}, false
	}
	return Sample{Reps: g.reps, Vals: g.vals[m], g: g}, true
}

// N returns the number of trials with a value.
func (s Sample) N() int {
	n := 0
	for _, v := range s.Vals {
		if !math.IsNaN(v) {
			n++
		}
	}
	return n
}

// Mean returns the mean over the trials with a value (NaN for none).
func (s Sample) Mean() float64 {
	var a Acc
	for _, v := range s.Vals {
		if !math.IsNaN(v) {
			a.Add(v)
		}
	}
	return a.Stat().Mean
}

// PerReplicate evaluates f on every replicate the samples share, x[i] being the value of
// samples[i], and summarises the results over replicates (Stat: mean, SD, CI95 with Student
// t). A replicate missing from a sample, or null in it, is left out. This is how findings
// compare groups: a difference, a ratio or a slope is formed within each replicate, then
// averaged, so the interval rests on the spread of the paired quantity itself.
func PerReplicate(f func(x []float64) float64, samples ...Sample) Stat {
	var acc Acc
	if len(samples) == 0 {
		return acc.Stat()
	}
	index := make([]map[string]int, len(samples))
	for i, s := range samples {
		index[i] = make(map[string]int, len(s.Reps))
		for j, r := range s.Reps {
			index[i][r] = j
		}
	}
	x := make([]float64, len(samples))
next:
	for j, r := range samples[0].Reps {
		for i, s := range samples {
			k, ok := j, true
			if i > 0 {
				k, ok = index[i][r]
			}
			if !ok || math.IsNaN(s.Vals[k]) {
				continue next
			}
			x[i] = s.Vals[k]
		}
		if v := f(x); !math.IsNaN(v) && !math.IsInf(v, 0) {
			acc.Add(v)
		}
	}
	return acc.Stat()
}

// Difference is a − b per replicate.
func Difference(a, b Sample) Stat {
	return PerReplicate(func(x []float64) float64 { return x[0] - x[1] }, a, b)
}

// Ratio is a / b per replicate (a replicate where b is 0 is left out).
func Ratio(a, b Sample) Stat {
	return PerReplicate(func(x []float64) float64 { return x[0] / x[1] }, a, b)
}

// Values is the Stat of the sample itself (one group's mean over its trials).
func Values(a Sample) Stat {
	return PerReplicate(func(x []float64) float64 { return x[0] }, a)
}
