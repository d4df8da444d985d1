package sweeps

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/mutexlab/mutexlab/algorithms"
	"github.com/mutexlab/mutexlab/kernel"
)

// estimateCost predicts a trial's work in simulated events, from its parameters alone. It
// only has to rank trials (slow ones start first) and give --dry-run an order of magnitude.
// The constants are fitted to the walter2001 preset (results/walter2001.parquet, column
// events): Reverse Link spends about 22 events per CS entry and about 10 per link change,
// and every algorithm's registry entry scales these (algorithms.Info.Cost and LinkChangeCost:
// Raymond over routing about 8 and 1; an algorithm unknown here is costed like Reverse Link).
// The simulated time is about warmup+measure entries times the idle gap 1/(n·load) plus the CS
// time, and link changes arrive over it at the graph's rate (λ_mob, or n·λ_mob under the
// per-node reading).
func estimateCost(algorithm string, p *kernel.Params) float64 {
	entries := float64(p.Warmup + p.Measure)
	perEntry, perChange := 22.0, 10.0
	if a, ok := algorithms.Lookup(algorithm); ok {
		perEntry, perChange = perEntry*a.CostPerEntry(), perChange*a.CostPerLinkChange()
	}
	simTime := entries * p.CSTime
	if p.Load > 0 {
		simTime += entries / (float64(p.N) * p.Load)
	}
	return entries*perEntry + p.LinkChangeRate()*simTime*perChange + float64(p.LinkCount())
}

// eventsPerSecond converts estimated events into CPU time for --dry-run; measured on the
// project's 2-core machine over the walter2001 preset: 1.87e8 estimated events in 48.5
// CPU-seconds (docs/scaling.md, Presets on 2 cores).
const eventsPerSecond = 3.9e6

// Shard is a slice i of N of a sweep (0 <= I < N). The zero value means the whole sweep.
type Shard struct{ I, N int }

// Whole reports whether s is the whole sweep.
func (s Shard) Whole() bool { return s.N <= 1 }

func (s Shard) String() string {
	if s.Whole() {
		return "0/1"
	}
	return fmt.Sprintf("%d/%d", s.I, s.N)
}

// ParseShard reads "i/N" with 0 <= i < N.
func ParseShard(text string) (Shard, error) {
	a, b, ok := strings.Cut(text, "/")
	i, errI := strconv.Atoi(a)
	n, errN := strconv.Atoi(b)
	if !ok || errI != nil || errN != nil {
		return Shard{}, fmt.Errorf("%q is not i/N (for example 0/4)", text)
	}
	if n < 1 || i < 0 || i >= n {
		return Shard{}, fmt.Errorf("%q: need 0 <= i < N, got i = %d, N = %d", text, i, n)
	}
	return Shard{I: i, N: n}, nil
}

// Schedule is the order in which a sweep's (or a shard's) trials run: the estimated slowest
// first, so that a long trial never starts last and leaves the other workers idle. It is
// computed, not listed: position k maps to a trial index and back by arithmetic, so a sweep
// of 10^9 trials schedules, shards and resumes in memory independent of its size.
//
// The order treats the sweep as a product of dimensions: each grid axis, the replicates and
// the algorithms. Each dimension's values are sorted by the estimated cost of a trial that
// differs from the sweep's estimated costliest trial only in that dimension, and the
// dimensions by how much they change the cost (the largest ratio of costs slowest), and the
// schedule enumerates the product in that order. The first trial is the estimated
// costliest; the order depends only on the spec, never on the worker count. Shards deal the
// schedule round robin (shard i of N takes positions i, i+N, i+2N, ...), so every shard gets
// a disjoint slice of nearly the same count and estimated work.
type Schedule struct {
	spec  *Spec
	shard Shard
	dims  []dim // slowest-varying first
	total int   // trials in the whole sweep
}

// dim is one dimension of the trial index: value v of it adds v·stride to the canonical
// index; order lists its values slowest first and rank inverts order (both nil for the
// replicates, whose order is their own: there may be 10^9 of them).
type dim struct {
	size, stride int
	order, rank  []int
	spread       float64
}

func (d *dim) value(k int) int {
	if d.order == nil {
		return k
	}
	return d.order[k]
}

func (d *dim) rankOf(v int) int {
	if d.rank == nil {
		return v
	}
	return d.rank[v]
}

