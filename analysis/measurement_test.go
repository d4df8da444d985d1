package analysis

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/kernel/stats"
)

// TestMSERTrustedMatchesKernel: MSERTrusted, which places a recorded cut in its series,
// agrees with the kernel's own verdict (stats.Batches.MSER's ok) at every length of a series
// that settles after a transient and of one that keeps drifting, across the merges of the
// batch size; both verdicts occur.
func TestMSERTrustedMatchesKernel(t *testing.T) {
	series := map[string]func(i int, r *rand.Rand) float64{
		"settles": func(i int, r *rand.Rand) float64 { return r.Float64() + 50*float64(max(0, 300-i))/300 },
		"drifts":  func(i int, r *rand.Rand) float64 { return r.Float64() + float64(i)/1000 },
	}
	seen := map[bool]int{}
	for name, wait := range series {
		r := rand.New(rand.NewPCG(1, 2))
		var b stats.Batches
		b.Reset()
		for i := range 90_000 {
			b.Add(wait(i, r))
			if b.Complete() < stats.MSERMinBatches || i%13 != 0 && i < 20_470 {
				continue
			}
			cut, ok := b.MSER()
			if got := MSERTrusted(cut, b.Count()); got != ok {
				t.Fatalf("%s: %d observations, cut %d: MSERTrusted %v, the kernel %v", name, b.Count(), cut, got, ok)
			}
			seen[ok]++
		}
	}
	if seen[true] == 0 || seen[false] == 0 {
		t.Errorf("verdicts seen %v: the series do not exercise both", seen)
	}
}

// TestFlagsTellNoSteadyState: a warmup_too_short trial whose cut lies in the second half of
// its series counts as no steady state, with the advice to measure longer and no cut quoted
// to raise the warm-up to; one whose cut lies in the first half counts as a warm-up too
// short, its cut quoted.
func TestFlagsTellNoSteadyState(t *testing.T) {
	d := &Dataset{rows: 3, cols: map[string]*Column{
		"warmup_too_short": {Name: "warmup_too_short", Str: []string{"true", "true", "false"}},
		"wait_stable":      {Name: "wait_stable", Str: []string{"true", "true", "true"}},
		"warmup_mser_cut":  {Name: "warmup_mser_cut", Num: []float64{2175, 255, 10}},
		"warmup_entries":   {Name: "warmup_entries", Num: []float64{200, 200, 200}},
		"cs_entries":       {Name: "cs_entries", Num: []float64{2000, 2000, 2000}},
	}}
	f := CountFlags(d)
	if f.Trials != 3 || f.Flagged != 2 || f.WarmupShort != 1 || f.NoSteady != 1 || f.MaxCut != 255 {
		t.Fatalf("flags %+v, want 1 warm-up too short (cut 255), 1 no steady state, 2 flagged of 3", f)
	}
	advice := f.Advice()
	if len(advice) != 2 || !strings.Contains(advice[0], "up to 255 CS entries") || !strings.Contains(advice[0], "--warmup N") {
		t.Errorf("warm-up advice: %q", advice)
	}
	if len(advice) == 2 && (!strings.Contains(advice[1], "no steady state detected by MSER-5 (cut in the second half") || !strings.Contains(advice[1], "--measure N") || strings.Contains(advice[1], "--warmup")) {
		t.Errorf("no-steady-state advice: %q", advice[1])
	}
	if got := FlagCell(f); got != "1 warm-up, 1 no steady state" {
		t.Errorf("FlagCell %q", got)
	}
	delete(d.cols, "cs_entries") // an older file: the cut cannot be placed, the flag keeps its meaning
	if f := CountFlags(d); f.WarmupShort != 2 || f.NoSteady != 0 {
		t.Errorf("without cs_entries: %+v, want both counted as warm-up too short", f)
	}
}
