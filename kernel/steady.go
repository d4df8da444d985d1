package kernel

import (
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// Steady-state statistics of one long run, as simulation methodology prescribes (Law and
// Kelton, Simulation Modeling and Analysis, chapter 9): the MSER-5 truncation rule of White,
// Cobb and Spratt (2000) to find where the initial transient ends, and the method of batch
// means for a confidence interval of a steady-state mean from a single run, whose
// observations are correlated. The kernel applies them to the series of waits in CS-entry
// order (window.go); they are plain functions of a series, so they are tested on series
// whose answer is known (steady_test.go).

// mserBatch is MSER-5's batch size: the rule is applied to the means of consecutive
// batches of five observations, which smooths the series without hiding the transient.
const mserBatch = 5

// maxMSERBatches bounds the memory of a batched series: when it is full, neighbouring
// batches merge two by two and the batch size doubles. A series of any length then costs at
// most maxMSERBatches floats, and MSER is applied to batches of 5·2^k observations (k the
// number of merges), which is MSER-5 while the series is shorter than 5·maxMSERBatches
// observations and a coarser MSER-m after: the truncation point it finds is a multiple of
// the batch size, so it is exact to within one batch.
const maxMSERBatches = 4096

// batchSeries keeps the batch means of a growing series in bounded memory.
type batchSeries struct {
	size  int64     // observations per completed batch: mserBatch·2^merges
	sums  []float64 // sums of the completed batches, oldest first
	cur   float64   // sum of the batch being filled
	curN  int64     // observations in it
	count int64     // observations added, in all
}

func (b *batchSeries) reset() {
	b.size, b.sums, b.cur, b.curN, b.count = mserBatch, b.sums[:0], 0, 0, 0
}

// add appends one observation.
func (b *batchSeries) add(x float64) {
	b.count++
	b.cur += x
	b.curN++
	if b.curN < b.size {
		return
	}
	if len(b.sums) == maxMSERBatches {
		half := len(b.sums) / 2
		for k := range half {
			b.sums[k] = b.sums[2*k] + b.sums[2*k+1]
		}
		b.sums = b.sums[:half]
		b.size *= 2
		if b.curN < b.size {
			return // the batch being filled now has room for as many again
		}
	}
	b.sums = append(b.sums, b.cur)
	b.cur, b.curN = 0, 0
}

// mser returns the MSER truncation point of the completed batches, in observations from the
// start of the series, and whether the rule trusts it: White's rule takes the d that
// minimises the marginal standard error
//
//	MSER(d) = Σ_{j>d} (Z_j − Z̄_d)² / (k − d)²,  Z̄_d = Σ_{j>d} Z_j / (k − d),
//
// over the k batch means Z_j, for d from 0 to k − mserKeep (the last mserKeep batch means
// are never all cut: with one or two left the statistic is zero by construction); the
// smallest such d on ties. A truncation point in the second half of the series means the
// transient may not be over (White; Hoad, Robinson and Davies 2010): ok is false then, and
// false when fewer than mserMinBatches batches are complete.
func (b *batchSeries) mser() (cut int64, ok bool) {
	k := len(b.sums)
	if k < mserMinBatches {
		return 0, false
	}
	size := float64(b.size)
	var s1, s2 float64 // suffix sums of Z and Z² from batch d on
	best, bestD := math.Inf(1), k-mserKeep
	for d := k - 1; d >= 0; d-- {
		z := b.sums[d] / size
		s1 += z
		s2 += z * z
		m := float64(k - d)
		if d > k-mserKeep {
			continue
		}
		ssd := max(s2-s1*s1/m, 0)
		if v := ssd / (m * m); v <= best {
			best, bestD = v, d
		}
	}
	return int64(bestD) * b.size, bestD <= k/2
}

const (
	mserKeep       = 5  // batch means MSER always keeps (see mser)
	mserMinBatches = 20 // batch means before MSER is consulted: 100 observations
)

// windowBatches is the number of batches of the batch-means confidence interval of a
// window's mean: Law and Kelton recommend 10 to 30 batches, few enough that the batch
// means are nearly independent, enough that the t quantile is not large. 20 also splits
// into two halves of 10 for the stability check.
const windowBatches = 20

// batchMeansCI returns the mean of xs and the half-width of its 95% confidence interval by
// the method of batch means: xs is cut into batches equal consecutive batches (the first
// len(xs) mod batches observations are left out of the interval, never out of the mean),
// and the half-width is t_{batches−1, 0.975} · s / √batches, s the standard deviation of
// the batch means. The half-width is NaN when a batch would hold fewer than two
// observations.
func batchMeansCI(xs []float64, batches int) (mean, half float64) {
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

// stabilityOf compares the two halves of xs.
func stabilityOf(xs []float64) Stability {
	h := len(xs) / 2
	m1, h1 := batchMeansCI(xs[:h], windowBatches/2)
	m2, h2 := batchMeansCI(xs[h:], windowBatches/2)
	return Stability{FirstHalf: m1, SecondHalf: m2, HalfWidth: math.Hypot(h1, h2)}
}
