package columns_test

import (
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/kernel"
	"github.com/mutexlab/mutexlab/results"
	"github.com/mutexlab/mutexlab/results/columns"
)

var readingKeys = []string{kernel.KeyMobilityRate, kernel.KeyLinkFormation, kernel.KeyNoDeletion}

// The readings are spec keys with flags, out of the seed, and string columns that record
// the reading on every walter row (static ones too) and are null on models without readings.
func TestReadingColumns(t *testing.T) {
	for _, k := range readingKeys {
		c, ok := columns.Lookup(k)
		if !ok || !c.Key || !c.Flag || !c.NoSeed || c.Kind != results.String || c.Role != columns.Parameter {
			t.Fatalf("%s: %+v, want a string parameter, spec key, flag, out of the seed", k, c)
		}
		if c.AppliesTo("rl", "tvg") || !c.AppliesTo("rl", "walter") {
			t.Errorf("%s applies to %s, want walter only", k, c.Where())
		}
	}
	static, _ := rowOf(t, "rl", nil)
	if static[kernel.KeyMobilityRate].Str() != "network" || static[kernel.KeyLinkFormation].Str() != "absent" || static[kernel.KeyNoDeletion].Str() != "skip" {
		t.Errorf("static walter row: readings %v, want the defaults recorded", readingsOf(static))
	}
	f, _ := rowOf(t, "rl", func(p *kernel.Params) {
		p.Mobility, p.MobilityRate, p.LinkFormation, p.NoDeletion = 0.1, kernel.RatePerNode, kernel.FormAnyPair, kernel.NoDeletionForm
	})
	if got := readingsOf(f); got != "per-node any-pair form" {
		t.Errorf("row of reading F: %q", got)
	}
	tvg, _ := rowOf(t, "drs", func(p *kernel.Params) { p.Network = "tvg" })
	for _, k := range readingKeys {
		if !tvg[k].IsNull() {
			t.Errorf("tvg row: %s = %q, want null (the model has no readings)", k, tvg[k].Str())
		}
	}
}

func readingsOf(row map[string]results.Value) string {
	var s []string
	for _, k := range readingKeys {
		s = append(s, row[k].Str())
	}
	return strings.Join(s, " ")
}

// A reading's spec value is checked against the kernel's names, and the error lists them
// without repeating the key (the caller names it).
func TestReadingValuesAreChecked(t *testing.T) {
	for k, want := range map[string]string{
		kernel.KeyMobilityRate:  "accepted: network, per-node",
		kernel.KeyLinkFormation: "accepted: absent, any-pair",
		kernel.KeyNoDeletion:    "accepted: skip, form",
	} {
		c, _ := columns.Lookup(k)
		err := c.CheckValue(columns.Value{Str: "sometimes"})
		if err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), k) {
			t.Errorf("%s=sometimes: error %v, want one naming %q and not the key", k, err, want)
		}
		var p kernel.Params
		if err := c.Set(&p, columns.Value{Str: "sometimes"}); err == nil {
			t.Errorf("%s: Set accepted a bad value", k)
		}
	}
}

// The link diagnostics are columns, consistent with each other, under the readings that
// keep, thin and freeze the graph.
func TestLinkDiagnosticColumns(t *testing.T) {
	for _, c := range []struct {
		name   string
		set    func(p *kernel.Params)
		frozen bool // static_despite_mobility
	}{
		{"static", func(p *kernel.Params) {}, false},
		{"A", func(p *kernel.Params) { p.Mobility = 0.5 }, false},
		{"C any-pair skip", func(p *kernel.Params) { p.Mobility, p.LinkFormation, p.Warmup = 2, kernel.FormAnyPair, 60 }, true},
		{"D any-pair form", func(p *kernel.Params) {
			p.Mobility, p.LinkFormation, p.NoDeletion, p.Warmup = 2, kernel.FormAnyPair, kernel.NoDeletionForm, 60
		}, false},
	} {
		row, p := rowOf(t, "rl", c.set)
		start, end := row["links_start"].Int(), row["links_end"].Int()
		ups, downs := row["link_ups"].Int(), row["link_downs"].Int()
		mean := row["links_mean"].Float()
		if end != start+ups-downs || mean < float64(min(start, end, int64(p.N-1))) || mean > float64(kernel.MaxLinks(p.N)) {
			t.Errorf("%s: links %d -> %d, ups %d, downs %d, mean %g", c.name, start, end, ups, downs, mean)
		}
		if row["window_start"].IsNull() || row["window_start"].Float() <= 0 {
			t.Errorf("%s: window_start %s", c.name, row["window_start"].Format(results.Float))
		}
		sdm := row["static_despite_mobility"]
		if p.Mobility == 0 {
			if !sdm.IsNull() || ups+downs != 0 {
				t.Errorf("%s: static_despite_mobility %s, %d link events", c.name, sdm.Format(results.Bool), ups+downs)
			}
			continue
		}
		if sdm.IsNull() || sdm.Bool() != c.frozen || (row["link_changes"].Int() == 0) != c.frozen {
			t.Errorf("%s: static_despite_mobility %s with %d changes, want %t", c.name, sdm.Format(results.Bool), row["link_changes"].Int(), c.frozen)
		}
		if c.frozen && (start != int64(p.N-1) || row["link_changes_skipped"].Int() == 0) {
			t.Errorf("%s: frozen at %d links with %d skipped, want a spanning tree (%d) and skipped changes", c.name, start, row["link_changes_skipped"].Int(), p.N-1)
		}
	}
}

// RR's route metrics are registered: columns of rr rows, null elsewhere.
func TestRouteColumns(t *testing.T) {
	rr, _ := rowOf(t, "rr", nil)
	rl, _ := rowOf(t, "rl", nil)
	for _, m := range []string{"route_len_mean", "route_hops_mean"} {
		if v := rr[m]; v.IsNull() || v.Float() < 1 {
			t.Errorf("rr: %s = %s, want a mean of at least one hop", m, v.Format(results.Float))
		}
		if !rl[m].IsNull() {
			t.Errorf("rl: %s holds a value", m)
		}
	}
	if rr["route_hops_mean"].Float() < rr["route_len_mean"].Float() {
		t.Errorf("rr: hops travelled %g < shortest paths %g", rr["route_hops_mean"].Float(), rr["route_len_mean"].Float())
	}
}
