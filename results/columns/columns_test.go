package columns_test

import (
	"math"
	"slices"
	"testing"

	"github.com/mutexlab/mutexlab/algorithms"
	"github.com/mutexlab/mutexlab/kernel"
	"github.com/mutexlab/mutexlab/results"
	"github.com/mutexlab/mutexlab/results/columns"
)

// rowOf runs one small trial of algo and returns its row.
func rowOf(t *testing.T, algo string, set func(p *kernel.Params)) (map[string]results.Value, *kernel.Params) {
	t.Helper()
	p := kernel.DefaultParams()
	p.N, p.Warmup, p.Measure, p.Seed, p.Load = 12, 5, 60, 3, 0.5
	p.Connectivity = 0.5
	if set != nil {
		set(&p)
	}
	a, err := algorithms.New(algo)
	if err != nil {
		t.Fatal(err)
	}
	r, err := kernel.NewSim().Run(p, a)
	if err != nil {
		t.Fatalf("%s: %v", algo, err)
	}
	tr := columns.Trial{Algorithm: algo, Params: &p, Result: &r}
	row := map[string]results.Value{}
	vals := columns.Row(nil, &tr, columns.All())
	for i, c := range columns.All() {
		row[c.Name] = vals[i]
		if vals[i].IsNull() && !c.Optional {
			t.Fatalf("%s: required column %s is null", algo, c.Name)
		}
	}
	return row, &p
}

// TestRowsAreTrue: a column that does not apply to a row is null (never 0), one that
// applies holds a value, a default that was used is recorded as its value, and
// throughput and concurrency_mean are real numbers for every algorithm.
func TestRowsAreTrue(t *testing.T) {
	tvg := func(p *kernel.Params) { p.Network = "tvg" }
	for _, c := range []struct {
		algo string
		set  func(*kernel.Params)
	}{{"rl", nil}, {"rr", nil}, {"hk", nil}, {"gme", nil}, {"drs", tvg}, {"cm", tvg}, {"akw1", nil}, {"akw2", nil}} {
		row, p := rowOf(t, c.algo, c.set)
		for _, col := range columns.All() {
			v := row[col.Name]
			applies := col.Algorithms == nil || slices.Contains(col.Algorithms, c.algo)
			if !applies && !v.IsNull() {
				t.Errorf("%s: %s does not apply but holds %s", c.algo, col.Name, v.Format(col.Kind))
			}
			if col.Networks != nil && !slices.Contains(col.Networks, p.Network) && !(p.Network == "" && slices.Contains(col.Networks, "walter")) &&
				!v.IsNull() && col.Name != "links" && col.Name != "connectivity" && col.Name != "degree" {
				t.Errorf("%s: %s does not apply to network %q but holds %s", c.algo, col.Name, p.Network, v.Format(col.Kind))
			}
		}
		for _, m := range []string{"throughput", "concurrency_mean", "wait_mean", "msgs_per_cs"} {
			if v := row[m]; v.IsNull() || !(v.Float() > 0) {
				t.Errorf("%s: %s = %s, want a positive number", c.algo, m, v.Format(results.Float))
			}
		}
	}
	hk, _ := rowOf(t, "hk", nil)
	if hk["k"].Int() != 1 || hk["h"].Int() != 1 || hk["h_dist"].Str() != "fixed" || hk["priority_p1"].Float() != 1 || !hk["priority_p2"].IsNull() {
		t.Errorf("hk defaults: k %v h %v h_dist %v p1 %v p2 null %t", hk["k"].Int(), hk["h"].Int(), hk["h_dist"].Str(), hk["priority_p1"].Float(), hk["priority_p2"].IsNull())
	}
	uni, _ := rowOf(t, "hk", func(p *kernel.Params) { p.Algo = map[string]float64{"k": 3, "h": 0} })
	if !uni["h"].IsNull() || uni["h_dist"].Str() != "uniform" {
		t.Errorf("hk h = 0: h %s, h_dist %s; want null and uniform", uni["h"].Format(results.Int), uni["h_dist"].Str())
	}
	gme, _ := rowOf(t, "gme", nil)
	if gme["m"].Int() != 1 || gme["resource_dist"].Int() != 0 || !gme["zipf_s"].IsNull() {
		t.Errorf("gme defaults: m %d, resource_dist %d, zipf_s null %t", gme["m"].Int(), gme["resource_dist"].Int(), gme["zipf_s"].IsNull())
	}
	drs, _ := rowOf(t, "drs", tvg)
	if drs["k_priorities"].Int() != 64 || drs["delta"].Float() != 4 || drs["mobility"].IsNull() == false || drs["msgs_lost"].IsNull() {
		t.Errorf("drs on tvg: k_priorities %d, delta %g, mobility null %t, msgs_lost null %t", drs["k_priorities"].Int(), drs["delta"].Float(), drs["mobility"].IsNull(), drs["msgs_lost"].IsNull())
	}
	rl, p := rowOf(t, "rl", nil)
	if rl["starve_after"].Float() != p.StarveBound() || rl["max_events_per_entry"].Int() != kernel.DefaultEventBudget(12) || rl["network"].Str() != "walter" {
		t.Errorf("rl: starve_after %g, max_events_per_entry %d, network %q", rl["starve_after"].Float(), rl["max_events_per_entry"].Int(), rl["network"].Str())
	}
	if !rl["static_despite_mobility"].IsNull() || !rl["crashed"].IsNull() {
		t.Error("rl static: static_despite_mobility or crashed not null")
	}
}

// A mobile trial on a tree cannot change its graph: the row says so.
func TestStaticDespiteMobility(t *testing.T) {
	tree, _ := rowOf(t, "rl", func(p *kernel.Params) { p.Connectivity = 0; p.Links = p.N - 1; p.Mobility = 0.5 })
	if v := tree["static_despite_mobility"]; v.IsNull() || !v.Bool() || tree["link_changes"].Int() != 0 || tree["link_changes_skipped"].Int() == 0 {
		t.Fatalf("tree: static_despite_mobility %s, link changes %d, skipped %d", v.Format(results.Bool), tree["link_changes"].Int(), tree["link_changes_skipped"].Int())
	}
	mobile, _ := rowOf(t, "rl", func(p *kernel.Params) { p.Mobility = 0.5 })
	if v := mobile["static_despite_mobility"]; v.IsNull() || v.Bool() {
		t.Fatalf("mobile graph with spare links: %s", v.Format(results.Bool))
	}
}

// No measured entry: waits are null, not NaN and not 0.
func TestNaNBecomesNull(t *testing.T) {
	p := kernel.DefaultParams()
	r := kernel.Result{WaitMean: math.NaN(), Extra: []kernel.Metric{{Name: "hk_inversions_per_cs", Value: math.NaN()}}}
	row := columns.Row(nil, &columns.Trial{Algorithm: "hk", Params: &p, Result: &r}, columns.All())
	for i, c := range columns.All() {
		if (c.Name == "wait_mean" || c.Name == "hk_inversions_per_cs" || c.Name == "throughput") && !row[i].IsNull() {
			t.Errorf("%s = %s, want null", c.Name, row[i].Format(c.Kind))
		}
	}
}

// Every column has a description, the spec keys a Set, and the names are unique.
func TestDescriptionIsComplete(t *testing.T) {
	if err := results.ValidateColumns(columns.Schema()); err != nil {
		t.Fatal(err)
	}
	for _, c := range columns.All() {
		if c.Description == "" || c.Get == nil || c.Role == 0 || (c.Key && c.Set == nil) {
			t.Errorf("column %s is incompletely described", c.Name)
		}
	}
}
