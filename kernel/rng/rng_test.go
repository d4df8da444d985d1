package rng

import (
	"math"
	"sort"
	"testing"
)

// TestExpFloat64IsExponential compares a million draws with the exponential distribution:
// mean and variance 1, and a Kolmogorov–Smirnov distance below the 0.1% critical value.
func TestExpFloat64IsExponential(t *testing.T) {
	var s Stream
	s.Seed(12345)
	const n = 1000000
	xs := make([]float64, n)
	sum, sum2 := 0.0, 0.0
	for k := range xs {
		x := s.ExpFloat64()
		if !(x >= 0) || math.IsInf(x, 0) {
			t.Fatalf("draw %d = %v", k, x)
		}
		xs[k] = x
		sum += x
		sum2 += x * x
	}
	mean := sum / n
	variance := sum2/n - mean*mean
	if math.Abs(mean-1) > 0.005 || math.Abs(variance-1) > 0.015 {
		t.Fatalf("mean %.4f variance %.4f, want 1 and 1", mean, variance)
	}
	sort.Float64s(xs)
	d := 0.0
	for k, x := range xs {
		cdf := 1 - math.Exp(-x)
		d = math.Max(d, math.Max(math.Abs(float64(k+1)/n-cdf), math.Abs(cdf-float64(k)/n)))
	}
	if crit := 1.95 / math.Sqrt(n); d > crit {
		t.Fatalf("KS distance %.5f > %.5f (0.1%% level)", d, crit)
	}
	// The tail beyond the last layer (x > 7.697) must be reached, at its rate exp(-7.697).
	tail := n - sort.SearchFloat64s(xs, expR)
	if want := n * math.Exp(-expR); math.Abs(float64(tail)-want) > 5*math.Sqrt(want) {
		t.Fatalf("%d draws beyond %g, want about %.0f", tail, expR, want)
	}
}

// TestIntNIsUniform checks every residue of a small n and rejects n <= 0.
func TestIntNIsUniform(t *testing.T) {
	var s Stream
	s.Seed(7)
	const n, draws = 7, 700000
	var count [n]int
	for range draws {
		count[s.IntN(n)]++
	}
	chi2 := 0.0
	for _, c := range count {
		e := float64(draws) / n
		chi2 += (float64(c) - e) * (float64(c) - e) / e
	}
	if chi2 > 22.46 { // chi-square, 6 degrees of freedom, 0.1% level
		t.Fatalf("chi-square %.1f for counts %v", chi2, count)
	}
	defer func() {
		if recover() == nil {
			t.Fatal("IntN(0) did not panic")
		}
	}()
	s.IntN(0)
}
