package analysis

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestDecideRegion: PASS when the interval lies inside the claim's region, FAIL when outside
// (a zero-width interval on the boundary included), INCONCLUSIVE when it straddles a bound
// or there is no interval.
func TestDecideRegion(t *testing.T) {
	for _, c := range []struct {
		s    Stat
		r    Region
		want Verdict
	}{
		{Stat{N: 6, Mean: -2, SD: 1, CI95: 1}, Below(0), Pass},
		{Stat{N: 6, Mean: 2, SD: 1, CI95: 1}, Below(0), Fail},
		{Stat{N: 6, Mean: 0.5, SD: 1, CI95: 1}, Below(0), Inconclusive},
		{Stat{N: 6, Mean: 0, SD: 0, CI95: 0}, Below(0), Fail},
		{Stat{N: 1, Mean: -5, SD: math.NaN(), CI95: math.NaN()}, Below(0), Inconclusive},
		{Stat{N: 6, Mean: 2, SD: 0.1, CI95: 0.1}, Between(1.5, 2.5), Pass},
		{Stat{N: 6, Mean: 2.45, SD: 0.1, CI95: 0.1}, Between(1.5, 2.5), Inconclusive},
		{Stat{N: 6, Mean: 3, SD: 0.1, CI95: 0.1}, Between(1.5, 2.5), Fail},
		{Stat{N: 6, Mean: 1, SD: 0.1, CI95: 0.1}, Between(1.5, 2.5), Fail},
		{Stat{N: 6, Mean: 120, SD: 1, CI95: 1}, Above(100), Pass},
	} {
		if got := Decide(c.s, c.r); got != c.want {
			t.Errorf("Decide(%+v, %+v) = %s, want %s", c.s, c.r, got, c.want)
		}
	}
}

// TestTrialsToSettlePower: were the observed mean and SD the truth, running the number of
// replicates TrialsToSettle gives decides the comparison about 80% of the time (simulated
// normal replicates, 4,000 experiments per case).
func TestTrialsToSettlePower(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, c := range []struct{ mean, sd float64 }{{-1, 2}, {-0.5, 3}, {-3, 2}} {
		n := TrialsToSettle(Stat{N: 6, Mean: c.mean, SD: c.sd}, Below(0))
		if n < 2 {
			t.Fatalf("mean %g sd %g: %d trials", c.mean, c.sd, n)
		}
		decided := 0
		const experiments = 4000
		for range experiments {
			var a Acc
			for range n {
				a.Add(c.mean + c.sd*rng.NormFloat64())
			}
			if Decide(a.Stat(), Below(0)) == Pass {
				decided++
			}
		}
		if p := float64(decided) / experiments; p < 0.77 || p > 0.86 {
			t.Errorf("mean %g sd %g: %d trials decide in %.3f of experiments, want about %.2f", c.mean, c.sd, n, p, settlePower)
		}
	}
	if n := TrialsToSettle(Stat{N: 6, Mean: 0, SD: 1}, Below(0)); n != 0 {
		t.Errorf("mean on the threshold: %d trials, want 0 (cannot be said)", n)
	}
}

// TestFindingInconclusive: where RL's and RR's waits differ by noise around zero at one
// point, rl-waits-less-than-rr is neither PASS nor FAIL: its line shows the paired
// difference, its interval and the trials per point that would likely settle it.
func TestFindingInconclusive(t *testing.T) {
	noisy := func(metric, alg string, load, mob, conn float64) float64 {
		v := paperModel(metric, alg, load, mob, conn)
		if metric == "wait_mean" && alg == "rr" && load == 1e-2 && mob == 0 && conn == 1 {
			return paperModel(metric, "rl", load, mob, conn) // the same as RL ±1% per replicate
		}
		return v
	}
	tab := NewSampledTable(walter2001By, walter2001Metrics)
	for _, alg := range []string{"rl", "rr"} {
		for _, load := range []float64{1e-4, 1e-3, 1e-2, 1} {
			for _, mob := range []float64{0, 1e-2, 1e-1} {
				for _, conn := range []float64{0.1, 0.2, 0.5, 0.8, 1} {
					for rep, f := range []float64{1, 1.02, 0.99, 1.01} {
						if alg == "rr" {
							f = []float64{1.03, 0.99, 1.02, 1}[rep] // RR's noise is not RL's
						}
						key := []string{alg, FormatValue(load), FormatValue(mob), FormatValue(conn)}
						tab.Add(key, []float64{noisy("wait_mean", alg, load, mob, conn) * f, noisy("msgs_per_cs", alg, load, mob, conn)})
					}
				}
			}
		}
	}
	tab.Sort()
	a := verdicts(tab)["rl-waits-less-than-rr"]
	text := strings.Join(a.Evidence, "\n")
	if a.Verdict != Inconclusive || a.Failed != 0 || a.Compared-a.Held != 1 {
		t.Fatalf("%s %d/%d (%d failed), want INCONCLUSIVE at one point\n%s", a.Verdict, a.Held, a.Compared, a.Failed, text)
	}
	if !strings.Contains(text, "INCONCLUSIVE load=0.01 zero mobility conn=100%: wait RL − RR = ") ||
		!strings.Contains(text, "trials per point would likely settle it") || strings.Contains(text, "FAIL  ") {
		t.Errorf("evidence:\n%s", text)
	}
}
