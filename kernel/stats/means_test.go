package stats

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestBatchMeansCoverage: over 400 independent AR(1) series (correlation 0.9, so a naive
// interval would be far too narrow), the 95% batch-means interval covers the true mean in
// 88% to 99% of them.
func TestBatchMeansCoverage(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	covered := 0
	const runs = 400
	for range runs {
		m, h := BatchMeansCI(ar1(r, 4000, 3, 0.9), WindowBatches)
		if math.Abs(m-3) <= h {
			covered++
		}
	}
	if c := float64(covered) / runs; c < 0.88 || c > 0.99 {
		t.Errorf("coverage %.3f, want about 0.95", c)
	}
	if _, h := BatchMeansCI(make([]float64, 39), WindowBatches); !math.IsNaN(h) {
		t.Errorf("39 observations: half-width %g, want NaN", h)
	}
}

// TestStability: the halves of a stationary series agree; a series with a drift of a third
// of its level across the window does not; a series too short is not judged.
func TestStability(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	if s := StabilityOf(ar1(r, 4000, 10, 0.5)); !s.Stable() {
		t.Errorf("stationary: %+v judged unstable", s)
	}
	xs := ar1(r, 4000, 10, 0.5)
	for i := range xs {
		xs[i] += 3 * float64(i) / 4000
	}
	if s := StabilityOf(xs); s.Stable() || !s.Known() {
		t.Errorf("drifting: %+v judged stable", s)
	}
	if s := StabilityOf(xs[:30]); s.Known() || s.Stable() {
		t.Errorf("30 observations: %+v judged", s)
	}
}
