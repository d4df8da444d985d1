// Package plots draws publication figures from aggregated results with gonum/plot.
//
// A figure is described by a LineSpec: a metric on the y axis against one parameter on the
// x axis, one line per combination of series parameters (for example algorithm ×
// connectivity), error bars from the 95% confidence intervals of the means, and optionally
// one panel per value of a facet parameter (small multiples: for example zero, low and high
// mobility). Panels share both axes; an axis is logarithmic when its values span two
// decades or more (or when the spec says so). The legend sits in its own strip above the
// panels, so it never covers data. Figures are sized for a paper's column (3.5 in wide by
// default) and written as PNG (300 dpi), SVG or PDF, chosen by the file extension.
//
//	d, _ := analysis.Load(files, []string{"algorithm", "connectivity", "load", "mobility", "wait_mean"})
//	t, _ := analysis.Aggregate(d, []string{"algorithm", "connectivity", "load", "mobility"}, []string{"wait_mean"})
//	fig, err := plots.Lines(t, plots.LineSpec{Metric: "wait_mean", X: "load",
//		Series: []string{"algorithm", "connectivity"}, Facet: "mobility"})
//	if err != nil {
//		return err
//	}
//	return fig.Save("fig.png")
//
// Named figures (Walter2001Figures) reproduce Figures 5 to 8 of Walter, Welch and Vaidya
// (2001) from a walter2001 sweep.
package plots
