package gme

import (
	"math"

	"github.com/mutexlab/mutexlab/kernel"
)

// Metric names (results columns).
const (
	MetricConcMean = "gme_concurrency_mean"     // nodes in the CS just after a measured entry, mean
	MetricConcMax  = "gme_concurrency_max"      // ... and maximum
	MetricSession  = "gme_session_entries_mean" // CS entries per session (package doc)
	MetricCEMisses = "gme_ce_misses"            // concurrent-entering misses, whole trial (ce.go)
	MetricCETime   = "gme_ce_miss_time"         // time they lasted, summed (time units)
)

// MetricNames lists every metric gme reports, in order.
func MetricNames() []string {
	return []string{MetricConcMean, MetricConcMax, MetricSession, MetricCEMisses, MetricCETime}
}

// metrics observes the trial from outside the protocol: CS entries are counted like the
// kernel counts them, and only the kernel's measurement window (entries Warmup+1 ..
// Warmup+Measure) counts. A session is numbered when its holder enters with weight 0.
type metrics struct {
	warmup, measure int64
	entries         int64
	inCS            int64
	concSum         int64
	concMax         int64
	sess            int64 // number of the running session
	counted         int64 // last session with a measured entry
	sessions        int64 // sessions with at least one measured entry
}

func (m *metrics) reset(p *kernel.Params, n int) {
	*m = metrics{warmup: int64(p.Warmup), measure: int64(p.Measure)}
}

func (m *metrics) newSession() { m.sess++ }

func (m *metrics) exit() { m.inCS-- }

func (m *metrics) enter() {
	m.entries++
	m.inCS++
	if m.entries <= m.warmup || m.entries > m.warmup+m.measure {
		return
	}
	m.concSum += m.inCS
	m.concMax = max(m.concMax, m.inCS)
	if m.sess != m.counted {
		m.counted = m.sess
		m.sessions++
	}
}

// Metrics reports, over the measured entries, the mean and maximum number of nodes in the
// CS just after an entry (the entering node included), and the mean number of measured
// entries per session (NaN without measured entries).
func (a *GME) Metrics(dst []kernel.Metric) []kernel.Metric {
	m := &a.st
	n := min(max(m.entries-m.warmup, 0), m.measure)
	ratio := func(x, y int64) float64 {
		if y == 0 {
			return math.NaN()
		}
		return float64(x) / float64(y)
	}
	return append(dst,
		kernel.Metric{Name: MetricConcMean, Value: ratio(m.concSum, n)},
		kernel.Metric{Name: MetricConcMax, Value: float64(m.concMax)},
		kernel.Metric{Name: MetricSession, Value: ratio(n, m.sessions)},
		kernel.Metric{Name: MetricCEMisses, Value: a.ceCount()},
		kernel.Metric{Name: MetricCETime, Value: a.ceTime()})
}

// ceCount and ceTime are the watch's measures (NaN if the kernel never asked for gme's checks).
func (a *GME) ceCount() float64 {
	if a.watch == nil {
		return math.NaN()
	}
	return float64(a.watch.Count())
}

func (a *GME) ceTime() float64 {
	if a.watch == nil {
		return math.NaN()
	}
	return a.watch.Total()
}