// Schedule returns the schedule of shard sh of the sweep (Validate must have run).
func (s *Spec) Schedule(sh Shard) *Schedule {
	sc := &Schedule{spec: s, shard: sh, total: s.NumTrials()}
	if sh.N < 1 {
		sc.shard = Shard{0, 1}
	}
	// Dimensions in canonical order: the axes (last fastest), replicates, algorithms.
	stride := 1
	sc.dims = make([]dim, len(s.axes)+2)
	sizes := append(lensOf(s.axes), s.Trials, len(s.Algorithms))
	for j := len(sizes) - 1; j >= 0; j-- {
		sc.dims[j] = dim{size: sizes[j], stride: stride}
		stride *= sizes[j]
	}
	sc.order()
	return sc
}

func lensOf(axes [][]Value) []int {
	out := make([]int, len(axes))
	for j, a := range axes {
		out[j] = len(a)
	}
	return out
}

// order sorts each dimension's values, then the dimensions, by estimated cost (see Schedule).
func (sc *Schedule) order() {
	ref := make([]int, len(sc.dims)) // value index per dimension of the reference trial
	cost := func(d, v int) float64 {
		idx := 0
		for j := range sc.dims {
			x := ref[j]
			if j == d {
				x = v
			}
			idx += x * sc.dims[j].stride
		}
		t := sc.spec.Trial(idx)
		return estimateCost(t.Algorithm, &t.Params)
	}
	replicates := len(sc.dims) - 2 // no bearing on the cost: keep their order, spread 1
	for range 2 {                  // coordinate ascent towards the costliest trial
		for d := range sc.dims {
			if d == replicates || sc.dims[d].size == 1 {
				continue
			}
			best, bestCost := ref[d], -1.0
			for v := range sc.dims[d].size {
				if c := cost(d, v); c > bestCost {
					best, bestCost = v, c
				}
			}
			ref[d] = best
		}
	}
	for d := range sc.dims {
		dm := &sc.dims[d]
		if d == replicates || dm.size == 1 {
			dm.spread = 1
			continue
		}
		costs := make([]float64, dm.size)
		for v := range costs {
			costs[v] = cost(d, v)
		}
		dm.order = make([]int, dm.size)
		for v := range dm.order {
			dm.order[v] = v
		}
		slices.SortStableFunc(dm.order, func(a, b int) int { return cmp.Compare(costs[b], costs[a]) })
		dm.rank = make([]int, dm.size)
		for k, v := range dm.order {
			dm.rank[v] = k
		}
		lo, hi := slices.Min(costs), slices.Max(costs)
		dm.spread = hi / lo
		if lo <= 0 || math.IsNaN(dm.spread) {
			dm.spread = math.Inf(1)
		}
	}
	slices.SortStableFunc(sc.dims, func(a, b dim) int { return cmp.Compare(b.spread, a.spread) })
}

// Len returns the number of trials the shard runs.
func (sc *Schedule) Len() int {
	n := sc.shard.N
	return (sc.total - sc.shard.I + n - 1) / n
}

// Total returns the number of trials in the whole sweep.
func (sc *Schedule) Total() int { return sc.total }

// Index returns the canonical trial index (Spec.Trial) of the k-th trial the shard runs.
func (sc *Schedule) Index(k int) int {
	pos := k*sc.shard.N + sc.shard.I
	idx := 0
	for j := len(sc.dims) - 1; j >= 0; j-- {
		d := &sc.dims[j]
		idx += d.value(pos%d.size) * d.stride
		pos /= d.size
	}
	return idx
}

// Position returns where the shard runs trial index i, and false if i is not in the shard.
func (sc *Schedule) Position(i int) (int, bool) {
	if i < 0 || i >= sc.total {
		return 0, false
	}
	pos := 0
	for j := range sc.dims {
		d := &sc.dims[j]
		pos = pos*d.size + d.rankOf(i/d.stride%d.size)
	}
	if pos%sc.shard.N != sc.shard.I {
		return 0, false
	}
	return pos / sc.shard.N, true
}

// Trial returns the k-th trial the shard runs.
func (sc *Schedule) Trial(k int) Trial { return sc.spec.Trial(sc.Index(k)) }

// Estimate is the predicted work of a set of trials.
type Estimate struct {
	Events     float64 // simulated events
	CPUSeconds float64 // at eventsPerSecond on one core
}

// estimateSample bounds the trials EstimateWork costs one by one.
const estimateSample = 10_000

// EstimateWork predicts the work of the shard's trials: every trial's estimated cost up to
// estimateSample trials, else that many spread evenly over the schedule, scaled up.
func (sc *Schedule) EstimateWork() Estimate {
	n := sc.Len()
	m := min(n, estimateSample)
	var e Estimate
	for k := range m {
		t := sc.Trial(int(int64(k) * int64(n) / int64(m)))
		e.Events += estimateCost(t.Algorithm, &t.Params)
	}
	if m > 0 {
		e.Events *= float64(n) / float64(m)
	}
	e.CPUSeconds = e.Events / eventsPerSecond
	return e
}
