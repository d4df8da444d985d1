package stillness

import (
	"math"

	"github.com/mutexlab/mutexlab/kernel"
)

// Metrics a Split reports on geometric network models (waypoint, ns2).
const (
	MetricWaitMaxStatic  = "wait_max_static"  // largest wait of a measured request whose node stayed still (NaN: none)
	MetricWaitMeanStatic = "wait_mean_static" // mean wait of those requests (NaN: none)
	MetricWaitMaxMoving  = "wait_max_moving"  // largest wait of a measured request whose node moved while it waited (NaN: none)
	MetricWaitMeanMoving = "wait_mean_moving" // mean wait of those requests (NaN: none)
	MetricEntriesStatic  = "entries_static"   // measured CS entries whose request was static
)

// MetricNames lists the split's metrics, for an algorithm's registered metrics.
func MetricNames() []string {
	return []string{MetricWaitMaxStatic, MetricWaitMeanStatic, MetricWaitMaxMoving, MetricWaitMeanMoving, MetricEntriesStatic}
}

// Split accumulates the waits of static and moving measured requests (index 0: static, 1:
// moving). An algorithm keeps one, resets it at every Reset, hands it the kernel's
// measured entries (kernel.EntryObserver) and appends its Metrics to its own.
type Split struct {
	probe kernel.Probe
	sum   [2]float64
	max   [2]float64
	count [2]int64
}

// Reset starts a trial's split, reading the trial's clock and record of motion through
// env's probe.
func (s *Split) Reset(env *kernel.Env) { *s = Split{probe: env.Probe()} }

// MeasuredEntry records a measured CS entry of node i, requested and entered at the times
// given (kernel.EntryObserver).
func (s *Split) MeasuredEntry(i int32, requested, entered float64) {
	if !s.probe.Moves() {
		return
	}
	k := 1
	if s.probe.Still(i, requested) {
		k = 0
	}
	w := entered - requested
	s.sum[k] += w
	s.max[k] = max(s.max[k], w)
	s.count[k]++
}

// Metrics appends the split's metrics to dst, on models that move nodes only: elsewhere
// the split does not apply and the metrics are absent (null columns).
func (s *Split) Metrics(dst []kernel.Metric) []kernel.Metric {
	if !s.probe.Moves() {
		return dst
	}
	stat := func(k int) (mx, mean float64) {
		if s.count[k] == 0 {
			return math.NaN(), math.NaN()
		}
		return s.max[k], s.sum[k] / float64(s.count[k])
	}
	smax, smean := stat(0)
	mmax, mmean := stat(1)
	return append(dst, kernel.Metric{Name: MetricWaitMaxStatic, Value: smax}, kernel.Metric{Name: MetricWaitMeanStatic, Value: smean},
		kernel.Metric{Name: MetricWaitMaxMoving, Value: mmax}, kernel.Metric{Name: MetricWaitMeanMoving, Value: mmean},
		kernel.Metric{Name: MetricEntriesStatic, Value: float64(s.count[0])})
}
