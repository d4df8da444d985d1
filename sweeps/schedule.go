package sweeps

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/mutexlab/mutexlab/kernel"
)

// estimateCost predicts a trial's work in simulated events, from its parameters alone. It
// only has to rank trials (slow ones start first) and give --dry-run an order of magnitude.
// The constants are fitted to the walter2001 preset (results/walter2001.parquet, column
// events): Reverse Link spends about 22 events per CS entry and about 10 per link change,
// Raymond over routing about 8 and 1 (other algorithms are costed like Reverse Link). The
// simulated time is about warmup+measure entries times the idle gap 1/(n·load) plus the CS
// time, and link changes arrive at λ_mob over it.
func estimateCost(algorithm string, p *kernel.Params) float64 {
	entries := float64(p.Warmup + p.Measure)
	perEntry, perChange := 22.0, 10.0
	if algorithm == "rr" {
		perEntry, perChange = 8, 1
	}
	simTime := entries * p.CSTime
	if p.Load > 0 {
		simTime += entries / (float64(p.N) * p.Load)
	}
	return entries*perEntry + p.Mobility*simTime*perChange + float64(p.LinkCount())
}

// eventsPerSecond converts estimated events into CPU time for --dry-run; measured on the
// project's 2-core machine over the walter2001 preset (1.8e8 events in 90 CPU-seconds).
const eventsPerSecond = 2e6

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

// Schedule returns the trials of spec that shard s runs, in the order they run: the
// estimated slowest first (ties by trial index), so that a long trial never starts last
// and leaves the other workers idle. The order depends only on the spec, never on the
// worker count. Shards deal the slowest-first list round robin, so every shard gets a
// disjoint slice of nearly the same count and estimated work.
func (s *Spec) Schedule(sh Shard) []Trial {
	all := s.TrialList()
	cost := make([]float64, len(all))
	for k := range all {
		cost[k] = estimateCost(all[k].Algorithm, &all[k].Params)
	}
	order := make([]int, len(all))
	for k := range order {
		order[k] = k
	}
	sort.SliceStable(order, func(a, b int) bool { return cost[order[a]] > cost[order[b]] })
	n := max(sh.N, 1)
	out := make([]Trial, 0, len(all)/n+1)
	for pos, k := range order {
		if pos%n == sh.I%n {
			out = append(out, all[k])
		}
	}
	return out
}

// Estimate is the predicted work of a set of trials.
type Estimate struct {
	Events     float64 // simulated events
	CPUSeconds float64 // at eventsPerSecond on one core
}

// EstimateWork predicts the work of trials.
func EstimateWork(trials []Trial) Estimate {
	var e Estimate
	for k := range trials {
		e.Events += estimateCost(trials[k].Algorithm, &trials[k].Params)
	}
	e.CPUSeconds = e.Events / eventsPerSecond
	return e
}
