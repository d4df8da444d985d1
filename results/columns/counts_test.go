package columns

import (
	"math"
	"testing"

	"github.com/mutexlab/mutexlab/kernel"
	"github.com/mutexlab/mutexlab/results"
)

// TestCountMetricsAreInt64: the algorithms' counts and other whole-number metrics are
// int64 columns (they reach the kernel as float64 through kernel.Metric); a whole metric
// reported as NaN is null, and its value is written as the integer.
func TestCountMetricsAreInt64(t *testing.T) {
	whole := []string{"bad_req", "gme_ce_misses", "recolorings", "return_path", "linial_overflow", "color_range",
		"sdf_entries_max", "gme_concurrency_max", "entries_static", "drs_memory_bits", "drs_ports", "drs_state_bits", "drs_message_bits_max"}
	for _, name := range whole {
		c, ok := Lookup(name)
		if !ok || c.Kind != results.Int {
			t.Errorf("%s: kind %v, want int64", name, c.Kind)
		}
	}
	for _, name := range []string{"gme_concurrency_mean", "drs_trials_per_lock", "recolor_time_max", "hk_wait_entries_c1"} {
		if c, _ := Lookup(name); c.Kind != results.Float {
			t.Errorf("%s: kind %v, want float64 (a mean or a time)", name, c.Kind)
		}
	}
	p := kernel.DefaultParams()
	for x, want := range map[float64]results.Value{3: results.IntValue(3), math.NaN(): results.Null} {
		r := kernel.Result{CSEntries: 1, Extra: []kernel.Metric{{Name: "gme_ce_misses", Value: x}}}
		c, _ := Lookup("gme_ce_misses")
		if got := c.Get(&Trial{Algorithm: "gme", Params: &p, Result: &r}); !got.Equal(want, results.Int) {
			t.Errorf("gme_ce_misses %g: got %s", x, got.Format(results.Int))
		}
	}
}

// TestUnsetWindowCriteriaAreNull: warmup_time, measure_time, warmup_per_node and
// measure_per_node hold null where the criterion is not set, and the value where it is.
func TestUnsetWindowCriteriaAreNull(t *testing.T) {
	p := kernel.DefaultParams()
	r := kernel.Result{}
	tr := &Trial{Algorithm: "rl", Params: &p, Result: &r}
	names := []string{"warmup_time", "measure_time", "warmup_per_node", "measure_per_node"}
	for _, name := range names {
		c, _ := Lookup(name)
		if !c.Optional || !c.Get(tr).IsNull() {
			t.Errorf("%s not set: optional %t, value %s; want null", name, c.Optional, c.Get(tr).Format(c.Kind))
		}
	}
	p.WarmupTime, p.MeasureTime, p.WarmupPerNode, p.MeasurePerNode = 50, 400, 2, 3
	for k, name := range names {
		c, _ := Lookup(name)
		if got := c.Get(tr); got.IsNull() || got.Float() != []float64{50, 400, 2, 3}[k] {
			t.Errorf("%s set: %s", name, got.Format(c.Kind))
		}
	}
}
