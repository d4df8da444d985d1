package kernel

import (
	"fmt"
	"math"

	"github.com/mutexlab/mutexlab/kernel/stats"
)

// The measurement window and the liveness drain.
//
// A trial has three phases: the warm-up, whose CS entries are discarded; the measurement
// window, whose entries, messages and link changes are measured; and the liveness drain, in
// which link changes and new requests stop and every pending request must be served
// (Theorem 2's setting). Result splits the events and the simulated time among the three.
//
// # Sizing the window
//
// The warm-up ends at the first CS entry at which every criterion set is met, and the window
// closes at the first measured entry at which every criterion set is met:
//
//   - entries: Warmup and Measure (the paper-sized defaults 200 and 2,000), and
//     WarmupPerNode·n and MeasurePerNode·n (rounded up), for networks so large that a fixed
//     count measures only the start-up transient: at n = 10^6 and load 0.01 every node
//     requests within the first hundred time units, and 2,000 entries are the first 0.2% of
//     the first round of service;
//   - simulated time: WarmupTime (the warm-up lasts at least this long) and MeasureTime (the
//     window spans at least this long);
//   - WarmupRule = mser5: the warm-up also goes on until the MSER-5 rule finds the transient
//     over (below).
//
// With only Warmup and Measure set (the zero values of the rest), the window is exactly the
// one mutexlab has always used: the walter2001 protocol at n = 30 is unchanged bit for bit.
//
// # MSER-5
//
// Every CS entry's wait, from the first entry of the trial to the end of the window, feeds a
// batched series (stats.Batches; bounded memory: at most 4,096 batch means). At the end of the
// window the MSER-5 truncation point of the whole series is recorded (Result.MSERCut): where
// the rule of White, Cobb and Spratt says the initial transient ends. When it lies beyond the
// warm-up actually discarded, the warm-up was too short. Under WarmupRule = mser5 the rule
// also ends the warm-up, sequentially as Hoad, Robinson and Davies (2010) automate it: the
// rule is applied to the series so far every time it has grown by a sixteenth, and the
// warm-up ends (at the next entry that meets the other criteria) once the truncation point
// lies in the first half of the series, which is White's condition for trusting it; the
// rule is consulted only once the other warm-up criteria are met. The warm-up then discards
// all of the series so far, at least the truncation point. A warm-up that does not settle
// within mserWarmupCap entries opens the window anyway, and the result says so
// (Result.WarmupSettled false).
//
// MSER cannot see a transient longer than the series it is given. Under saturation the
// transient lasts about one round of service, n entries (every node that requested at the
// start is served once), and the first few hundred entries of a large network look
// stationary, so the rule can settle inside the transient (the stability check then flags
// the window). Combine it with warmup_per_node = 1 at large n, so that the rule judges a
// series that spans the first round.
//
// # The drain
//
// Drain = full (the default, and what swarm testing and every test use) runs the drain to
// its end; none ends the trial when the window closes; DrainMaxEvents bounds the drain's
// events. At load 0.01 on 10^6 nodes nearly every node is waiting when the window closes and
// the drain serves them all: most of the trial's events. Skipping it makes performance runs
// and window-sizing studies cheaper, but then liveness (Theorem 2: once link changes stop,
// every pending request is served) is not checked: Result.LivenessChecked is false and
// Result.PendingAtEnd counts the requests left unserved. With crashes, the blocked measure
// (crash.go) is then not taken either: a node still waiting might yet eat.

// WarmupRule says how the end of the warm-up is decided.
type WarmupRule uint8

const (
	WarmupFixed WarmupRule = iota // the entry and time criteria only
	WarmupMSER5                   // and the sequential MSER-5 rule
)

// DrainMode says whether the liveness drain runs.
type DrainMode uint8

const (
	DrainFull DrainMode = iota // serve every pending request (bounded by DrainMaxEvents)
	DrainNone                  // end the trial when the window closes
)

// Keys of the window parameters as spec keys, columns and *ParamError names spell them.
const (
	KeyWarmupRule = "warmup_rule"
	KeyDrain      = "drain"
)

var (
	warmupRuleNames = []string{WarmupFixed: "fixed", WarmupMSER5: "mser5"}
	drainNames      = []string{DrainFull: "full", DrainNone: "none"}
)

