package sweeps

import (
	"fmt"
	"io"
	"strings"
	"time"
)

// DryRun describes what Execute would do without running anything: the fixed parameters,
// the expanded grid, the number of trials and an estimate of the work. It enumerates
// nothing: a sweep of 10^9 trials answers at once.
func DryRun(w io.Writer, spec *Spec, sh Shard, workers int) error {
	sched := spec.Schedule(sh)
	fmt.Fprintf(w, "sweep %s (%s), spec hash %s\n", spec.Name, spec.Source, SpecHash(spec))
	fmt.Fprintf(w, "algorithms: %s\n", strings.Join(spec.Algorithms, ", "))
	fmt.Fprintf(w, "root seed: %d, replicates per point: %d\n", spec.Seed, spec.Trials)
	for _, n := range allParams() {
		if v, ok := spec.Fixed[n]; ok {
			fmt.Fprintf(w, "fixed %s = %s\n", n, v)
		}
	}
	for _, n := range spec.Axes() {
		vals := spec.Grid[n]
		fmt.Fprintf(w, "grid  %s (%d): %s\n", n, len(vals), valueList(vals, 20))
	}
	fmt.Fprintf(w, "grid points: %d\n", spec.NumPoints())
	fmt.Fprintf(w, "trials: %d = %s x %s x %s\n", spec.NumTrials(), plural(spec.NumPoints(), "point"), plural(spec.Trials, "replicate"), plural(len(spec.Algorithms), "algorithm"))
	if !sh.Whole() {
		fmt.Fprintf(w, "shard %s: %d trials\n", sh, sched.Len())
	}
	for _, warn := range spec.Warnings {
		fmt.Fprintf(w, "note: %s\n", warn)
	}
	est := sched.EstimateWork()
	workers = max(1, min(workers, sched.Len()))
	wall := time.Duration(est.CPUSeconds / float64(workers) * float64(time.Second))
	fmt.Fprintf(w, "estimated work: %.3g simulated events, about %s of CPU (%s with %d workers)\n",
		est.Events, roundDur(time.Duration(est.CPUSeconds*float64(time.Second))), roundDur(wall), workers)
	return nil
}

// valueList shows at most max values: the first ones, "...", the last.
func valueList(vals []Value, max int) string {
	var out []string
	for k, v := range vals {
		if len(vals) > max && k == max-1 {
			out = append(out, "...", vals[len(vals)-1].String())
			break
		}
		out = append(out, v.String())
	}
	return strings.Join(out, ", ")
}

func roundDur(d time.Duration) time.Duration {
	if d > time.Minute {
		return d.Round(time.Second)
	}
	return d.Round(100 * time.Millisecond)
}

// plural writes a count with its noun, singular for 1.
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
