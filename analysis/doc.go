// Package analysis turns trial rows into what a paper needs: per-group means with standard
// deviations and 95% confidence intervals (Student t over trials), printed as aligned tables.
//
// Aggregation streams: a Table keeps one Welford accumulator per (group, metric), so summarising
// a million trials needs memory for the groups only.
package analysis
