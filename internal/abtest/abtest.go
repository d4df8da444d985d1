// Package abtest runs paired A/B benchmarks: two variants of one large trial, alternated pair
// by pair in one process on one warmed simulator, so that neither pays the first touch of
// new memory and both see the same machine. On a shared, noisy machine the state moves
// between pairs more than within one, so every pair is logged for a paired test (Wilcoxon
// signed-rank) and the rates are measured in the thread's CPU time, which other processes
// do not inflate (ThreadCPU). It is for benchmarks only.
package abtest

import (
	"testing"
	"time"
)

// Pairs runs b.N pairs of the variants of a trial, in the order 0, 1 or 1, 0 in turn. run(j)
// runs variant j once and returns the CPU time to compare (for a trial, the event loop's
// thread CPU); work is what one run does (its events). Each pair is logged (-v) as
// "pair i: UNIT NAME0 X NAME1 Y", and the rate of each variant over all pairs is reported
// as the metric "NAMEj-UNIT", UNIT being "work per CPU-second" (say "loop-events/cpu-s").
func Pairs(b *testing.B, work float64, unit string, names [2]string, run func(j int) time.Duration) {
	b.Helper()
	var cpu [2]time.Duration
	b.ResetTimer()
	for i := range b.N {
		var pair [2]time.Duration
		for k := range 2 {
			j := (i + k) % 2
			pair[j] = run(j)
		}
		cpu[0] += pair[0]
		cpu[1] += pair[1]
		b.Logf("pair %d: %s %s %.0f %s %.0f", i, unit, names[0], work/pair[0].Seconds(), names[1], work/pair[1].Seconds())
	}
	b.StopTimer()
	for j := range 2 {
		b.ReportMetric(work*float64(b.N)/cpu[j].Seconds(), names[j]+"-"+unit)
	}
}
