package sweeps

import (
	"testing"

	"github.com/mutexlab/mutexlab/algorithms"
	"github.com/mutexlab/mutexlab/kernel"
)

// TestReadingsPresetSharesWalter2001Seeds: the walter2001-readings preset runs the paper's grid
// under every model reading with a larger starvation bound and event budget. Neither the
// readings nor those bounds enter a trial's seed, so its default-reading trials are exactly
// walter2001's (same seed at every point, replicate and algorithm): the study's reading A is
// the published reproduction, and every other reading is paired with it (common random numbers).
func TestReadingsPresetSharesWalter2001Seeds(t *testing.T) {
	base, err := Preset("walter2001")
	if err != nil {
		t.Fatal(err)
	}
	study, err := Preset("walter2001-readings")
	if err != nil {
		t.Fatal(err)
	}
	type key struct {
		algo            string
		conn, load, mob float64
		replicate       int
	}
	seeds := map[key]uint64{}
	for i := range base.NumTrials() {
		tr := base.Trial(i)
		p := tr.Params
		seeds[key{tr.Algorithm, p.Connectivity, p.Load, p.Mobility, tr.Replicate}] = p.Seed
	}
	matched := 0
	for i := range study.NumTrials() {
		tr := study.Trial(i)
		p := tr.Params
		want, ok := seeds[key{tr.Algorithm, p.Connectivity, p.Load, p.Mobility, tr.Replicate}]
		if !ok {
			t.Fatalf("walter2001-readings trial %d (%s) has no walter2001 counterpart", i, tr.Point)
		}
		if p.Seed != want {
			t.Fatalf("walter2001-readings trial %d (%s): seed %d, walter2001 has %d", i, tr.Point, p.Seed, want)
		}
		if p.MobilityRate == kernel.MobilityRate(0) && p.LinkFormation == kernel.LinkFormation(0) && p.NoDeletion == kernel.NoDeletion(0) {
			matched++
		}
	}
	if matched != base.NumTrials() {
		t.Errorf("%d default-reading trials in walter2001-readings, walter2001 has %d", matched, base.NumTrials())
	}
}

// TestStarveBoundDoesNotChangeATrial: the starvation bound only decides what counts as
// starvation; a trial that never reaches it gives the same measurements under any bound (the
// watchdog's own events change no tie between other events), which is why it stays out of the
// seed.
func TestStarveBoundDoesNotChangeATrial(t *testing.T) {
	base, err := Preset("walter2001")
	if err != nil {
		t.Fatal(err)
	}
	sim := kernel.NewSim()
	for _, i := range []int{0, 17, 400, 1111, 2500, 3239} {
		tr := base.Trial(i)
		p := tr.Params
		p.Warmup, p.Measure = 50, 300
		a, err := algorithms.New(tr.Algorithm)
		r1, err1 := sim.Run(p, a)
		p.StarveAfter = 1e6
		r2, err2 := sim.Run(p, a)
		if err != nil || err1 != nil || err2 != nil {
			t.Fatal(err, err1, err2)
		}
		if r1.WaitMean != r2.WaitMean || r1.MsgsTotal != r2.MsgsTotal || r1.SimTime != r2.SimTime || r1.LinkChanges != r2.LinkChanges {
			t.Errorf("%s %s: wait %v/%v msgs %d/%d time %v/%v under the default bound and 1e6", tr.Algorithm, tr.Point,
				r1.WaitMean, r2.WaitMean, r1.MsgsTotal, r2.MsgsTotal, r1.SimTime, r2.SimTime)
		}
	}
}

// The cost model counts link changes at the graph's rate: under the per-node reading a
// mobile trial changes n times as many links, and is estimated dearer by about that much.
func TestEstimateCountsPerNodeLinkChanges(t *testing.T) {
	p := kernel.DefaultParams()
	p.Mobility = 0.1
	p.Load = 1e-3
	network := estimateCost("rl", &p)
	p.MobilityRate = kernel.RatePerNode
	perNode := estimateCost("rl", &p)
	if perNode < 10*network {
		t.Errorf("per-node estimate %g, network %g: the per-node reading changes the graph %d times as often", perNode, network, p.N)
	}
}
