package stats

import (
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// WindowBatches is the number of batches of the batch-means confidence interval of a
// window's mean: Law and Kelton recommend 10 to 30 batches, few enough that the batch
// means are nearly independent, enough that the t quantile is not large. 20 also splits
// into two halves of 10 for the stability check.
const WindowBatches = 20

// BatchMeansCI returns the mean of xs and the half-width of its 95% confidence interval by
// the method of batch means: xs is cut into batches equal consecutive batches (the first
// len(xs) mod batches observations are left out of the interval, never out of the mean),
// and the half-width is t_{batches−1, 0.975} · s / √batches, s the standard deviation of
// the batch means. The half-width is NaN when a batch would hold fewer than two
// observations.
func BatchMeansCI(xs []float64, batches int) (mean, half float64) {
	mean = meanOf(xs)
	size := len(xs) / batches
	if size < 2 {
		return mean, math.NaN()
	}
	rest := xs[len(xs)-size*batches:]
	var m1, m2 float64
	for b := range batches {
		z := meanOf(rest[b*size : (b+1)*size])
		m1 += z
		m2 += z * z
	}
	bm := m1 / float64(batches)
	variance := max(m2-float64(batches)*bm*bm, 0) / float64(batches-1)
	t := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(batches - 1)}.Quantile(0.975)
	return mean, t * math.Sqrt(variance/float64(batches))
}

func meanOf(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

// Stability says whether a window's mean wait is stable: the means of its two halves, each
// with its batch-means 95% confidence half-width (10 batches each), agree when their
// difference is within the half-width of the difference, √(h1² + h2²). A window still in its
// transient, or too short for its autocorrelation, shows a drift between the halves that
// their intervals do not cover.
type Stability struct {
	FirstHalf, SecondHalf float64 // mean wait of each half of the window (in entry order)
	HalfWidth             float64 // √(h1² + h2²); NaN when a half has fewer than 20 entries
}

// Known reports whether the check could be made.
func (s Stability) Known() bool { return !math.IsNaN(s.HalfWidth) }

// Stable reports whether the halves agree (false when the check could not be made).
func (s Stability) Stable() bool {
	return s.Known() && math.Abs(s.FirstHalf-s.SecondHalf) <= s.HalfWidth
}

// StabilityOf compares the two halves of xs.
func StabilityOf(xs []float64) Stability {
	h := len(xs) / 2
	m1, h1 := BatchMeansCI(xs[:h], WindowBatches/2)
	m2, h2 := BatchMeansCI(xs[h:], WindowBatches/2)
	return Stability{FirstHalf: m1, SecondHalf: m2, HalfWidth: math.Hypot(h1, h2)}
}
