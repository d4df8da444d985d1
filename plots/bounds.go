package plots

import (
	"fmt"
	"math"
	"slices"

	"github.com/mutexlab/mutexlab/analysis"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// BoundFigure draws `bench check bounds`' measurements: maximum response time (units of
// τ + ν) against n (left column) and against the maximum degree δ each trial had (right column), static
// (top) and mobile (bottom), log-log, one line per algorithm in its fixed style. Each
// claimed bound is drawn over its algorithm's points as a thin curve c·x^e without
// markers, with c chosen so that the curve passes through the first point: measured
// points staying on or below it are consistent with the theorem's growth. The legend
// sits in its own strip above the panels. Points a log axis cannot show (values ≤ 0) are
// left out and named in Figure.Notes, as in Lines.
func BoundFigure(checks []analysis.BoundCheck) (*Figure, error) {
	if len(checks) == 0 {
		return nil, fmt.Errorf("plots: BoundFigure: no checks")
	}
	settings, vars := []string{"static", "mobile"}, []string{"n", "δ"}
	st := &seriesStyler{column: "algorithm"}
	legend := newLegend()
	legend.TextStyle.Font = font.From(plot.DefaultFont, legendSize)
	legend.Top, legend.Left, legend.ThumbnailWidth = true, true, vg.Points(24)
	legend.Padding = vg.Points(1.2)
	var names, notes []string
	grid := make([][]*plot.Plot, len(settings))
	for r, setting := range settings {
		grid[r] = make([]*plot.Plot, len(vars))
		for col, v := range vars {
			p := newPlot()
			p.Title.Text = setting + ", vs " + v
			p.Title.TextStyle.Font.Size = labelSize
			p.X.Label.Text = map[string]string{"n": AxisLabel("n"), "δ": "maximum degree δ"}[v]
			for _, c := range checks {
				if c.Claim.Setting != setting || c.Claim.Var != v {
					continue
				}
				pts, dropped := positivePoints(c.N, c.MaxWait)
				if dropped > 0 {
					notes = append(notes, fmt.Sprintf("log axes: left out %d of %d points of %s, %s, vs %s with a value ≤ 0", dropped, len(c.N), c.Claim.Name(), setting, v))
				}
				if len(pts) == 0 {
					continue
				}
				sty := st.style([]string{c.Claim.Name()})
				if err := addBoundLines(p, c, pts, sty); err != nil {
					return nil, err
				}
				if !slices.Contains(names, c.Claim.Name()) {
					names = append(names, c.Claim.Name())
					if err := addLegendEntry(&legend, c.Claim.Name(), sty); err != nil {
						return nil, err
					}
				}
			}
			setLogAxes(p)
			grid[r][col] = p
		}
	}
	return boundsLayout(grid, legend, len(names), notes), nil
}

// positivePoints pairs x and y, leaving out pairs a log-log plot cannot show.
func positivePoints(x, y []float64) (plotter.XYs, int) {
	var pts plotter.XYs
	for i := range x {
		if x[i] > 0 && y[i] > 0 && !math.IsInf(x[i], 0) && !math.IsInf(y[i], 0) {
			pts = append(pts, plotter.XY{X: x[i], Y: y[i]})
		}
	}
	return pts, len(x) - len(pts)
}

// addBoundLines adds one check's measured points and, if it claims a growth exponent, the
// bound's curve through the first point (sampled as a line, not a plotter.Function, so the
// axes extend to hold it).
func addBoundLines(p *plot.Plot, c analysis.BoundCheck, xys plotter.XYs, sty Style) error {
	l, s, err := plotter.NewLinePoints(xys)
	if err != nil {
		return err
	}
	l.LineStyle, s.GlyphStyle = sty.lineStyle(), sty.glyphStyle()
	p.Add(l, s)
	if math.IsNaN(c.Claim.Exponent) {
		return nil
	}
	x0, x1, y0, e := xys[0].X, xys[len(xys)-1].X, xys[0].Y, c.Claim.Exponent
	curve := make(plotter.XYs, 33)
	for i := range curve {
		x := x0 * math.Pow(x1/x0, float64(i)/float64(len(curve)-1))
		curve[i] = plotter.XY{X: x, Y: y0 * math.Pow(x/x0, e)}
	}
	bl, err := plotter.NewLine(curve)
	if err != nil {
		return err
	}
	bl.LineStyle = draw.LineStyle{Color: sty.Color, Width: vg.Points(0.6), Dashes: pts(3, 2)}
	p.Add(bl)
	return nil
}

func addLegendEntry(l *plot.Legend, name string, sty Style) error {
	ln, err := plotter.NewLine(plotter.XYs{{}})
	if err != nil {
		return err
	}
	ln.LineStyle = sty.lineStyle()
	sc, err := plotter.NewScatter(plotter.XYs{{}})
	if err != nil {
		return err
	}
	sc.GlyphStyle = sty.glyphStyle()
	l.Add(name, ln, sc)
	return nil
}

// setLogAxes makes both axes logarithmic with bounded ticks, giving a panel without data a
// positive range (a log axis needs one).
func setLogAxes(p *plot.Plot) {
	if !(p.X.Min > 0) || !(p.Y.Min > 0) || math.IsInf(p.X.Max, 0) || math.IsInf(p.Y.Max, 0) {
		p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = 1, 10, 1, 10
	}
	p.X.Scale, p.X.Tick.Marker = plot.LogScale{}, logTicks{}
	p.Y.Scale, p.Y.Tick.Marker = plot.LogScale{}, logTicks{}
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Tick.Label.Font.Size = tickSize
		a.Label.TextStyle.Font.Size = labelSize
	}
}

