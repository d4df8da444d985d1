package stats

import (
	"math"
	"slices"
)

// Quantiles returns the median, the 99th percentile and the largest of xs (not empty,
// no NaN) by the nearest-rank method, reordering xs. It selects the two ranks instead of
// sorting: a trial's result sorted its 2,000 waits, 3% of BenchmarkRL at n = 30. The values
// are the sorted order's, so the results are the same.
func Quantiles(xs []float64) (p50, p99, max float64) {
	k50, k99 := NearestRank(len(xs), 0.50), NearestRank(len(xs), 0.99)
	p99 = SelectRank(xs, k99) // xs[:k99] now holds the k99 smallest
	p50 = p99
	if k50 < k99 {
		p50 = SelectRank(xs[:k99], k50)
	}
	max = slices.Max(xs[k99:])
	return p50, p99, max
}

// NearestRank is the index in sorted order of the q-quantile of n values by the
// nearest-rank method: the smallest value with at least q·n values at or below it.
func NearestRank(n int, q float64) int {
	return max(int(math.Ceil(q*float64(n)))-1, 0)
}

// SelectRank reorders xs so that xs[k] is the value sorted order puts there, every value
// before it no larger and every value after it no smaller, and returns it (Hoare's
// quickselect with a median-of-three pivot; after 64 rounds, which random data never
// reaches, it sorts what is left).
func SelectRank(xs []float64, k int) float64 {
	lo, hi := 0, len(xs)-1
	for round := 0; lo < hi; round++ {
		if round == 64 {
			slices.Sort(xs[lo : hi+1])
			break
		}
		i, j := partition(xs, lo, hi)
		switch {
		case k <= j:
			hi = j
		case k >= i:
			lo = i
		default:
			return xs[k]
		}
	}
	return xs[k]
}

// partition splits xs[lo:hi+1] around a median-of-three pivot: afterwards every value at
// or before j is at most the pivot, every value at or after i at least, and those between
// equal it.
func partition(xs []float64, lo, hi int) (i, j int) {
	mid := lo + (hi-lo)/2
	a, b, c := xs[lo], xs[mid], xs[hi]
	pivot := max(min(a, b), min(max(a, b), c))
	i, j = lo, hi
	for i <= j {
		for xs[i] < pivot {
			i++
		}
		for xs[j] > pivot {
			j--
		}
		if i <= j {
			xs[i], xs[j] = xs[j], xs[i]
			i++
			j--
		}
	}
	return i, j
}
