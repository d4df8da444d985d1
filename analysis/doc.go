// Package analysis turns trial rows into what a paper needs: per-group means with standard
// deviations and 95% confidence intervals (Student t over trials), paired comparisons of two
// algorithms run on common random numbers, tables as text, CSV, Markdown or LaTeX, and the
// comparison with the tables and findings of Walter, Welch and Vaidya (2001).
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
// t(0.975, n−1)·s/√n.
//
// # Paired comparisons
//
// Pair matches each trial of algorithm A with the trial of B that has the same seed and
// parameters (a sweep gives both algorithms the same seeds at every grid point and
// replicate) and reports, per group, the mean difference A−B with its paired CI and the
// ratio of means A/B with a delta-method CI (see PairStat).
//
// # Walter, Welch, Vaidya 2001
//
// WriteWalter2001Cells prints every cell of the paper's Tables 1 and 2; CheckWalter2001
// turns the qualitative findings of its section 6 into named assertions, each PASS, FAIL or
// SKIP (data absent) with the test applied and the numbers behind the verdict.
package analysis
