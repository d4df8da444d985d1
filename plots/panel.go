package plots

import (
	"image/color"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

const (
	tickSize    = 7
	labelSize   = 8
	legendSize  = 7
	captionSize = 6.5
)

// panelPlot draws one panel: grid, then every series' line, then error bars, then markers,
// so no line hides a bar or a marker. Solid lines go first and dashed ones over them, and
// filled markers before outline ones, so two series that coincide (hk and rl at
// k = h = 1) both stay visible. Nothing is moved off its value.
func (s LineSpec) panelPlot(p *panel, ax axes, st *seriesStyler) (*plot.Plot, error) {
	pl := newPlot()
	s.styleAxes(pl, ax)
	if p.facet != "" {
		pl.Title.Text = s.Label(s.Facet, p.facet)
		pl.Title.TextStyle.Font.Size = labelSize
		pl.Title.Padding = vg.Points(2)
	}
	grid := plotter.NewGrid()
	grid.Vertical.Color, grid.Horizontal.Color = color.Gray{Y: 225}, color.Gray{Y: 225}
	pl.Add(grid)
	lines := slices.Clone(p.lines)
	slices.SortStableFunc(lines, func(a, b *line) int {
		return boolOrder(st.style(a.key).Dashes != nil, st.style(b.key).Dashes != nil)
	})
	var bars, filled, hollow []plot.Plotter
	for _, l := range lines {
		sty := st.style(l.key)
		xys := make(plotter.XYs, len(l.points))
		errs := make(plotter.YErrors, len(l.points))
		for j, pt := range l.points {
			xys[j] = plotter.XY{X: pt.x, Y: pt.y}
			errs[j] = struct{ Low, High float64 }{barLow(pt, ax), pt.ci}
		}
		ln, err := plotter.NewLine(xys)
		if err != nil {
			return nil, err
		}
		ln.LineStyle = sty.lineStyle()
		sc, err := plotter.NewScatter(xys)
		if err != nil {
			return nil, err
		}
		sc.GlyphStyle = sty.glyphStyle()
		eb, err := plotter.NewYErrorBars(struct {
			plotter.XYs
			plotter.YErrors
		}{xys, errs})
		if err != nil {
			return nil, err
		}
		eb.LineStyle = ln.LineStyle
		eb.LineStyle.Dashes, eb.LineStyle.Width = nil, vg.Points(0.6)
		eb.CapWidth = vg.Points(5) // wider than a marker, so a short bar still shows
		pl.Add(ln)
		bars = append(bars, eb)
		if sty.Marker.filled {
			filled = append(filled, sc)
		} else {
			hollow = append(hollow, sc)
		}
	}
	pl.Add(slices.Concat(bars, filled, hollow)...)
	// Add widened the ranges to the data's; the shared ranges win.
	pl.X.Min, pl.X.Max, pl.Y.Min, pl.Y.Max = ax.xmin, ax.xmax, ax.ymin, ax.ymax
	return pl, nil
}

// styleAxes sets scales, tick markers and sizes. Axis labels are drawn once for the whole
// figure (see drawBody): gonum centres a label at the linear midpoint of the range, which
// on a log axis makes it reserve space at the wrong end.
func (s LineSpec) styleAxes(pl *plot.Plot, ax axes) {
	if ax.logX {
		pl.X.Scale, pl.X.Tick.Marker = plot.LogScale{}, logTicks{}
	}
	if ax.logY {
		pl.Y.Scale, pl.Y.Tick.Marker = plot.LogScale{}, logTicks{}
	}
	if t := chooseXTicks(ax.xs, ax.xmin, ax.xmax, ax.logX); t != nil {
		pl.X.Tick.Marker = t
	}
	for _, a := range []*plot.Axis{&pl.X, &pl.Y} {
		a.Tick.Label.Font.Size = tickSize
		a.Label.TextStyle.Font.Size = labelSize
		a.Padding = vg.Points(2)
	}
}

func boolOrder(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}

// barLow is the length of a point's error bar below it. On a log axis a bar whose lower end
// is ≤ 0 runs off the bottom of the panel: its end is put just below the axis minimum (or,
// on an axis spanning more decades than float64 resolves, as low as y can be told from).
// gonum panics on a value ≤ 0 on a log axis, so the end stays positive.
func barLow(pt point, ax axes) float64 {
	if !ax.logY || pt.y-pt.ci > 0 {
		return pt.ci
	}
	low := pt.y - ax.ymin*0.999
	if !(pt.y-low > 0) {
		low = pt.y - pt.y*0x1p-50
	}
	return low
}
