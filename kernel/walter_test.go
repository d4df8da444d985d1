package kernel_test

import (
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/rl"
	"github.com/mutexlab/mutexlab/algorithms/rr"
	"github.com/mutexlab/mutexlab/kernel"
)

// allReadings lists the eight combinations of the walter model's readings.
func allReadings() []kernel.Params {
	var out []kernel.Params
	for _, rate := range []kernel.MobilityRate{kernel.RateNetwork, kernel.RatePerNode} {
		for _, form := range []kernel.LinkFormation{kernel.FormAbsent, kernel.FormAnyPair} {
			for _, nd := range []kernel.NoDeletion{kernel.NoDeletionSkip, kernel.NoDeletionForm} {
				out = append(out, kernel.Params{MobilityRate: rate, LinkFormation: form, NoDeletion: nd})
			}
		}
	}
	return out
}

func withReadings(p, r kernel.Params) kernel.Params {
	p.MobilityRate, p.LinkFormation, p.NoDeletion = r.MobilityRate, r.LinkFormation, r.NoDeletion
	return p
}

func readingsName(p kernel.Params) string {
	return p.MobilityRate.String() + "/" + p.LinkFormation.String() + "/" + p.NoDeletion.String()
}

func TestReadingsParseAndValidate(t *testing.T) {
	for _, r := range kernel.Readings() {
		var p kernel.Params
		if got := r.Get(&p); got != r.Values[0] {
			t.Errorf("%s: the zero value reads %q, want the default %q", r.Key, got, r.Values[0])
		}
		for _, v := range r.Values {
			if err := r.Set(&p, v); err != nil || r.Get(&p) != v {
				t.Errorf("%s: Set(%q) then Get = %q, %v", r.Key, v, r.Get(&p), err)
			}
		}
		err := r.Set(&p, "sometimes")
		var pe *kernel.ParamError
		if !errors.As(err, &pe) || pe.Name != r.Key || !strings.Contains(pe.Msg, strings.Join(r.Values, ", ")) {
			t.Errorf("%s: a bad value gives %v, want a *ParamError naming %s and listing %v", r.Key, err, r.Key, r.Values)
		}
	}
	p := kernel.DefaultParams()
	p.LinkFormation = 7
	if err := p.Validate(); err == nil || !strings.HasPrefix(err.Error(), kernel.KeyLinkFormation+": ") {
		t.Errorf("an out-of-range reading validates: %v", err)
	}
	// A reading of another model than walter would have no effect: refused, naming the key.
	p = kernel.DefaultParams()
	p.Network, p.NoDeletion = "tvg", kernel.NoDeletionForm
	if err := p.Validate(); err == nil || !strings.HasPrefix(err.Error(), kernel.KeyNoDeletion+": ") || !strings.Contains(err.Error(), "tvg") {
		t.Errorf("a walter reading on tvg validates: %v", err)
	}
}

// recorder enters the CS at once and sends nothing, so its request times are a pure function
// of the request streams and no link is ever busy. It records the initial network.
type recorder struct {
	greedy
	edges [][2]int32
}

func (r *recorder) Name() string { return "recorder" }
func (r *recorder) Reset(env *kernel.Env) error {
	r.edges = r.edges[:0]
	for k := 0; k < env.Topo.NumLinks(); k++ {
		u, v := env.Topo.Link(k)
		r.edges = append(r.edges, [2]int32{min(u, v), max(u, v)})
	}
	slices.SortFunc(r.edges, func(a, b [2]int32) int { return int(a[0]-b[0])*1000 + int(a[1]-b[1]) })
	return nil
}
func (r *recorder) Checker() kernel.Checker { return anyChecker{} }

