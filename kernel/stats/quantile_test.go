package stats

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestWaitQuantiles: the selected ranks equal the sorted order's, with ties, runs and sizes
// from 1 to 3,000.
func TestWaitQuantiles(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for trial := range 2000 {
		n := 1 + r.IntN(60)
		if trial%10 == 0 {
			n = 1 + r.IntN(3000)
		}
		xs := make([]float64, n)
		for k := range xs {
			switch trial % 4 {
			case 0:
				xs[k] = r.Float64() * 100
			case 1:
				xs[k] = float64(r.IntN(5)) // many ties
			case 2:
				xs[k] = float64(k) // sorted
			default:
				xs[k] = float64(n - k) // reversed
			}
		}
		sorted := slices.Sorted(slices.Values(xs))
		want50, want99 := sorted[NearestRank(n, 0.50)], sorted[NearestRank(n, 0.99)]
		p50, p99, mx := Quantiles(xs)
		if p50 != want50 || p99 != want99 || mx != sorted[n-1] {
			t.Fatalf("n=%d: got %v %v %v, want %v %v %v", n, p50, p99, mx, want50, want99, sorted[n-1])
		}
	}
}
