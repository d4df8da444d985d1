package gme_test

import (
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/gme"
	"github.com/mutexlab/mutexlab/algorithms/rl"
	"github.com/mutexlab/mutexlab/algotest"
	"github.com/mutexlab/mutexlab/kernel"
)

// TestDegenerateLetsEveryoneIn: with m = 1 every request is for the same resource, so group
// mutual exclusion never makes a requester wait for another resource; a requester waits only
// until its REQUEST reaches a holder in the CS, or until the token reaches it. On the same
// seeds (same networks, link changes and request times) as RL, gme must therefore
//
//   - serve every request (no starvation) with at least one node per session and, on every
//     seed whose load makes requests overlap (λ_req ≥ 0.1), some entry that joins a running
//     session (max concurrency ≥ 2 where RL's is 1 by its mutual-exclusion check);
//   - move the token much less: overall at most half as many TOKEN messages as RL, since a
//     session serves many entries per token visit;
//   - make requesters wait less overall (sum of mean waits below RL's).
func TestDegenerateLetsEveryoneIn(t *testing.T) {
	sim := kernel.NewSim()
	var tokRL, tokGME int64
	var waitRL, waitGME float64
	for seed := uint64(1); seed <= 80; seed++ {
		p := algotest.RandomParams(seed)
		want, err := sim.Run(p, rl.New())
		if err != nil {
			t.Fatal(err)
		}
		got, err := sim.Run(withAlgo(p, 1, 0, 1), gme.New())
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		tokRL += algotest.Messages(want, "token")
		tokGME += algotest.Messages(got, "token")
		waitRL += want.WaitMean
		waitGME += got.WaitMean
		conc, session := algotest.Metric(t, got, gme.MetricConcMax), algotest.Metric(t, got, gme.MetricSession)
		if conc < 1 || session < 1 {
			t.Fatalf("seed %d: max concurrency %g, entries per session %g, want both >= 1", seed, conc, session)
		}
		if p.Load >= 0.1 && p.N > 2 && conc < 2 {
			t.Errorf("seed %d (n=%d, load %g): nobody ever joined a session (max concurrency %g)", seed, p.N, p.Load, conc)
		}
	}
	if tokGME*2 > tokRL {
		t.Errorf("m = 1: %d TOKEN messages, RL %d: want at most half", tokGME, tokRL)
	}
	if waitGME >= waitRL {
		t.Errorf("m = 1: sum of mean waits %g, RL %g: want less", waitGME, waitRL)
	}
	t.Logf("tokens gme %d rl %d; sum of mean waits gme %.1f rl %.1f", tokGME, tokRL, waitGME, waitRL)
}

func heavy(seed uint64) kernel.Params {
	p := kernel.DefaultParams()
	p.N, p.Connectivity, p.Load, p.Mobility, p.Seed = 20, 0.3, 0.5, 0.01, seed
	p.Warmup, p.Measure = 100, 1000
	return p
}

// TestConcurrencyFallsWithM: under heavy load, the more resources, the fewer requesters share
// a session: mean concurrency and entries per session fall from m = 1 to m = 8, and the
// sessions of m = 8 are short. Zipf (s = 2) concentrates requests on resource 0, so with m = 8
// it shares more than uniform.
func TestConcurrencyFallsWithM(t *testing.T) {
	sim := kernel.NewSim()
	run := func(m, dist, s float64) (conc, sess float64) {
		for seed := uint64(1); seed <= 3; seed++ {
			r, err := sim.Run(withAlgo(heavy(seed), m, dist, s), gme.New())
			if err != nil {
				t.Fatal(err)
			}
			conc += algotest.Metric(t, r, gme.MetricConcMean) / 3
			sess += algotest.Metric(t, r, gme.MetricSession) / 3
		}
		return
	}
	c1, s1 := run(1, gme.DistUniform, 1)
	c8, s8 := run(8, gme.DistUniform, 1)
	z8, zs8 := run(8, gme.DistZipf, 2)
	t.Logf("m=1: concurrency %.2f, session %.2f; m=8 uniform: %.2f, %.2f; m=8 Zipf(2): %.2f, %.2f", c1, s1, c8, s8, z8, zs8)
	if !(c1 > 2 && c1 > 1.5*c8) {
		t.Errorf("mean concurrency m=1 %.2f, m=8 %.2f: want m=1 above 2 and well above m=8", c1, c8)
	}
	if !(s1 > 2*s8) {
		t.Errorf("entries per session m=1 %.2f, m=8 %.2f: want m=1 more than twice m=8", s1, s8)
	}
	if !(z8 > c8 && zs8 > s8) {
		t.Errorf("m=8: Zipf(2) concurrency %.2f, session %.2f; uniform %.2f, %.2f: want Zipf higher", z8, zs8, c8, s8)
	}
}