func (r WarmupRule) String() string { return readingName(warmupRuleNames, uint8(r)) }
func (d DrainMode) String() string  { return readingName(drainNames, uint8(d)) }

// ParseWarmupRule reads "fixed" or "mser5"; its error is a *ParamError.
func ParseWarmupRule(s string) (WarmupRule, error) {
	return parseNamed[WarmupRule](KeyWarmupRule, warmupRuleNames, s)
}

// ParseDrain reads "full" or "none"; its error is a *ParamError.
func ParseDrain(s string) (DrainMode, error) { return parseNamed[DrainMode](KeyDrain, drainNames, s) }

// ConditionalParam is a trial parameter the kernel reads only under another one's value:
// elsewhere the value given has no effect, which a sweep says (or refuses, where no point
// reads it), as it does for the walter readings and the algorithms' parameters.
type ConditionalParam struct {
	Key      string
	ReadWith ReadCondition
	Read     func(p *Params) bool
}

// ConditionalParams lists them (a fresh slice): drain_max_events bounds the liveness drain,
// which drain = none skips.
func ConditionalParams() []ConditionalParam {
	return []ConditionalParam{{Key: "drain_max_events", ReadWith: ReadCondition{KeyDrain, "drain = full"},
		Read: func(p *Params) bool { return p.Drain == DrainFull }}}
}

// MaxWindowEntries bounds the measured entries of one trial (8 bytes each are kept for the
// percentiles): 2^27, 1 GiB of waits.
const MaxWindowEntries = 1 << 27

// WarmupEntries returns the warm-up's entry criterion: max(Warmup, ⌈WarmupPerNode·n⌉).
func (p *Params) WarmupEntries() int64 {
	return max(int64(p.Warmup), int64(math.Ceil(p.WarmupPerNode*float64(p.N))))
}

// MeasureEntries returns the window's entry criterion: max(Measure, ⌈MeasurePerNode·n⌉).
func (p *Params) MeasureEntries() int64 {
	return max(int64(p.Measure), int64(math.Ceil(p.MeasurePerNode*float64(p.N))))
}

// mserWarmupCap is the most entries a warm-up under the MSER-5 rule may last:
// 10·max(WarmupEntries, n, 100).
func (p *Params) mserWarmupCap() int64 {
	return 10 * max(p.WarmupEntries(), int64(p.N), 100)
}

func (p *Params) validateWindow() error {
	bad := func(name, format string, a ...any) error { return &ParamError{name, fmt.Sprintf(format, a...)} }
	for _, c := range []struct {
		name string
		v    float64
	}{{"warmup_per_node", p.WarmupPerNode}, {"measure_per_node", p.MeasurePerNode}, {"warmup_time", p.WarmupTime}, {"measure_time", p.MeasureTime}} {
		if !(c.v >= 0) || math.IsInf(c.v, 0) {
			return bad(c.name, "must be a finite number >= 0 (0: no criterion), got %g", c.v)
		}
	}
	if m := p.MeasureEntries(); m > MaxWindowEntries {
		return bad("measure", "gives %d measured entries, more than the %d a trial may keep", m, MaxWindowEntries)
	}
	if p.WarmupEntries() > math.MaxInt32 {
		return bad("warmup", "gives %d warm-up entries, more than %d", p.WarmupEntries(), math.MaxInt32)
	}
	if int(p.WarmupRule) >= len(warmupRuleNames) {
		return bad(KeyWarmupRule, "unknown rule %d; accepted: fixed, mser5", p.WarmupRule)
	}
	if int(p.Drain) >= len(drainNames) {
		return bad(KeyDrain, "unknown mode %d; accepted: full, none", p.Drain)
	}
	if p.DrainMaxEvents < 0 {
		return bad("drain_max_events", "must be >= 0 (0: no bound), got %d", p.DrainMaxEvents)
	}
	return nil
}

// window is a trial's phase bookkeeping.
type window struct {
	warmupN, measureN int64   // entry criteria
	warmupT, measureT float64 // time criteria
	mserRule          bool
	series            stats.Batches // every entry's wait from the first to the window's end
	mserNext          int64         // series length at which the warm-up rule looks again
	mserCap           int64
	settled           bool  // MSER-5 found the transient over (mser5 rule)
	openEntries       int64 // entries when the window opened
	evOpen, evClose   int64 // events when the window opened and closed
	drained           bool  // the drain ended with every pending request served
}

