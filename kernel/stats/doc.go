// Package stats holds the statistics of one long simulation run that the kernel's
// measurement window applies to the waits of its critical-section entries, in entry order.
// They are plain functions of a series, kept apart from the window's phase logic so that
// each is tested on series whose answer is known, following simulation methodology (Law
// and Kelton, Simulation Modeling and Analysis, chapter 9).
//
// Quantiles (quantile.go): the median, the 99th percentile and the largest of n values by
// the nearest-rank method, the q-quantile being the value of sorted index
//
//	NearestRank(n, q) = max(⌈q·n⌉ − 1, 0),
//
// found by selection (Hoare's quickselect), not by sorting, with the sorted order's values.
//
// MSER-5 (batch.go): the truncation rule of White, Cobb and Spratt (2000) that finds where
// the initial transient ends. Over the k means Z_j of consecutive batches of 5 observations
// it takes the d that minimises the marginal standard error
//
//	MSER(d) = Σ_{j>d} (Z_j − Z̄_d)² / (k − d)²,  Z̄_d = Σ_{j>d} Z_j / (k − d),
//
// and trusts it only in the first half of the series. Batches keeps the batch means in
// bounded memory (batches merge two by two when full, so the rule becomes MSER-m with m =
// 5·2^merges on very long series).
//
// Batch means (means.go): a 95% confidence interval of a steady-state mean from one run,
// whose observations are correlated. The series is cut into b equal batches of means Z_j,
// and the half-width is
//
//	t_{b−1, 0.975} · s / √b,  s² = Σ_j (Z_j − Z̄)² / (b − 1).
//
// Stability compares the means of a window's two halves, each with its batch-means
// half-width h1, h2: they agree when |m1 − m2| ≤ √(h1² + h2²).
//
// It is the kernel's own machinery, not part of the API an algorithm builds on (the public
// packages are listed in internal/apilist): its exported names may change with the kernel.
package stats
