package hk_test

import (
	"math"
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/hk"
	"github.com/mutexlab/mutexlab/algotest"
	"github.com/mutexlab/mutexlab/kernel"
)

func heavy(seed uint64) kernel.Params {
	p := kernel.DefaultParams()
	p.N, p.Connectivity, p.Load, p.Mobility, p.Seed = 20, 0.3, 1, 0.01, seed
	p.Warmup, p.Measure = 100, 1000
	p.CSTime = 5 // longer than a hop, so that entries can overlap
	return p
}

// TestConcurrency: with CS time 5 (the token crosses a link in 1), k = 4 and h = 1 under heavy load, several nodes share the resources
// (mean resources in use after an entry well above 1, never above k, which the checker
// enforces); with h = k every request takes all resources, so exactly k are in use at every
// entry and RELEASE messages are needed whenever the token moved on.
func TestConcurrency(t *testing.T) {
	sim := kernel.NewSim()
	r, err := sim.Run(withAlgo(heavy(1), 4, 1, 1, 1), hk.New())
	if err != nil {
		t.Fatal(err)
	}
	if u := algotest.Metric(t, r, hk.MetricConcMean); u < 1.5 || u > 4 {
		t.Errorf("k=4, h=1, heavy load: mean resources in use %g, want in [1.5, 4]", u)
	}
	r, err = sim.Run(withAlgo(heavy(1), 4, 4, 1, 1), hk.New())
	if err != nil {
		t.Fatal(err)
	}
	if u := algotest.Metric(t, r, hk.MetricConcMean); u != 4 {
		t.Errorf("k=h=4: mean resources in use %g, want exactly 4", u)
	}
	r, err = sim.Run(withAlgo(heavy(1), 8, 0, 1, 1), hk.New())
	if err != nil {
		t.Fatal(err)
	}
	if rel := r.Msgs[hk.MsgRelease]; rel == 0 {
		t.Errorf("k=8, h uniform: no RELEASE message was sent")
	}
}

// TestPriorityOrder checks highest-priority-first service (Theorem 2) statistically: with 4
// classes, heavy load and no aging, class 1 waits fewer CS entries than class 4; priority
// inversions (an entry while a higher class waits since earlier) stay a minority, and with
// one class there are none by definition.
func TestPriorityOrder(t *testing.T) {
	sim := kernel.NewSim()
	var w1, w4, inv float64
	for seed := uint64(1); seed <= 4; seed++ {
		r, err := sim.Run(withAlgo(heavy(seed), 1, 1, 4, 0), hk.New())
		if err != nil {
			t.Fatal(err)
		}
		w1 += algotest.Metric(t, r, hk.MetricWait(1))
		w4 += algotest.Metric(t, r, hk.MetricWait(4))
		inv += algotest.Metric(t, r, hk.MetricInversions)
	}
	if !(w1 < w4) {
		t.Errorf("class 1 waits %g entries, class 4 waits %g: want class 1 served first", w1/4, w4/4)
	}
	if inv/4 > 0.5 {
		t.Errorf("inversions per CS %g, want a minority", inv/4)
	}
	r, err := sim.Run(withAlgo(heavy(1), 1, 1, 1, 0), hk.New())
	if err != nil {
		t.Fatal(err)
	}
	if x := algotest.Metric(t, r, hk.MetricInversions); x != 0 {
		t.Errorf("one class: %g inversions per CS, want 0", x)
	}
	if x := algotest.Metric(t, r, hk.MetricWait(2)); !math.IsNaN(x) {
		t.Errorf("one class: class-2 wait %g, want NaN (no such entries)", x)
	}
}