// boundsLayout puts the legend strip (with a line explaining the thin curves) above the
// 2×2 grid of panels.
func boundsLayout(grid [][]*plot.Plot, legend plot.Legend, entries int, notes []string) *Figure {
	w := 7 * vg.Inch
	legendH := vg.Points(legendRow*float64(entries+1) + 9)
	h := legendH + 5*vg.Inch
	key := "thin dashed curve: the claimed bound c·x^e through the first point"
	return &Figure{Width: w, Height: h, Notes: notes, Caption: key, draw: func(c draw.Canvas) {
		lc := c
		lc.Max.Y -= vg.Points(3)
		lc.Min.Y = c.Max.Y - legendH
		lc.Min.X += vg.Points(40)
		legend.Draw(lc)
		ksty := textStyle(legendSize)
		ksty.XAlign = draw.XLeft
		c.FillText(ksty, vg.Point{X: c.Min.X + vg.Points(200), Y: c.Max.Y - vg.Points(3)}, key)
		body := c
		body.Max.Y -= legendH
		// The y label is drawn here, not by gonum, which centres it at the linear
		// midpoint of a log axis and so reserves space at the wrong end.
		tiles := draw.Tiles{Rows: len(grid), Cols: len(grid[0]), PadX: vg.Points(24), PadY: vg.Points(8), PadTop: vg.Points(4), PadBottom: vg.Points(4), PadLeft: vg.Points(16), PadRight: vg.Points(8)}
		tileW := (body.Max.X - body.Min.X - tiles.PadLeft - tiles.PadRight - tiles.PadX*vg.Length(tiles.Cols-1)) / vg.Length(tiles.Cols)
		ysty := textStyle(labelSize)
		ysty.Rotation = math.Pi / 2
		for col := range tiles.Cols {
			x := body.Min.X + tiles.PadLeft + vg.Length(col)*(tileW+tiles.PadX) - vg.Points(14)
			for r := range tiles.Rows {
				y := body.Max.Y - tiles.PadTop - (vg.Length(r)+0.5)*(body.Max.Y-body.Min.Y-tiles.PadTop-tiles.PadBottom)/vg.Length(tiles.Rows)
				c.FillText(ysty, vg.Point{X: x, Y: y}, "maximum wait (units of τ+ν)")
			}
		}
		canvases := plot.Align(grid, tiles, body)
		for r := range grid {
			for col := range grid[r] {
				grid[r][col].Draw(canvases[r][col])
			}
		}
	}}
}
