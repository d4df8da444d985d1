package analysis

import "math"

// The statistics a BoundClaim can measure (BoundClaim.Stat). Each is one number per trial,
// read from the trial's result by `bench check bounds`.
const (
	// StatWait is the maximum response time over the measured entries, in units of τ + ν.
	StatWait = ""
	// StatWaitStatic is the maximum over requests whose node stayed still from its request to
	// its CS entry (the metric wait_max_static), in units of τ + ν, on mobile trials where
	// half the nodes never move: Attiya, Kogan and Welch's response times are about nodes
	// that remain static (section 2, Definition 1). A trial with no such request has no value
	// and is left out of the fit (the row says how many).
	StatWaitStatic = "wait_static"
	// StatColorRange is akw1's color_range: the largest absolute value of a colour the
	// recolouring module produced (Lemma 4's Δ).
	StatColorRange = "color_range"
	// StatLemma1 is doorway1_time_max / doorway1_module_max: the longest static passage
	// through the first double doorway in units of the longest stay inside it (Lemma 1:
	// O(δT)).
	StatLemma1 = "lemma1"
	// StatLemma2 is doorway2_time_max / (doorway2_module_max · sdf_entries_max): the longest
	// static passage through the second double doorway in units of T·R (Lemma 2: O(δTR)).
	StatLemma2 = "lemma2"
)

// AKWResourceClaims are the claims of Attiya, Kogan and Welch that the response-time table
// (AKWBoundClaims) does not check: the response time of nodes that stay still in a mobile
// network, the colour ranges of the two recolouring procedures (section 4.4) and the two
// doorway lemmas (section 3).
//
// The still-node rows measure what Theorems 5 and 8 bound (the response time of a node that
// remains static while others move) and are measured only: on the small range where
// `--power` runs, the slowed variants' still-node maxima scatter too much for two or three
// trials a point to decide (intervals ±1.2–2.4 wide, docs/claims.md), so a PASS could not
// be shown to have power. The mobile rows of AKWBoundClaims keep the maximum over every
// request, whose power is shown.
//
// 1a's colours lie in a range O(δ) (exponent 1, checked; the mutant color-stride, whose
// colours are legal but spread by the port count, must FAIL it). 1b's range is O(δ²) in the
// paper; as built it is about q²(δ_known+1), with q the last prime of Linial's reduction and
// δ_known the degree bound the nodes are given (akw1's package doc), so it follows the known
// bound rather than the degree a trial reaches: measured only. Lemmas 1 and 2 bound a
// passage by O(δT) and O(δTR); the rows measure the passage in units of T (and R) and are
// measured only: no variant of the algorithm yet slows a passage without also slowing the
// module inside it, so a PASS could not be shown to have power.
var AKWResourceClaims = []BoundClaim{
	{Algorithm: "akw1", Setting: "mobile", Var: "n", Bound: "Theorem 5 (e = 1), measured", Exponent: math.NaN(), Source: "Theorem 5", Stat: StatWaitStatic},
	{Algorithm: "akw2", Setting: "mobile", Var: "n", Bound: "Theorem 8 (e = 2), measured", Exponent: math.NaN(), Source: "Theorem 8", Stat: StatWaitStatic},
	{Algorithm: "akw1", Setting: "mobile", Var: "δ", Bound: "Theorem 5 (e = 4), measured", Exponent: math.NaN(), Source: "Theorem 5", Stat: StatWaitStatic},
	{Algorithm: "akw1", Setting: "static", Var: "δ", Bound: "colours O(δ)", Exponent: 1, Source: "section 4.4.1, 1a", Stat: StatColorRange},
	{Algorithm: "akw1", Setting: "mobile", Var: "δ", Bound: "colours O(δ)", Exponent: 1, Source: "section 4.4.1, 1a", Stat: StatColorRange},
	{Algorithm: "akw1", Setting: "static", Var: "δ", Bound: "colours O(δ²)", Exponent: math.NaN(), Source: "section 4.4.2, 1b", Label: "akw1b", Linial: true, Stat: StatColorRange},
	{Algorithm: "akw1", Setting: "static", Var: "δ", Bound: "Lemma 1: O(δT)", Exponent: math.NaN(), Source: "Lemma 1", Stat: StatLemma1},
	{Algorithm: "akw1", Setting: "static", Var: "δ", Bound: "Lemma 2: O(δTR)", Exponent: math.NaN(), Source: "Lemma 2", Stat: StatLemma2},
}

// StatLabel names the claim's statistic for a table's column.
func (c BoundClaim) StatLabel() string {
	switch c.Stat {
	case StatWait:
		return "max wait/(τ+ν)"
	case StatWaitStatic:
		return "max still-node wait/(τ+ν)"
	}
	return c.Stat
}