// TestReadingsShareRandomNumbers: on one seed, every reading starts from the same graph, sees
// the same request times (common random numbers, so results under two readings are paired),
// and the per-node rate replays the network rate's change epochs n times faster.
func TestReadingsShareRandomNumbers(t *testing.T) {
	p := kernel.DefaultParams()
	p.N, p.Connectivity, p.Load, p.Mobility, p.Seed = 12, 0.4, 0.05, 0.2, 3
	p.Warmup, p.Measure = 10, 150
	type run struct {
		edges    [][2]int32
		requests []string
		changes  []float64
	}
	sim := kernel.NewSim()
	var runs []run
	for _, r := range allReadings() {
		var got run
		sim.SetTrace(func(e kernel.TraceEvent) {
			if e.Kind == "request" {
				got.requests = append(got.requests, e.String())
			}
		})
		sim.SetLinkTrace(func(at float64, _ int) {
			if at > 0 && (len(got.changes) == 0 || got.changes[len(got.changes)-1] != at) {
				got.changes = append(got.changes, at)
			}
		})
		a := &recorder{}
		if _, err := sim.Run(withReadings(p, r), a); err != nil {
			t.Fatal(err)
		}
		got.edges = a.edges
		runs = append(runs, got)
	}
	sim.SetTrace(nil)
	sim.SetLinkTrace(nil)
	for k, got := range runs[1:] {
		name := readingsName(allReadings()[k+1])
		if !slices.Equal(got.edges, runs[0].edges) {
			t.Errorf("%s: another initial graph than the default readings", name)
		}
		if !slices.Equal(got.requests, runs[0].requests) {
			t.Errorf("%s: other request times than the default readings", name)
		}
	}
	// Readings 0 (network/absent/skip) and 4 (per-node/absent/skip): every change deletes
	// and forms (no link is ever busy and 26 links exceed a tree's 11), at epochs n times
	// closer together.
	net, node := runs[0].changes, runs[4].changes
	if len(net) < 20 || len(node) < len(net) {
		t.Fatalf("%d changes at the network rate, %d per node: too few to compare", len(net), len(node))
	}
	for k, at := range net {
		if want := at / float64(p.N); math.Abs(node[k]-want) > 1e-9*want {
			t.Fatalf("change %d at %g per node, want %g (network rate's %g / n)", k, node[k], want, at)
		}
	}
}