// resetWindow prepares the phase bookkeeping of a trial under p, and reports whether the
// window opens at once (no warm-up criterion).
func (s *Sim) resetWindow(p *Params) bool {
	w := &s.win
	series := w.series
	*w = window{warmupN: p.WarmupEntries(), measureN: p.MeasureEntries(), warmupT: p.WarmupTime, measureT: p.MeasureTime,
		mserRule: p.WarmupRule == WarmupMSER5, mserNext: stats.MSERBatch * stats.MSERMinBatches, mserCap: p.mserWarmupCap(), series: series}
	w.series.Reset()
	return w.warmupN == 0 && w.warmupT == 0 && !w.mserRule
}

// warmupEntry records a warm-up entry's wait and opens the window when the warm-up is over.
func (s *Sim) warmupEntry(wait float64) {
	w := &s.win
	w.series.Add(wait)
	switch {
	case s.entries < w.warmupN || s.now < w.warmupT:
	case !w.mserRule:
		s.openWindow()
	case s.entries >= w.mserCap:
		s.openWindow() // the rule never settled: open anyway (Result.WarmupSettled says so)
	case w.series.Count() >= w.mserNext:
		w.mserNext = w.series.Count() + max(stats.MSERBatch, w.series.Count()/16)
		if _, w.settled = w.series.MSER(); w.settled {
			s.openWindow()
		}
	}
}

// measuredEntry records a measured entry's wait and closes the window when it is full.
func (s *Sim) measuredEntry(wait float64) {
	w := &s.win
	w.series.Add(wait)
	n := int64(len(s.meas.waits))
	if n >= w.measureN && s.now-s.meas.winStart >= w.measureT {
		s.closeWindow()
	} else if n >= MaxWindowEntries {
		s.fail(ErrBudget, nil, "the measurement window holds %d entries, the most a trial may keep; measure_time %g is too long for this load",
			n, s.p.MeasureTime)
	}
}

// drainOver reports whether the trial ends in the drain now: every pending request is
// served (liveness checked), or the drain is skipped or has spent its events.
func (s *Sim) drainOver() bool {
	if s.waiting == s.crash.nBlocked && s.critical == 0 {
		s.win.drained = true
		return true
	}
	return s.p.Drain == DrainNone || s.p.DrainMaxEvents > 0 && s.events-s.win.evClose >= s.p.DrainMaxEvents
}

// fillWindow writes the phase split and the steady-state statistics into r.
func (s *Sim) fillWindow(r *Result) {
	w := &s.win
	evOpen, evClose := w.evOpen, w.evClose
	if s.phase == phaseWarmup {
		evOpen, evClose = s.events, s.events
	} else if s.phase == phaseMeasure {
		evClose = s.events
	}
	r.EventsWarmup, r.EventsMeasure, r.EventsDrain = evOpen, evClose-evOpen, s.events-evClose
	r.DrainTime = 0
	if s.phase == phaseDrain {
		r.DrainTime = s.now - s.meas.winEnd
	}
	r.LivenessChecked = w.drained
	r.PendingAtEnd = 0
	if !w.drained {
		// Every request still waiting, those the watchdog counted blocked too: without a
		// completed drain none of them is known never to eat (crash.go).
		r.PendingAtEnd = s.waiting
	}
	r.WarmupEntries = w.openEntries
	r.WarmupSettled = !w.mserRule || w.settled
	r.MSERCut, _ = w.series.MSER()
	r.MSERKnown = w.series.Complete() >= stats.MSERMinBatches
	r.WaitCI, r.Stability = math.NaN(), Stability{FirstHalf: math.NaN(), SecondHalf: math.NaN(), HalfWidth: math.NaN()}
	if len(s.meas.waits) > 0 {
		_, r.WaitCI = stats.BatchMeansCI(s.meas.waits, stats.WindowBatches)
		r.Stability = stats.StabilityOf(s.meas.waits)
	}
}

// Stability is the comparison of a window's two halves (stats.StabilityOf), a part of
// Result.
type Stability = stats.Stability
