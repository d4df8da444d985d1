package sweeps

import (
	"math"
	"testing"

	"github.com/mutexlab/mutexlab/algorithms"
	"github.com/mutexlab/mutexlab/kernel"
)

// pinnedTrials are fixed values, not recomputed by the code under test: a
// trial's index, grid point, seed and measurements in the presets whose results people have
// published must never change, whatever becomes of the code that enumerates and seeds them.
var pinnedTrials = []struct {
	preset    string
	index     int
	point     string
	replicate int
	algorithm string
	seed      uint64
	events    int64
	entries   int64
	msgs      int64
	waitBits  uint64 // math.Float64bits of the mean wait
	changes   int64
	links     int
}{
	{"default", 0, "n=30 connectivity=0.2 load=0.001 mobility=0 delay=1 warmup=200 measure=2000", 0, "rl", 11507355218413334811, 34054, 2000, 27058, 0x401e305d3573e722, 0, 87},
	{"default", 5, "n=30 connectivity=0.2 load=0.001 mobility=0 delay=1 warmup=200 measure=2000", 2, "rr", 15219055390363489158, 33810, 2000, 26718, 0x402d25614ea52ecd, 0, 87},
	{"default", 17, "n=30 connectivity=0.2 load=0.001 mobility=0.1 delay=1 warmup=200 measure=2000", 2, "rr", 12378096685381487311, 41943, 2000, 27695, 0x402e4ce94e7b9925, 6613, 87},
	{"default", 40, "n=30 connectivity=0.2 load=1 mobility=0.1 delay=1 warmup=200 measure=2000", 2, "rl", 14085667678809804474, 27541, 2000, 20195, 0x40554c59c0ead979, 552, 87},
	{"default", 63, "n=30 connectivity=0.8 load=0.001 mobility=0.1 delay=1 warmup=200 measure=2000", 1, "rr", 4483726122591923200, 23293, 2000, 10418, 0x4015af95e7d96ac9, 6624, 348},
	{"default", 95, "n=30 connectivity=0.8 load=1 mobility=0.1 delay=1 warmup=200 measure=2000", 5, "rr", 2200873561417268174, 15184, 2000, 8994, 0x4057dfce41ac0243, 655, 348},
	{"walter2001", 0, "n=30 connectivity=0.1 load=0.0001 mobility=0 delay=1 warmup=200 measure=2000", 0, "rl", 4502200270424613048, 34751, 2000, 27688, 0x402137caf6c1760c, 0, 43},
	{"walter2001", 13, "n=30 connectivity=0.1 load=0.0001 mobility=0.01 delay=1 warmup=200 measure=2000", 0, "rr", 4608066770350702161, 81746, 2000, 63532, 0x40403e0537b606dc, 6657, 43},
	{"walter2001", 700, "n=30 connectivity=0.3 load=0.000316227766017 mobility=0.01 delay=1 warmup=200 measure=2000", 2, "rl", 133898774587465639, 41178, 2000, 31088, 0x40168480984076ba, 2072, 130},
	{"walter2001", 1391, "n=30 connectivity=0.5 load=0.001 mobility=0.01 delay=1 warmup=200 measure=2000", 5, "rr", 1389877765561458350, 20936, 2000, 14492, 0x401e66dfe1ca0411, 624, 217},
	{"walter2001", 2222, "n=30 connectivity=0.7 load=0.316227766017 mobility=0.1 delay=1 warmup=200 measure=2000", 1, "rl", 13581153136632732930, 58628, 2000, 48084, 0x4054e7c157fd65ba, 582, 304},
	{"walter2001", 3239, "n=30 connectivity=1 load=1 mobility=0.1 delay=1 warmup=200 measure=2000", 5, "rr", 2430600502985597383, 13751, 2000, 7732, 0x40557fb576a15ee7, 617, 435},
}

// TestPresetTrialsArePinned: published presets enumerate, seed and measure their trials
// exactly as they always have (the seeds are common random numbers across algorithms and
// must survive any rework of the sweep code).
func TestPresetTrialsArePinned(t *testing.T) {
	specs := map[string]*Spec{}
	for _, w := range pinnedTrials {
		s := specs[w.preset]
		if s == nil {
			var err error
			if s, err = Preset(w.preset); err != nil {
				t.Fatal(err)
			}
			specs[w.preset] = s
		}
		tr := s.Trial(w.index)
		if tr.Point.String() != w.point || tr.Replicate != w.replicate || tr.Algorithm != w.algorithm || tr.Params.Seed != w.seed {
			t.Errorf("%s trial %d: %s replicate %d %s seed %d, want %s replicate %d %s seed %d", w.preset, w.index,
				tr.Point, tr.Replicate, tr.Algorithm, tr.Params.Seed, w.point, w.replicate, w.algorithm, w.seed)
			continue
		}
		a, err := algorithms.New(tr.Algorithm)
		if err != nil {
			t.Fatal(err)
		}
		r, err := kernel.NewSim().Run(tr.Params, a)
		if err != nil {
			t.Fatalf("%s trial %d: %v", w.preset, w.index, err)
		}
		if r.Events != w.events || r.CSEntries != w.entries || r.MsgsTotal != w.msgs || math.Float64bits(r.WaitMean) != w.waitBits ||
			r.LinkChanges != w.changes || r.Links != w.links {
			t.Errorf("%s trial %d: events %d entries %d msgs %d wait %v changes %d links %d, want %d %d %d %v %d %d", w.preset, w.index,
				r.Events, r.CSEntries, r.MsgsTotal, r.WaitMean, r.LinkChanges, r.Links,
				w.events, w.entries, w.msgs, math.Float64frombits(w.waitBits), w.changes, w.links)
		}
	}
}