// TestReadingsMoveTheLinkCount pins what each reading does to the graph when no link is ever
// busy: the default keeps the count; any-pair thins the graph to a spanning tree, which then
// freezes (skip) or keeps changing around a tree (form); from a spanning tree, the default
// freezes and no_deletion = form grows one link and keeps it.
func TestReadingsMoveTheLinkCount(t *testing.T) {
	p := kernel.DefaultParams()
	p.N, p.Connectivity, p.Load, p.Mobility, p.Seed = 16, 0.5, 0.01, 2, 5
	p.Warmup, p.Measure = 100, 300
	sim := kernel.NewSim()
	run := func(p kernel.Params, r kernel.Params) kernel.Result {
		t.Helper()
		res, err := sim.Run(withReadings(p, r), &recorder{})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	tree := p.N - 1
	def := run(p, kernel.Params{})
	if def.Links != 60 || def.LinksStart != 60 || def.LinksEnd != 60 || !near(def.LinksMean, 60) ||
		def.LinkChanges == 0 || def.LinkDowns != def.LinkChanges || def.LinkUps != def.LinkChanges || def.LinkChangesSkipped != 0 {
		t.Errorf("default readings: %+v, want 60 links throughout and one deletion and formation per change", linkDiag(def))
	}
	skip := run(p, kernel.Params{LinkFormation: kernel.FormAnyPair})
	if skip.LinksStart != tree || skip.LinksEnd != tree || skip.LinkChanges != 0 || skip.LinkChangesSkipped == 0 || !near(skip.LinksMean, float64(tree)) {
		t.Errorf("any-pair/skip: %+v, want a frozen spanning tree (%d links) in the window", linkDiag(skip), tree)
	}
	form := run(p, kernel.Params{LinkFormation: kernel.FormAnyPair, NoDeletion: kernel.NoDeletionForm})
	// At a tree a change only forms; one link above it a change deletes a link of the one
	// cycle and forms again with probability (pairs - links) / pairs: never two above.
	if form.LinksEnd > tree+1 || form.LinksMean < float64(tree) || form.LinksMean > float64(tree+1) || form.LinkUps == 0 || form.LinkDowns == 0 {
		t.Errorf("any-pair/form: %+v, want the count at a tree (%d) or one above, and changing", linkDiag(form), tree)
	}
	p.Connectivity, p.Links = 0, tree
	frozen := run(p, kernel.Params{})
	if frozen.LinksEnd != tree || frozen.LinkChanges != 0 || frozen.LinkChangesSkipped == 0 {
		t.Errorf("default readings on a tree: %+v, want every change skipped", linkDiag(frozen))
	}
	grown := run(p, kernel.Params{NoDeletion: kernel.NoDeletionForm})
	if grown.LinksStart != tree+1 || grown.LinksEnd != tree+1 || grown.LinkChanges == 0 || grown.LinkChangesSkipped != 0 {
		t.Errorf("absent/form on a tree: %+v, want one link grown in the warm-up and the count kept after", linkDiag(grown))
	}
}

func near(x, want float64) bool { return math.Abs(x-want) <= 1e-9*math.Abs(want) }

func linkDiag(r kernel.Result) map[string]float64 {
	return map[string]float64{"links": float64(r.Links), "start": float64(r.LinksStart), "end": float64(r.LinksEnd),
		"mean": r.LinksMean, "changes": float64(r.LinkChanges), "skipped": float64(r.LinkChangesSkipped),
		"downs": float64(r.LinkDowns), "ups": float64(r.LinkUps)}
}

// TestLinkTraceMatchesDiagnostics: the trace starts with the initial network at time 0, moves
// by one link per sample, and integrated over the window gives LinksMean, LinksStart and
// LinksEnd, with LinkDowns + LinkUps samples inside it.
func TestLinkTraceMatchesDiagnostics(t *testing.T) {
	p := kernel.DefaultParams()
	p.N, p.Connectivity, p.Load, p.Mobility, p.Seed = 16, 0.5, 0.01, 0.5, 9
	p.Warmup, p.Measure = 50, 200
	p.LinkFormation, p.NoDeletion = kernel.FormAnyPair, kernel.NoDeletionForm
	type sample struct {
		t     float64
		links int
	}
	var tr []sample
	sim := kernel.NewSim()
	sim.SetLinkTrace(func(at float64, links int) { tr = append(tr, sample{at, links}) })
	r, err := sim.Run(p, &recorder{})
	sim.SetLinkTrace(nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(tr) < 10 || tr[0] != (sample{0, r.Links}) {
		t.Fatalf("trace starts %v (%d samples), want (0, %d) and many samples", tr[:min(len(tr), 1)], len(tr), r.Links)
	}
	lo, hi := r.WindowStart, r.WindowStart+r.WindowTime
	var area float64
	var inside int64
	cur, start := tr[0].links, tr[0].links // the count before the sample being read
	for k, s := range tr[1:] {
		if d := s.links - tr[k].links; d != 1 && d != -1 {
			t.Fatalf("sample %d moves the count by %d", k+1, d)
		}
		if s.t > hi {
			t.Fatalf("sample %d at %g, after the window closed at %g", k+1, s.t, hi)
		}
		if s.t <= lo {
			start = s.links
		} else {
			area += float64(cur) * (s.t - max(lo, tr[k].t))
			inside++
		}
		cur = s.links
	}
	area += float64(cur) * (hi - max(lo, tr[len(tr)-1].t))
	if start != r.LinksStart || cur != r.LinksEnd || inside != r.LinkDowns+r.LinkUps {
		t.Errorf("trace: start %d end %d, %d events in the window; result %+v", start, cur, inside, linkDiag(r))
	}
	if mean := area / r.WindowTime; math.Abs(mean-r.LinksMean) > 1e-9*mean {
		t.Errorf("trace time-average %g, LinksMean %g", mean, r.LinksMean)
	}
}

// TestTrialAllocsUnderReadings: the readings and the link diagnostics allocate nothing per
// event — a trial under the busiest readings (per-node rate, any-pair formation, forming when
// stuck) stays within the kernel's per-trial allocations, and so does RR with its route
// metrics.
func TestTrialAllocsUnderReadings(t *testing.T) {
	p := kernel.DefaultParams()
	p.Mobility, p.Load, p.Seed = 0.1, 0.1, 7
	p.Warmup, p.Measure = 100, 1000
	if testing.Short() {
		p.Measure = 300
	}
	p.MobilityRate, p.LinkFormation, p.NoDeletion = kernel.RatePerNode, kernel.FormAnyPair, kernel.NoDeletionForm
	t.Run("rl", func(t *testing.T) { checkTrialAllocs(t, p, rl.New()) })
	p.Measure = 300 // rr recomputes routes after every change: keep the test short
	t.Run("rr", func(t *testing.T) { checkTrialAllocs(t, p, rr.New()) })
}

// TestLinkDiagnosticsWithoutWindow: when crashes block every live node before the warm-up
// ends, no measurement window opens; the link counts are the ones at the end and the time
// average is NaN, not a number that reads as a measurement.
func TestLinkDiagnosticsWithoutWindow(t *testing.T) {
	p := kernel.DefaultParams()
	p.N, p.Connectivity, p.Load, p.Mobility, p.Seed = 8, 0.5, 0.5, 0.2, 3
	p.Warmup, p.Measure, p.StarveAfter = 1000, 100, 200
	p.Crashes = []kernel.Crash{{Node: 0, Time: 0.5}} // the token holder: nobody eats again
	r, err := kernel.NewSim().Run(p, rl.New())
	if err != nil {
		t.Fatal(err)
	}
	if r.CSEntries != 0 || !math.IsNaN(r.LinksMean) || r.LinksStart != r.LinksEnd || r.LinkDowns != 0 || r.LinkUps != 0 {
		t.Errorf("no window: %d entries measured, %+v; want NaN mean, start = end and no link events counted", r.CSEntries, linkDiag(r))
	}
}
