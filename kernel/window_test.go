package kernel_test

import (
	"math"
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/rl"
	"github.com/mutexlab/mutexlab/kernel"
)

func windowParams() kernel.Params {
	p := kernel.DefaultParams()
	p.Mobility, p.Seed = 0.1, 3
	p.Warmup, p.Measure = 100, 1000
	return p
}

func runRL(t *testing.T, p kernel.Params) kernel.Result {
	t.Helper()
	r, err := kernel.NewSim().Run(p, rl.New())
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestPhaseSplit: the events of the three phases add up to the trial's, the drain runs to its
// end by default (liveness checked, nothing pending), the warm-up's entries are recorded, and
// the window's statistics are there.
func TestPhaseSplit(t *testing.T) {
	r := runRL(t, windowParams())
	if r.EventsWarmup+r.EventsMeasure+r.EventsDrain != r.Events || r.EventsWarmup == 0 || r.EventsMeasure == 0 {
		t.Errorf("phases %d + %d + %d events, trial %d", r.EventsWarmup, r.EventsMeasure, r.EventsDrain, r.Events)
	}
	if !r.LivenessChecked || r.PendingAtEnd != 0 {
		t.Errorf("full drain: liveness checked %v, %d pending", r.LivenessChecked, r.PendingAtEnd)
	}
	if got := r.WindowStart + r.WindowTime + r.DrainTime; math.Abs(got-r.SimTime) > 1e-9*r.SimTime {
		t.Errorf("warm-up %g + window %g + drain %g = %g, sim time %g", r.WindowStart, r.WindowTime, r.DrainTime, got, r.SimTime)
	}
	if r.WarmupEntries != 100 || !r.WarmupSettled || !r.MSERKnown || math.IsNaN(r.WaitCI) || !r.Stability.Known() {
		t.Errorf("steady state: %+v", r)
	}
	if r.WaitCI <= 0 || r.WaitCI > r.WaitMean {
		t.Errorf("wait %g ± %g", r.WaitMean, r.WaitCI)
	}
}

// TestDrainSkipped: skipping or bounding the drain leaves the warm-up and the window exactly
// as they were (the same measurements), ends the trial earlier, and records that liveness was
// not checked.
func TestDrainSkipped(t *testing.T) {
	p := windowParams()
	p.Load = 1 // every node waits when the window closes: a long drain
	full := runRL(t, p)
	p.Drain = kernel.DrainNone
	none := runRL(t, p)
	p.Drain, p.DrainMaxEvents = kernel.DrainFull, 20
	bounded := runRL(t, p)
	for _, r := range []kernel.Result{none, bounded} {
		if r.WaitMean != full.WaitMean || r.MsgsTotal != full.MsgsTotal || r.EventsMeasure != full.EventsMeasure || r.WindowTime != full.WindowTime {
			t.Errorf("the window changed with the drain: wait %g msgs %d, full drain %g %d", r.WaitMean, r.MsgsTotal, full.WaitMean, full.MsgsTotal)
		}
		if r.LivenessChecked || r.PendingAtEnd == 0 || r.Events >= full.Events {
			t.Errorf("cut drain: liveness checked %v, %d pending, %d events (full %d)", r.LivenessChecked, r.PendingAtEnd, r.Events, full.Events)
		}
	}
	if none.EventsDrain != 0 || none.DrainTime != 0 || bounded.EventsDrain != 20 {
		t.Errorf("drain events: none %d (time %g), bounded %d (want 20)", none.EventsDrain, none.DrainTime, bounded.EventsDrain)
	}
}

// TestWindowSizing: per-node and time criteria size the window; with several set, all must
// be met.
func TestWindowSizing(t *testing.T) {
	p := windowParams()
	p.WarmupPerNode, p.MeasurePerNode = 10, 50 // 300 and 1,500 entries at n = 30
	r := runRL(t, p)
	if r.WarmupEntries != 300 || r.CSEntries != 1500 {
		t.Errorf("per node: warm-up %d, window %d entries, want 300 and 1,500", r.WarmupEntries, r.CSEntries)
	}
	p = windowParams()
	p.WarmupTime, p.MeasureTime = 500, 3000
	r = runRL(t, p)
	if r.WindowStart < 500 || r.WindowTime < 3000 || r.CSEntries <= 1000 {
		t.Errorf("by time: window from %g for %g time units with %d entries, want from >= 500 for >= 3,000 and > 1,000 entries",
			r.WindowStart, r.WindowTime, r.CSEntries)
	}
	p.Measure = 1
	if err := p.Validate(); err != nil {
		t.Fatal(err)
	}
	p.MeasureTime = -1
	if err := p.Validate(); err == nil {
		t.Error("measure_time -1 accepted")
	}
}

// TestMSERWarmup: under the MSER-5 rule the warm-up discards at least the truncation point it
// found, settles on a paper-sized trial, and is a pure function of the parameters.
func TestMSERWarmup(t *testing.T) {
	p := windowParams()
	p.Warmup, p.WarmupRule, p.Load = 0, kernel.WarmupMSER5, 1
	r := runRL(t, p)
	if !r.WarmupSettled || r.WarmupEntries < 100 || r.WarmupEntries >= int64(p.N)*100 {
		t.Errorf("mser5: settled %v after %d entries", r.WarmupSettled, r.WarmupEntries)
	}
	if again := runRL(t, p); again.WarmupEntries != r.WarmupEntries || again.WaitMean != r.WaitMean || again.MSERCut != r.MSERCut {
		t.Errorf("two runs: warm-up %d and %d, wait %g and %g", r.WarmupEntries, again.WarmupEntries, r.WaitMean, again.WaitMean)
	}
}
