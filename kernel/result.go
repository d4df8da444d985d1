package kernel

import (
	"math"
	"slices"

	"github.com/mutexlab/mutexlab/kernel/stats"
)

// A trial's result, read off the simulator when the loop ends.

// Result holds one trial's measurements. Waits are the times from RequestCS to EnterCS of the
// CS entries inside the measurement window; message and link-change counts are also counted
// inside the window (by default from the Warmup-th entry to the (Warmup+Measure)-th;
// window.go says how else it can be sized).
type Result struct {
	Links              int     // initial number of links
	SimTime            float64 // simulated time when the trial ended (after the liveness drain)
	Events             int64   // events processed, whole trial
	CSEntries          int64   // CS entries measured
	WaitMean           float64
	WaitP50            float64
	WaitP99            float64
	WaitMax            float64
	MsgsTotal          int64
	MsgsPerCS          float64
	Msgs               []int64 // per message type, indexed like MsgTypes (a fresh slice)
	MsgTypes           []MsgTypeInfo
	LinkChanges        int64
	LinkChangesSkipped int64
	MsgsLost           int64    // messages lost to link failures, whole trial (lossy networks)
	WindowTime         float64  // simulated time between the first and last measured entry
	MaxInFlightPerLink int      // most messages ever in transit on one link, both directions, whole trial
	ConcurrencyMean    float64  // time-average number of nodes in the CS over the measurement window
	Throughput         float64  // CS entries per time unit over the measurement window (whole network)
	Extra              []Metric // algorithm-specific metrics (MetricsReporter), a fresh slice
	Ports              int      // ports per node of the trial's topology (Δ for the models that cap them)

	// Crash failures (crash.go; all zero when no crash is configured). Blocked and
	// FailureLocality rest on "never ate again", which only a drain run to its end shows: they
	// are measured only when LivenessChecked, and are 0 (null in the results) otherwise.
	Crashed         int   // nodes that crashed
	Blocked         int   // live nodes still waiting at the end: never ate again within the window
	FailureLocality int   // largest hop distance from a blocked node to the nearest crashed node (0: none)
	MsgsToCrashed   int64 // messages dropped on arrival at a crashed node, whole trial

	// Link-count diagnostics over the measurement window, every network model (linkstats.go
	// says what LinkChanges and LinkChangesSkipped count).
	WindowStart float64 // simulated time the measurement window opened
	LinksStart  int     // links when the window opened
	LinksEnd    int     // links when it closed
	LinksMean   float64 // time-average number of links over the window
	LinkDowns   int64   // links that went down inside the window
	LinkUps     int64   // links that came up inside the window

	// Phases (window.go): events and simulated time of the warm-up (events before the window
	// opened; its time is WindowStart), the window (WindowTime) and the liveness drain.
	EventsWarmup, EventsMeasure, EventsDrain int64
	DrainTime                                float64
	LivenessChecked                          bool // the drain ran to its end: every pending request was served
	PendingAtEnd                             int  // requests still pending when the trial ended (0 when LivenessChecked, where the pending are the blocked)

	// Steady state (window.go, package stats).
	WarmupEntries int64     // CS entries discarded before the window opened
	WarmupSettled bool      // false when the MSER-5 warm-up rule hit its cap before finding the transient over
	MSERCut       int64     // MSER-5 truncation point of the waits from the first entry to the window's end, in entries
	MSERKnown     bool      // MSERCut was computed (at least 100 entries)
	WaitCI        float64   // half-width of the 95% batch-means confidence interval of WaitMean (NaN: under 40 entries)
	Stability     Stability // the two halves of the window compared
}

func (s *Sim) result() Result {
	r := Result{
		Links:              s.linksAtStart(),
		SimTime:            s.now,
		Events:             s.events,
		CSEntries:          int64(len(s.meas.waits)),
		MsgTypes:           s.types,
		Msgs:               slices.Clone(s.meas.msgs),
		LinkChanges:        s.meas.linkChanges,
		LinkChangesSkipped: s.meas.skipped,
		MsgsLost:           s.meas.lost,
		WindowTime:         s.meas.winEnd - s.meas.winStart,
		MaxInFlightPerLink: s.maxLinkLoad,
		Ports:              s.topo.PortCap(),
	}
	s.links.fill(&r, s.meas.winStart, s.meas.winEnd)
	s.fillWindow(&r)
	for _, c := range s.meas.msgs {
		r.MsgsTotal += c
	}
	if w := r.WindowTime; w > 0 {
		r.ConcurrencyMean = s.meas.csArea / w
		r.Throughput = float64(len(s.meas.waits)) / w
	}
	if mr, ok := s.algo.(MetricsReporter); ok {
		r.Extra = mr.Metrics(nil)
	}
	if _, ok := s.check.(*LocalMutexChecker); ok {
		r.Extra = append(r.Extra, Metric{MetricConcurrency, r.ConcurrencyMean}, Metric{MetricThroughput, r.Throughput},
			Metric{MetricMaxInFlight, float64(r.MaxInFlightPerLink)})
	}
	if n := len(s.meas.waits); n > 0 {
		sum := 0.0
		for _, w := range s.meas.waits {
			sum += w
		}
		r.WaitMean = sum / float64(n)
		r.WaitP50, r.WaitP99, r.WaitMax = stats.Quantiles(s.meas.waits) // reorders the waits
		r.MsgsPerCS = float64(r.MsgsTotal) / float64(n)
	} else {
		// No entry was measured (crashes blocked every live node before the window opened):
		// there is no wait to report, and 0 would read as "instant".
		nan := math.NaN()
		r.WaitMean, r.WaitP50, r.WaitP99, r.WaitMax, r.MsgsPerCS = nan, nan, nan, nan, nan
	}
	return r
}

func (s *Sim) linksAtStart() int {
	if info, ok := LookupNetwork(s.p.Network); !ok || !info.UsesLinks {
		return s.links0
	}
	if s.p.Links > 0 || s.p.Degree > 0 || s.p.Connectivity > 0 {
		return s.p.LinkCount()
	}
	return s.topo.NumLinks()
}
