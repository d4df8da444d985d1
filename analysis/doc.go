// Package analysis turns trial rows into what a paper needs: per-group means with standard
// deviations and 95% confidence intervals (Student t over trials), paired comparisons of two
// algorithms run on common random numbers, tables as text, CSV, Markdown or LaTeX, the
// papers' qualitative findings checked as data, and response-time bounds checked with
// confidence intervals on growth exponents.
//
// # Aggregation
//
// Load reads only the named columns of one or more results files; Aggregate groups the rows
// by any parameter columns and keeps one Welford accumulator per (group, metric), so memory
// grows with the columns read and the number of groups. A million rows load and aggregate
// in about half a second (BenchmarkLoadAggregate). Numeric group keys are compared at 10
// significant digits, so 0.1+0.2 and 0.3 are one group.
//
//	d, err := analysis.Load(files, []string{"algorithm", "load", "wait_mean"})
//	if err != nil {
//		return err // one line, naming the file or the column and what is available
//	}
//	t, err := analysis.Aggregate(d, []string{"algorithm", "load"}, []string{"wait_mean"})
//	...
//	t.Write(os.Stdout, analysis.Markdown)
//
// For a group of n trials with mean x̄ and sample standard deviation s, the CI95 half-width is
// t(0.975, n−1)·s/√n. Aligned text goes through text/tabwriter.
//
// # Paired comparisons
//
// Pair matches each trial of algorithm A with the trial of B that has the same seed and
// parameters (a sweep gives both algorithms the same seeds at every grid point and
// replicate) and reports, per group, the mean difference A−B with its paired CI and the
// ratio of means A/B with a delta-method CI (see PairStat).
//
// # Claims as data
//
// A paper's qualitative findings are a Paper value: a view of the table (the axis values its
// findings refer to) and a list of Findings, each a name, the paper's words and one small
// test function. A test states its exact threshold (Check.Test), looks groups up by
// replicate (Check.Sample: a group the table lacks makes the finding SKIP, naming it), forms
// the compared quantity within each replicate (Difference, Ratio, PerReplicate) and records
// each comparison (Check.Claim; Check.QuietClaim for findings over hundreds of points, which
// list only the exceptions). Claim decides on the quantity's 95% confidence interval against
// the Region the paper's words allow (Decide): PASS inside, FAIL outside, INCONCLUSIVE when it
// straddles a bound, with the replicates per point that would likely settle it
// (TrialsToSettle). Exact values of deterministic workloads use Check.Mean and Check.Expect.
// Paper.Check gives one Assertion per finding, PASS, FAIL, INCONCLUSIVE or SKIP, with the
// comparisons that held out of those made and the measurement flags of the groups used
// (Flags: trials whose warm-up was too short, with no steady state MSER-5 can detect, or
// with an unstable window); Paper.Matrix checks the same findings on each subset of a table
// that has one value of a further column and WriteMatrix prints findings × values. Walter2001 holds the findings of Walter, Welch and Vaidya
// (2001), section 6; Walter2001Verdicts is the one computation of its verdicts on files,
// which bench report --paper and bench html both show; WriteWalter2001Cells prints every
// cell of its Tables 1 and 2. A new paper's findings are a new Paper value; see
// ExamplePaper.
//
// # Bound checks
//
// A response-time bound O(x^e) (BoundClaim; AKWBoundClaims for Attiya, Kogan and Welch) is
// checked on one point per trial: x the value of n, or the maximum degree δ the trial had,
// and y a worst-case statistic of the trial. `bench check bounds` uses the maximum response
// time over a fixed number of measured CS entries (1,000, after 5n discarded): a sample
// maximum grows with the number of samples, so every trial, at every x, takes the maximum of
// the same number, which estimates the same high quantile of the response time whatever x
// is; the discarded entries put every node past the start-up transient first.
//
// FitExponent fits log y = a + e·log x by ordinary least squares (gonum/stat
// LinearRegression) over every trial, with the slope's standard error
// SE = sqrt((1−R²)·Syy / ((N−2)·Sxx)) and the interval e ± t(1−α/2, N−2)·SE. A regression
// interval rather than a bootstrap over trials: with two to five trials per point a
// bootstrap resamples from two to five values (its percentiles are coarse and its spread is
// biased low by (k−1)/k), while the t interval pools the scatter of every point, is exact
// for normal scatter of log y and robust to the mild skew of a sample maximum's, and lack of
// fit of a straight line on log-log axes enlarges the residuals and so widens the interval: a
// curved response is less likely to be decided. TestFitExponentCoverage checks the 95%
// coverage on simulated data.
//
// Fit.Decide is the rule: PASS when the whole interval lies at or below e (the growth is
// shown to be no faster than the bound), FAIL when it lies above e (shown to be faster),
// MEASURED when it straddles e or the row has no claim. A PASS is evidence only if the same
// check would fail an algorithm that grows faster: `bench check bounds --power` runs a slowed
// variant of each PASS row (package internal/slowed) and it must FAIL. docs/claims.md shows a
// full run, the slowed variants' numbers and what the verdicts mean.
package analysis
