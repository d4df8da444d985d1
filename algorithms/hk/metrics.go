package hk

import (
	"math"

	"github.com/mutexlab/mutexlab/algorithms/checks"
	"github.com/mutexlab/mutexlab/kernel"
)

// Metric names (results columns).
const (
	MetricInversions = "hk_inversions_per_cs" // fraction of measured CS entries that were priority inversions
	MetricConcMean   = "hk_resources_in_use_mean"
)

// MetricWait returns the name of the mean wait of priority class c, counted in CS entries
// (package doc): hk_wait_entries_c1 .. hk_wait_entries_c4 (constants: Metrics reports them at
// the end of every trial without building them).
func MetricWait(c int) string { return waitNames[c-1] }

var waitNames = [MaxLevels]string{"hk_wait_entries_c1", "hk_wait_entries_c2", "hk_wait_entries_c3", "hk_wait_entries_c4"}

// MetricWaitTime returns the name of the mean wait of priority class c in time units:
// wait_mean_c1 .. wait_mean_c4 (NaN for a class with no measured entry).
func MetricWaitTime(c int) string { return waitTimeNames[c-1] }

var waitTimeNames = [MaxLevels]string{"wait_mean_c1", "wait_mean_c2", "wait_mean_c3", "wait_mean_c4"}

// MetricNames lists every metric hk reports, in order.
func MetricNames() []string {
	names := []string{MetricInversions, MetricConcMean}
	for c := 1; c <= MaxLevels; c++ {
		names = append(names, MetricWait(c))
	}
	for c := 1; c <= MaxLevels; c++ {
		names = append(names, MetricWaitTime(c))
	}
	return names
}

// MeasuredEntry adds the wait of node i's request, which the kernel timed (it owns the
// clock: kernel.EntryObserver), to its priority class's: the class of the request being
// served, which node i keeps until its next request.
func (a *HK) MeasuredEntry(i int32, requested, entered float64) {
	if c := int(a.class[i]); c >= 1 && c <= MaxLevels {
		a.m.waitTime[c-1] += entered - requested
		a.m.waitTimeN[c-1]++
	}
}

// metrics observes the trial from outside the protocol (it reads every node's state, which no
// handler does): requests are numbered in order, CS entries counted like the kernel counts
// them, and only the kernel's measurement window (entries Warmup+1 .. Warmup+Measure) counts.
type metrics struct {
	warmup, measure int64
	entries         int64
	requests        int64
	inUse           int64
	reqSeq          []int64 // request number of node i's current request
	reqAt           []int64 // CS entries so far when node i requested
	inversions      int64
	inUseSum        int64
	waitSum         [MaxLevels]int64
	waitN           [MaxLevels]int64
	waitTime        [MaxLevels]float64 // per class: the measured waits in time units, summed (MeasuredEntry)
	waitTimeN       [MaxLevels]int64
}

func (m *metrics) reset(p *kernel.Params, n int) {
	*m = metrics{warmup: int64(p.Warmup), measure: int64(p.Measure), reqSeq: kernel.Resize(m.reqSeq, n), reqAt: kernel.Resize(m.reqAt, n)}
	clear(m.reqSeq)
	clear(m.reqAt)
}

func (m *metrics) request(i int32) {
	m.requests++
	m.reqSeq[i] = m.requests
	m.reqAt[i] = m.entries
}

// enter counts node i's entry; an entry is a priority inversion when some node of a strictly
// higher class has been waiting since before i requested.
func (m *metrics) enter(a *HK, i int32) {
	m.entries++
	m.inUse += a.h[i]
	if m.entries <= m.warmup || m.entries > m.warmup+m.measure {
		return
	}
	c := a.class[i]
	for j := range a.state {
		if a.state[j] == ES && a.class[j] < c && m.reqSeq[j] < m.reqSeq[i] {
			m.inversions++
			break
		}
	}
	m.waitSum[c-1] += m.entries - 1 - m.reqAt[i]
	m.waitN[c-1]++
	m.inUseSum += m.inUse
}

// Metrics reports the fraction of measured entries that were priority inversions, the mean
// number of resources in use just after an entry, per class the mean wait counted in CS
// entries of other nodes between the request and the entry, and per class of the trial's
// the mean wait in time units (NaN for a class with no entry).
func (a *HK) Metrics(dst []kernel.Metric) []kernel.Metric {
	m := &a.m
	n := m.entries - m.warmup
	n = min(max(n, 0), m.measure)
	ratio := func(x, y int64) float64 {
		if y == 0 {
			return math.NaN()
		}
		return float64(x) / float64(y)
	}
	dst = append(dst, kernel.Metric{Name: MetricInversions, Value: ratio(m.inversions, n)},
		kernel.Metric{Name: MetricConcMean, Value: ratio(m.inUseSum, n)})
	for c := 1; c <= MaxLevels; c++ {
		dst = append(dst, kernel.Metric{Name: MetricWait(c), Value: ratio(m.waitSum[c-1], m.waitN[c-1])})
	}
	for c := 1; c <= min(a.lvls, MaxLevels); c++ {
		dst = append(dst, kernel.Metric{Name: MetricWaitTime(c), Value: m.waitTime[c-1] / float64(m.waitTimeN[c-1])}) // 0/0 = NaN: no entry
	}
	return dst
}

// Checker returns hk's safety check, h-out-of-k mutual exclusion (checks.KMutex): the
// resources held by the nodes in the CS, each its request's h, never exceed k.
func (a *HK) Checker() kernel.Checker {
	return checks.KMutex(func() int64 { return a.k }, func(i int32) int64 { return a.h[i] })
}
