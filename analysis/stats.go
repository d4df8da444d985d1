package analysis

import (
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// Stat summarises one metric over the trials of a group.
type Stat struct {
	N    int
	Mean float64
	SD   float64 // sample standard deviation (n-1 in the denominator)
	CI95 float64 // half-width of the 95% confidence interval of the mean: t(0.975, n-1)·SD/√n
}

// Acc accumulates a metric with Welford's algorithm: one pass, numerically stable, O(1) memory.
type Acc struct {
	n        int
	mean, m2 float64
}

// Add includes x.
func (a *Acc) Add(x float64) {
	a.n++
	d := x - a.mean
	a.mean += d / float64(a.n)
	a.m2 += d * (x - a.mean)
}

// Stat returns the summary so far. With one value SD and CI95 are NaN (no spread can be
// estimated from one trial); with none, Mean is NaN too.
func (a *Acc) Stat() Stat {
	s := Stat{N: a.n, Mean: a.mean, SD: math.NaN(), CI95: math.NaN()}
	if a.n == 0 {
		s.Mean = math.NaN()
	}
	if a.n >= 2 {
		s.SD = math.Sqrt(a.m2 / float64(a.n-1))
		s.CI95 = TQuantile(0.975, a.n-1) * s.SD / math.Sqrt(float64(a.n))
	}
	return s
}

// TQuantile returns the p-quantile of Student's t distribution with df degrees of freedom.
func TQuantile(p float64, df int) float64 {
	return distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(df)}.Quantile(p)
}