// TestValidate: bad parameters give a one-line *kernel.ParamError naming the parameter.
func TestValidate(t *testing.T) {
	cases := []struct {
		algo map[string]float64
		name string
	}{
		{map[string]float64{"k": 0}, "k"},
		{map[string]float64{"k": 2, "h": 3}, "h"},
		{map[string]float64{"k": 2, "h": 1.5}, "h"},
		{map[string]float64{"priority_levels": 5}, "priority_levels"},
		{map[string]float64{"priority_levels": 2, "priority_p1": 0.5, "priority_p2": 0.4}, "priority_p1"},
		{map[string]float64{"priority_levels": 2, "priority_p3": 0.5}, "priority_p3"},
		{map[string]float64{"aging": -1}, "aging"},
	}
	for _, c := range cases {
		p := kernel.DefaultParams()
		p.Algo = c.algo
		err := hk.Validate(&p)
		pe, ok := err.(*kernel.ParamError)
		if !ok || pe.Name != c.name || strings.Contains(err.Error(), "\n") {
			t.Errorf("%v: got %v, want a one-line error naming %s", c.algo, err, c.name)
		}
	}
	p := kernel.DefaultParams()
	p.Algo = map[string]float64{"k": 4, "h": 0, "priority_levels": 2, "priority_p1": 0.25, "priority_p2": 0.75}
	if err := hk.Validate(&p); err != nil {
		t.Errorf("valid parameters rejected: %v", err)
	}
}

// TestClassWaitsInTime: hk adds up the waits the kernel times, by priority class
// (MeasuredEntry): with 4 classes, heavy load and no aging, class 1 waits less time than
// class 4, and the overall mean wait lies between the class means.
func TestClassWaitsInTime(t *testing.T) {
	sim := kernel.NewSim()
	r, err := sim.Run(withAlgo(heavy(3), 1, 1, 4, 0), hk.New())
	if err != nil {
		t.Fatal(err)
	}
	c1, c4 := algotest.Metric(t, r, hk.MetricWaitTime(1)), algotest.Metric(t, r, hk.MetricWaitTime(4))
	if !(c1 < c4) {
		t.Fatalf("class 1 waits %g time units, class 4 waits %g: want class 1 served first", c1, c4)
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for c := 1; c <= 4; c++ {
		w := algotest.Metric(t, r, hk.MetricWaitTime(c))
		lo, hi = math.Min(lo, w), math.Max(hi, w)
	}
	if !(lo <= r.WaitMean && r.WaitMean <= hi) {
		t.Fatalf("overall mean wait %g outside the class means [%g, %g]", r.WaitMean, lo, hi)
	}
	one, err := sim.Run(withAlgo(heavy(3), 1, 1, 1, 0), hk.New())
	if err != nil {
		t.Fatal(err)
	}
	if w := algotest.Metric(t, one, hk.MetricWaitTime(1)); math.Abs(w-one.WaitMean) > 1e-9*one.WaitMean {
		t.Fatalf("one class: class-1 wait %g, overall %g: want equal", w, one.WaitMean)
	}
}

// maxTrialAllocs: a fixed number per trial, at most 19: the kernel's own (kernel/alloc_test.go
// allows 6), hk's Checker and its Metrics slice. What matters is that it does not grow with
// the trial's length: the handlers allocate nothing.
const maxTrialAllocs = 19

// TestTrialAllocs: on a warm simulator a whole hk trial allocates a fixed handful of times,
// and a trial twice as long no more (queues and per-node arrays are reused), under the
// paper's readings and under aging_at = token-pass with link_to = outgoing (aging at every
// token pass, RL's LINK rule).
func TestTrialAllocs(t *testing.T) {
	for _, readings := range [][2]float64{{hk.AgingCSExit, 0}, {hk.AgingTokenPass, 1}} {
		p := withAlgo(heavy(7), 4, 0, 4, 1)
		p.Algo[hk.ParamAgingAt], p.Algo[hk.ParamLinkTo] = readings[0], readings[1]
		p.Measure = 600
		allocsShort, allocsLong := algotest.TrialAllocs(t, hk.New(), p)
		if allocsShort > maxTrialAllocs || allocsLong > allocsShort {
			t.Errorf("readings %v: a trial allocates %v times, twice as long %v: want at most %d and no growth", readings, allocsShort, allocsLong, maxTrialAllocs)
		}
	}
}
