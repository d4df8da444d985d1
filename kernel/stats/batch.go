package stats

import "math"

// MSERBatch is MSER-5's batch size: the rule is applied to the means of consecutive
// batches of five observations, which smooths the series without hiding the transient.
const MSERBatch = 5

// maxMSERBatches bounds the memory of a batched series: when it is full, neighbouring
// batches merge two by two and the batch size doubles. A series of any length then costs at
// most maxMSERBatches floats, and MSER is applied to batches of 5·2^k observations (k the
// number of merges), which is MSER-5 while the series is shorter than 5·maxMSERBatches
// observations and a coarser MSER-m after: the truncation point it finds is a multiple of
// the batch size, so it is exact to within one batch.
const maxMSERBatches = 4096

// Batches keeps the batch means of a growing series in bounded memory: the series of
// MSER-5 (MSER). Its zero value is ready after Reset.
type Batches struct {
	size  int64     // observations per completed batch: MSERBatch·2^merges
	sums  []float64 // sums of the completed batches, oldest first
	cur   float64   // sum of the batch being filled
	curN  int64     // observations in it
	count int64     // observations added, in all
}

// Count is the number of observations added since Reset.
func (b *Batches) Count() int64 { return b.count }

// Complete is the number of completed batches (at most maxMSERBatches).
func (b *Batches) Complete() int { return len(b.sums) }

// Reset empties the series, keeping its storage.
func (b *Batches) Reset() {
	b.size, b.sums, b.cur, b.curN, b.count = MSERBatch, b.sums[:0], 0, 0, 0
}

// Add appends one observation.
func (b *Batches) Add(x float64) {
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

// MSER returns the MSER truncation point of the completed batches, in observations from the
// start of the series, and whether the rule trusts it: White's rule takes the d that
// minimises the marginal standard error
//
//	MSER(d) = Σ_{j>d} (Z_j − Z̄_d)² / (k − d)²,  Z̄_d = Σ_{j>d} Z_j / (k − d),
//
// over the k batch means Z_j, for d from 0 to k − mserKeep (the last mserKeep batch means
// are never all cut: with one or two left the statistic is zero by construction); the
// smallest such d on ties. A truncation point in the second half of the series means the
// transient may not be over (White; Hoad, Robinson and Davies 2010): ok is false then, and
// false when fewer than MSERMinBatches batches are complete.
func (b *Batches) MSER() (cut int64, ok bool) {
	k := len(b.sums)
	if k < MSERMinBatches {
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
	MSERMinBatches = 20 // batch means before MSER is consulted: 100 observations
)
