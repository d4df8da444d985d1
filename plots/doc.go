// Package plots draws publication figures from aggregated results with gonum/plot.
//
// A figure is described by a LineSpec: a metric on the y axis against one parameter on the
// x axis, one line per combination of series parameters (for example algorithm ×
// connectivity), error bars from the 95% confidence intervals of the means, and optionally
// one panel per value of a facet parameter (small multiples: for example zero, low and high
// mobility). Panels share both axes. Figures are sized for a paper's column (3.5 in wide by
// default) and written as PNG (300 dpi), SVG or PDF, chosen by the file extension.
//
//	first, _ := analysis.Load(files[:1], nil)
//	p := plots.Preset{Name: "wait", Spec: plots.LineSpec{Metric: "wait_mean", X: "load",
//		Series: []string{"algorithm", "connectivity"}, Facet: "mobility"}}
//	d, _ := analysis.Load(files, p.Need(first.Available))
//	fig, err := p.FromDataset(d)
//	if err != nil {
//		return err
//	}
//	for _, n := range fig.Notes { // what the figure left out, and why
//		fmt.Fprintln(os.Stderr, n)
//	}
//	return fig.Save("fig.png")
//
// # What a figure shows
//
// Top to bottom: an optional title (LineSpec.Title; none by default, a paper sets its own
// caption), a caption line (Figure.Caption: trials per point, parameters fixed by Keep or
// holding one value in the data (FixedParams: network, workload and the algorithms' model
// parameters), parameters pooled — averaged over because they are neither x, series nor
// facet — and whether CIs are narrower than the markers), the legend in its own strip so
// it never covers data (columns as wide as their widest entry in the legend's font, two
// while they fit, else one, a label too long for one broken after a comma: every entry
// whole inside the figure), the panels, and the axis labels with units (AxisLabel, the one place a
// column name becomes "what (unit)"). Lines and panels come in ascending order, or in the
// order Keep lists the values.
//
// # Style
//
// Paul Tol's muted palette; every series has its own colour, dash pattern and marker, and
// each algorithm always the same ones (algorithmStyle: rl is an indigo solid line with
// filled circles in every figure). Dashed lines and open markers are drawn over solid lines
// and filled markers, so series that coincide (hk and rl at k = h = 1) both stay visible;
// no point is moved.
//
// # Log axes
//
// Auto picks a log axis when every value is positive and they span two decades or more.
// On an explicit Log axis, points whose x (or mean, for y) is ≤ 0 are left out and named in
// Figure.Notes; with none left Lines fails naming the values. Tick loops are bounded
// (maxDecades), so no range, however broken, can hang a figure; TestNoHangOnRandomData and
// FuzzLines check random data on random scales.
//
// # Figures of any sweep
//
// SweepFigures lays out figures for a grid of no preset (bench plot --figure auto, and the
// HTML page of such a file): each main metric (SweepMetrics: mean wait and messages per CS
// entry, and each algorithm family's own measure) against each grid axis that varies, one
// line per algorithm; the other varying axes become more lines up to MaxSweepSeries, then
// the panels (up to MaxSweepPanels values), then are held at their smallest value, which
// the figure's Notes name.
//
// # Subscripts
//
// Every text of a figure goes through one text handler (subscript.go) that draws λ_req as
// λ with a subscript: a Greek letter followed by an underscore and a word. Labels and
// captions keep the λ_req spelling as text.
//
// # Golden images
//
// Every preset, a custom figure, a figure of all eight algorithms, the sweep figures of
// two fixtures and BoundFigure are
// compared with images in testdata/golden/GOARCH (see golden_test.go; regenerate with
// go test ./plots -run 'Golden|BoundFigure' -regen). docs/figures.md shows every preset.
//
// Named figures (Figures, PresetByName) reproduce Figures 5 to 8 of Walter, Welch and
// Vaidya (2001) and draw the default figures of the jiang, lme and akw sweep presets.
// LinkFigure draws traces rather than means: the link count of a few trials against time,
// one panel per reading of the walter model (bench plot --figure walter2001-links; golden
// test TestGoldenLinkFigure).
package plots
