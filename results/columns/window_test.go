package columns_test

import (
	"testing"

	"github.com/mutexlab/mutexlab/kernel"
)

// TestWindowColumns: the phase split and steady-state columns hold what the trial did, and
// are null where they do not apply: warmup_settled under the fixed rule, drain_max_events
// when unbounded, the batch-means statistics of a window under 40 entries.
func TestWindowColumns(t *testing.T) {
	row, _ := rowOf(t, "rl", func(p *kernel.Params) { p.Measure = 200 })
	for _, name := range []string{"warmup_settled", "drain_max_events"} {
		if !row[name].IsNull() {
			t.Errorf("%s holds a value under the defaults", name)
		}
	}
	for _, name := range []string{"wait_ci", "wait_stable", "wait_mean_first_half", "warmup_mser_cut"} {
		if row[name].IsNull() {
			t.Errorf("%s is null for a window of 200 entries", name)
		}
	}
	if !row["liveness_checked"].Bool() || row["pending_at_end"].Int() != 0 || row["warmup_entries"].Int() != 5 || row["drain"].Str() != "full" {
		t.Errorf("full drain: liveness %v, pending %v, warm-up %v, drain %v", row["liveness_checked"], row["pending_at_end"], row["warmup_entries"], row["drain"])
	}
	row, _ = rowOf(t, "rl", func(p *kernel.Params) {
		p.Measure, p.Drain, p.WarmupRule = 30, kernel.DrainNone, kernel.WarmupMSER5
	})
	if row["liveness_checked"].Bool() || row["events_drain"].Int() != 0 || row["warmup_settled"].IsNull() {
		t.Errorf("no drain, mser5: liveness %v, drain events %v, settled %v", row["liveness_checked"], row["events_drain"], row["warmup_settled"])
	}
	if !row["wait_ci"].IsNull() || !row["wait_stable"].IsNull() {
		t.Errorf("30 entries: wait_ci %v, wait_stable %v, want null", row["wait_ci"], row["wait_stable"])
	}
}

// TestCrashColumnsNeedCheckedLiveness: blocked and failure_locality rest on "never ate
// again", which only a drain run to its end shows: they hold values after a full drain and
// are null after a skipped or cut drain, where crashed and pending_at_end still hold theirs.
func TestCrashColumnsNeedCheckedLiveness(t *testing.T) {
	crash := func(p *kernel.Params) { // a spanning tree: nodes far from the crash eat on
		p.Links, p.Connectivity, p.Crashes, p.Load = 11, 0, []kernel.Crash{{Node: 3, Time: 20}}, 2
	}
	for _, c := range []struct {
		name     string
		set      func(*kernel.Params)
		measured bool
	}{
		{"full drain", func(*kernel.Params) {}, true},
		{"no drain", func(p *kernel.Params) { p.Drain = kernel.DrainNone }, false},
		{"drain cut short", func(p *kernel.Params) { p.DrainMaxEvents = 2 }, false},
	} {
		row, _ := rowOf(t, "akw2", func(p *kernel.Params) { crash(p); c.set(p) })
		if row["liveness_checked"].Bool() != c.measured || row["crashed"].IsNull() || row["crashed"].Int() != 1 ||
			(row["pending_at_end"].Int() == 0) == !c.measured {
			t.Errorf("%s: liveness %v, crashed %v, pending %v", c.name, row["liveness_checked"], row["crashed"], row["pending_at_end"])
		}
		for _, name := range []string{"blocked", "failure_locality"} {
			if row[name].IsNull() == c.measured {
				t.Errorf("%s: %s null %v, want null exactly when liveness is not checked", c.name, name, row[name].IsNull())
			}
		}
	}
}
