package stats

import (
	"math"
	"math/rand/v2"
	"testing"
)

// ar1 returns n observations of a stationary AR(1) process with mean mu and lag-one
// correlation phi (unit innovations): correlated like the waits of consecutive CS entries.
func ar1(r *rand.Rand, n int, mu, phi float64) []float64 {
	xs := make([]float64, n)
	x := r.NormFloat64() / math.Sqrt(1-phi*phi)
	for i := range xs {
		x = phi*x + r.NormFloat64()
		xs[i] = mu + x
	}
	return xs
}

func seriesOf(xs []float64) *Batches {
	var b Batches
	b.Reset()
	for _, x := range xs {
		b.Add(x)
	}
	return &b
}

// TestMSERFindsTheTransient: a series that decays linearly from 60 to 10 over its first 1,000
// observations, then stays at 10 (AR(1) noise), is cut at the end of the decay, within two
// batches, and the cut is trusted; a stationary series is cut near its start.
func TestMSERFindsTheTransient(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	xs := ar1(r, 4000, 10, 0.5)
	for i := range 1000 {
		xs[i] += 50 * float64(1000-i) / 1000
	}
	cut, ok := seriesOf(xs).MSER()
	if !ok || cut < 800 || cut > 1010 {
		t.Errorf("transient of 1,000: cut at %d (trusted %v), want about 1,000 and trusted", cut, ok)
	}
	cut, ok = seriesOf(ar1(r, 4000, 10, 0.5)).MSER()
	if !ok || cut > 400 {
		t.Errorf("stationary series: cut at %d (trusted %v), want near 0 and trusted", cut, ok)
	}
	// A series still rising at its end: the cut falls in its second half, untrusted.
	rising := make([]float64, 2000)
	for i := range rising {
		rising[i] = float64(i) + r.NormFloat64()
	}
	if cut, ok := seriesOf(rising).MSER(); ok {
		t.Errorf("rising series: cut at %d trusted, want untrusted", cut)
	}
	if _, ok := seriesOf(xs[:99]).MSER(); ok {
		t.Error("99 observations: MSER trusted, want too few batches")
	}
}

// TestBatchSeriesBounded: a series of a million observations keeps at most maxMSERBatches
// batch means, their sums add up to the series' (complete batches), and MSER on it finds the
// same transient as on a short series, to within a batch.
func TestBatchSeriesBounded(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	xs := ar1(r, 1_000_000, 5, 0.9)
	for i := range 200_000 {
		xs[i] += 100 * float64(200_000-i) / 200_000
	}
	b := seriesOf(xs)
	if len(b.sums) > maxMSERBatches || b.size < int64(len(xs))/maxMSERBatches {
		t.Fatalf("%d batches of %d observations for %d observations", len(b.sums), b.size, len(xs))
	}
	var got, want float64
	for _, s := range b.sums {
		got += s
	}
	for _, x := range xs[:int64(len(b.sums))*b.size] {
		want += x
	}
	if math.Abs(got-want) > 1e-6*math.Abs(want) {
		t.Errorf("batch sums add to %g, the observations to %g", got, want)
	}
	if cut, ok := b.MSER(); !ok || cut < 150_000 || cut > 200_000+b.size {
		t.Errorf("cut at %d (trusted %v, batches of %d), want about 200,000", cut, ok, b.size)
	}
}
