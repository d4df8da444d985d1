package plots

import (
	"math"
	"sort"
	"strings"
	"testing"
)

// The sampler keeps the count in force at each sample time (10^(k/perDecade)), a last
// sample at the end, and no more than maxLinkSamples however many changes it sees.
func TestLinkSampler(t *testing.T) {
	s := NewLinkSampler(1) // samples at 1, 10, 100, ...
	s.Record(0, 50)
	s.Record(5, 49)    // in force from 5: the sample at 1 still sees 50
	s.Record(10, 48)   // at 10 exactly: in force at the sample at 10
	s.Record(10.5, 47) // a change after 10
	s.Record(250, 30)
	tr := s.Trace(400)
	wantT, wantL := []float64{1, 10, 100, 400}, []int{50, 48, 47, 30}
	if len(tr.T) != len(wantT) {
		t.Fatalf("samples %v %v, want %v %v", tr.T, tr.Links, wantT, wantL)
	}
	for i := range wantT {
		if math.Abs(tr.T[i]-wantT[i]) > 1e-9 || tr.Links[i] != wantL[i] {
			t.Fatalf("samples %v %v, want %v %v", tr.T, tr.Links, wantT, wantL)
		}
	}
	many := NewLinkSampler(1000) // asks for more than a decade can hold: capped
	for i := range 2_000_000 {
		many.Record(float64(i)*1e-3, i%7)
	}
	if tr := many.Trace(1e12); len(tr.T) > maxLinkSamples || len(tr.T) < 100 {
		t.Fatalf("%d samples, want at most %d", len(tr.T), maxLinkSamples)
	}
}

// syntheticLinkTraces imitates the readings' shapes: a constant count (absent formation),
// a decay to a spanning tree at two speeds (any-pair at the network and the per-node
// rate), a tree that keeps changing (form) and one that freezes (skip).
func syntheticLinkTraces() []LinkTrace {
	var out []LinkTrace
	for p, panel := range []string{"A (network/absent/skip)", "B (per-node/absent/skip)", "C (network/any-pair/skip)", "F (per-node/any-pair/form)"} {
		for _, c := range []struct {
			series string
			links  float64
		}{{"20% connectivity", 87}, {"80% connectivity", 348}} {
			for rep := range 2 {
				s := NewLinkSampler(20)
				end := 60000 + 5000*float64(rep)
				rate := []float64{0, 0, 1.0 / 4000, 1.0 / 150}[p]
				for k := 0; k <= 500; k++ {
					tm := math.Pow(10, float64(k)/100)
					if tm > end {
						break
					}
					n := 29 + (c.links-29)*math.Exp(-rate*tm*(1+0.2*float64(rep)))
					if p == 3 && n < 31 {
						n = 29 + float64(k%2) // one link above a tree, changing
					}
					s.Record(tm, int(math.Round(n)))
				}
				tr := s.Trace(end)
				tr.Panel, tr.Series = panel, c.series
				tr.WindowStart, tr.WindowEnd = 6000+500*float64(rep), end-10
				at := sort.SearchFloat64s(tr.T, tr.WindowStart) // the first sample in the window
				tr.LinksStart, tr.LinksEnd = tr.Links[at], tr.Links[len(tr.Links)-1]
				out = append(out, tr)
			}
		}
	}
	return out
}

// TestGoldenLinkFigure: the link-count figure, two panels a row, two series, window marks.
func TestGoldenLinkFigure(t *testing.T) {
	fig, err := LinkFigure(syntheticLinkTraces(), 2, "Links against time (synthetic traces)")
	if err != nil {
		t.Fatal(err)
	}
	checkGolden(t, "walter2001-links", fig)
}

func TestLinkFigureRefusesBadTraces(t *testing.T) {
	if _, err := LinkFigure(nil, 2, ""); err == nil {
		t.Error("no traces: no error")
	}
	bad := []LinkTrace{{Panel: "A", T: []float64{1, 2}, Links: []int{3}}}
	if _, err := LinkFigure(bad, 2, ""); err == nil || !strings.Contains(err.Error(), "2 times and 1 counts") {
		t.Errorf("mismatched trace: %v", err)
	}
}