// TestResourceDistribution: the drawn resources follow the configured distribution: uniform
// gives every resource about 1/m of the requests; Zipf(s) gives resource r a share
// ∝ 1/(r+1)^s.
func TestResourceDistribution(t *testing.T) {
	count := func(m, dist, s float64) []float64 {
		sim, a := kernel.NewSim(), gme.New()
		p := withAlgo(heavy(1), m, dist, s)
		hist := make([]float64, int(m))
		total := 0.0
		sim.SetTrace(func(e kernel.TraceEvent) {
			if e.Kind == "enter" {
				hist[a.Resource(e.Node)]++
				total++
			}
		})
		if _, err := sim.Run(p, a); err != nil {
			t.Fatal(err)
		}
		for r := range hist {
			hist[r] /= total
		}
		return hist
	}
	for r, f := range count(4, gme.DistUniform, 1) {
		if f < 0.2 || f > 0.3 {
			t.Errorf("uniform, m=4: resource %d has share %.3f, want about 0.25", r, f)
		}
	}
	z := count(4, gme.DistZipf, 1) // shares 12/25, 6/25, 4/25, 3/25
	for r, want := range []float64{0.48, 0.24, 0.16, 0.12} {
		if d := z[r] - want; d < -0.05 || d > 0.05 {
			t.Errorf("Zipf(1), m=4: resource %d has share %.3f, want about %.2f", r, z[r], want)
		}
	}
}

// TestValidate: bad parameters give a one-line *kernel.ParamError naming the parameter,
// before any trial runs (Run returns it from Reset too).
func TestValidate(t *testing.T) {
	cases := []struct {
		algo map[string]float64
		name string
	}{
		{map[string]float64{"m": 0}, "m"},
		{map[string]float64{"m": -3}, "m"},
		{map[string]float64{"m": 2.5}, "m"},
		{map[string]float64{"resource_dist": 2}, "resource_dist"},
		{map[string]float64{"resource_dist": 1, "zipf_s": 0}, "zipf_s"},
		{map[string]float64{"resource_dist": 1, "zipf_s": -1}, "zipf_s"},
	}
	for _, c := range cases {
		p := kernel.DefaultParams()
		p.Algo = c.algo
		err := gme.Validate(&p)
		pe, ok := err.(*kernel.ParamError)
		if !ok || pe.Name != c.name || strings.Contains(err.Error(), "\n") {
			t.Errorf("%v: got %v, want a one-line error naming %s", c.algo, err, c.name)
		}
		if _, err := kernel.NewSim().Run(p, gme.New()); err == nil {
			t.Errorf("%v: Run accepted the parameters", c.algo)
		}
	}
	p := kernel.DefaultParams()
	p.Algo = map[string]float64{"m": 8, "resource_dist": 1, "zipf_s": 0.5}
	if err := gme.Validate(&p); err != nil {
		t.Errorf("valid parameters rejected: %v", err)
	}
}

// TestDeterministic: a trial is a pure function of its parameters and seed, also on a reused
// simulator and algorithm instance (the resource draws come from the algorithm's stream).
func TestDeterministic(t *testing.T) {
	p := withAlgo(algotest.RandomParams(9), 4, gme.DistZipf, 1.2)
	p.Mobility = 0.5
	fresh, err := kernel.NewSim().Run(p, gme.New())
	if err != nil {
		t.Fatal(err)
	}
	sim, a := kernel.NewSim(), gme.New()
	for seed := uint64(100); seed < 104; seed++ {
		if _, err := sim.Run(randomAlgo(algotest.RandomParams(seed), seed), a); err != nil {
			t.Fatal(err)
		}
	}
	reused, err := sim.Run(p, a)
	if err != nil {
		t.Fatal(err)
	}
	if fresh.Events != reused.Events || fresh.WaitMean != reused.WaitMean || fresh.MsgsTotal != reused.MsgsTotal ||
		algotest.Metric(t, fresh, gme.MetricConcMean) != algotest.Metric(t, reused, gme.MetricConcMean) {
		t.Fatalf("same parameters, different results:\nfresh  %+v\nreused %+v", fresh, reused)
	}
}

// maxTrialAllocs: the kernel's own per-trial allocations (kernel/alloc_test.go allows 6)
// plus gme's: the Checker (one per trial) and the Metrics result slice.
const maxTrialAllocs = 9

// TestTrialAllocs: on a warm simulator a whole gme trial allocates a fixed handful of times,
// and a trial twice as long no more (the weight Sums, queues and the concurrent-entering
// watch are reused), under the paper's reading (m = 4) and with sessions extended
// (subtokens = session, m = 1, where extensions happen at every session).
func TestTrialAllocs(t *testing.T) {
	for _, sub := range []float64{gme.SubtokensInCS, gme.SubtokensSession} {
		m := map[float64]float64{gme.SubtokensInCS: 4, gme.SubtokensSession: 1}[sub]
		p := withAlgo(kernel.DefaultParams(), m, gme.DistUniform, 1)
		p.Algo[gme.ParamSubtokens] = sub
		p.Mobility, p.Load, p.Seed, p.Warmup, p.Measure = 0.1, 0.1, 7, 100, 600
		allocsShort, allocsLong := algotest.TrialAllocs(t, gme.New(), p)
		if allocsShort > maxTrialAllocs || allocsLong > allocsShort {
			t.Errorf("subtokens %s: a trial allocates %v times, twice as long %v: want at most %d and no growth",
				gme.SubtokensNames[int(sub)], allocsShort, allocsLong, maxTrialAllocs)
		}
	}
}
