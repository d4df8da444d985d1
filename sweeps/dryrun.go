package sweeps

import (
	"fmt"
	"io"
	"strings"
	"time"
)

// DryRun describes what Execute would do without running anything: the fixed parameters,
// the expanded grid, the number of trials and an estimate of the work.
func DryRun(w io.Writer, spec *Spec, sh Shard, workers int) error {
	trials := spec.Schedule(sh)
	pts := spec.Points()
	total := len(pts) * spec.Trials * len(spec.Algorithms)
	fmt.Fprintf(w, "sweep %s (%s), spec hash %s\n", spec.Name, spec.Source, SpecHash(spec))
	fmt.Fprintf(w, "algorithms: %s\n", strings.Join(spec.Algorithms, ", "))
	fmt.Fprintf(w, "root seed: %d, replicates per point: %d\n", spec.Seed, spec.Trials)
	for _, n := range allParams() {
		if v, ok := spec.Fixed[n]; ok {
			fmt.Fprintf(w, "fixed %s = %s\n", n, v)
		}
	}
	for _, n := range spec.Axes() {
		vals := make([]string, len(spec.Grid[n]))
		for k, v := range spec.Grid[n] {
			vals[k] = v.String()
		}
		fmt.Fprintf(w, "grid  %s (%d): %s\n", n, len(vals), strings.Join(vals, ", "))
	}
	fmt.Fprintf(w, "grid points: %d\n", len(pts))
	fmt.Fprintf(w, "trials: %d = %d points x %d replicates x %d algorithms\n", total, len(pts), spec.Trials, len(spec.Algorithms))
	if !sh.Whole() {
		fmt.Fprintf(w, "shard %s: %d trials\n", sh, len(trials))
	}
	est := EstimateWork(trials)
	wall := time.Duration(est.CPUSeconds / float64(max(workers, 1)) * float64(time.Second))
	fmt.Fprintf(w, "estimated work: %.3g simulated events, about %s of CPU (%s with %d workers)\n",
		est.Events, roundDur(time.Duration(est.CPUSeconds*float64(time.Second))), roundDur(wall), max(workers, 1))
	return nil
}

func roundDur(d time.Duration) time.Duration {
	if d > time.Minute {
		return d.Round(time.Second)
	}
	return d.Round(100 * time.Millisecond)
}
