package analysis

import (
	"fmt"
	"math"
)

// The rule every statistical comparison of a finding follows (docs/claims.md, "Verdicts with
// statistics"). A finding compares groups of trials: RL's wait against RR's at one point, a
// wait at high load against the same at low load, a ratio against a band. The quantity is
// formed within each replicate (PerReplicate: paired by seed at one grid point, by replicate
// index across points), so its 95% confidence interval, mean ± t(0.975, n−1)·s/√n over the n
// replicates, rests on the spread of the paired quantity. The claim is a region of values,
// fixed from the paper's wording: "less than" is (−∞, 0), "within ±10%" is [−0.1, 0.1].
// Decide: PASS when the interval lies inside the region, FAIL when it lies outside, and
// INCONCLUSIVE when it straddles a boundary, or when fewer than two replicates give no
// interval at all.

// Region is the set of values a claim allows, Lo < x < Hi; an infinite bound leaves that side
// open.
type Region struct{ Lo, Hi float64 }

// Below is the region x < v; Above is x > v; Between is lo < x < hi.
func Below(v float64) Region        { return Region{math.Inf(-1), v} }
func Above(v float64) Region        { return Region{v, math.Inf(1)} }
func Between(lo, hi float64) Region { return Region{lo, hi} }

// Decide is the verdict of the quantity s against the claim r (an open region): PASS when
// the whole 95% interval lies inside r, FAIL when no point of it does (an interval of zero
// width on a boundary included: "less than" is false of a difference that is exactly 0 in
// every replicate), INCONCLUSIVE otherwise, and for a single replicate.
func Decide(s Stat, r Region) Verdict {
	if s.N < 2 || math.IsNaN(s.CI95) || math.IsNaN(s.Mean) {
		return Inconclusive
	}
	lo, hi := s.Mean-s.CI95, s.Mean+s.CI95
	switch {
	case lo > r.Lo && hi < r.Hi:
		return Pass
	case hi <= r.Lo || lo >= r.Hi:
		return Fail
	}
	return Inconclusive
}

// settlePower is the probability with which TrialsToSettle's number of replicates decides.
const settlePower = 0.8

// maxSettle bounds TrialsToSettle's answer: beyond it the comparison is as good as undecidable.
const maxSettle = 1_000_000

// TrialsToSettle estimates the replicates per point that would likely decide an inconclusive
// comparison: were the true mean and SD the observed ones, the smallest n at which a 95%
// interval clears the nearest boundary of r with probability settlePower, that is
// (t(0.975, n−1) + t(0.8, n−1))·SD/√n ≤ δ, with δ the distance from the mean to that
// boundary (the usual sample-size rule for a t test). 0 when it cannot be said: fewer than
// two replicates (no SD), or a mean on the boundary (δ = 0); maxSettle+1 beyond maxSettle.
func TrialsToSettle(s Stat, r Region) int {
	if s.N < 2 || math.IsNaN(s.SD) {
		return 0
	}
	delta := math.Min(math.Abs(s.Mean-r.Lo), math.Abs(s.Mean-r.Hi))
	if delta == 0 || math.IsNaN(delta) {
		return 0
	}
	if s.SD == 0 {
		return 2
	}
	need := func(n int) bool {
		return (TQuantile(0.975, n-1)+TQuantile(settlePower, n-1))*s.SD/math.Sqrt(float64(n)) <= delta
	}
	// The normal approximation is a lower bound; need is monotone in n (the t terms shrink
	// as n grows), so double from it, then bisect.
	z := (1.959963984540054 + 0.8416212335729143) * s.SD / delta
	if z*z > maxSettle {
		return maxSettle + 1
	}
	lo := max(2, int(math.Floor(z*z)))
	if need(lo) {
		return lo
	}
	hi := lo * 2
	for !need(hi) {
		if hi > maxSettle {
			return maxSettle + 1
		}
		lo, hi = hi, hi*2
	}
	for hi-lo > 1 { // need(hi) holds, need(lo) does not
		mid := (lo + hi) / 2
		if need(mid) {
			hi = mid
		} else {
			lo = mid
		}
	}
	return hi
}

// settleNote is the remark an inconclusive comparison's line ends with.
func settleNote(v Verdict, s Stat, r Region) string {
	if v != Inconclusive {
		return ""
	}
	switch n := TrialsToSettle(s, r); {
	case s.N < 2:
		return fmt.Sprintf("; %d replicate, no spread to judge: run 2 or more", s.N)
	case n == 0:
		return "; the mean lies on the threshold: no number of trials would likely settle it"
	case n > maxSettle:
		return fmt.Sprintf("; more than %d trials per point would be needed", maxSettle)
	default:
		return fmt.Sprintf("; about %d trials per point would likely settle it", n)
	}
}

// FormatInterval renders a paired quantity as "mean [lo, hi] (n=K)": its 95% interval and the
// replicates behind it; "mean (n=1)" without an interval, Missing with no replicate.
func FormatInterval(s Stat) string {
	switch {
	case s.N == 0 || math.IsNaN(s.Mean):
		return Missing + " (no replicate has both values)"
	case math.IsNaN(s.CI95):
		return fmt.Sprintf("%.4g (n=%d)", s.Mean, s.N)
	}
	return fmt.Sprintf("%.4g [%.4g, %.4g] (n=%d)", s.Mean, s.Mean-s.CI95, s.Mean+s.CI95, s.N)
}
