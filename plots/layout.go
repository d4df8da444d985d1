package plots

import (
	"image/color"
	"math"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// A figure is laid out top to bottom: the title (only if asked for), the caption line
// (trials per point, what was fixed and what pooled), the legend in its own strip so it
// never covers data, then one panel per facet value with shared axes, and the axis labels
// drawn once for all panels.
func (s LineSpec) figure(panels []*panel, ax axes) (*Figure, error) {
	st := &seriesStyler{}
	if len(s.Series) > 0 {
		st.column = s.Series[0]
	}
	h, err := s.header(panels, ax, st) // hands out the styles in legend order
	if err != nil {
		return nil, err
	}
	grid := make([][]*plot.Plot, len(panels))
	for i, p := range panels {
		pl, err := s.panelPlot(p, ax, st)
		if err != nil {
			return nil, err
		}
		grid[i] = []*plot.Plot{pl}
	}
	return &Figure{
		Width:   s.Width,
		Height:  h.height() + vg.Length(len(panels))*s.PanelHeight,
		Caption: h.caption,
		draw: func(c draw.Canvas) {
			top := h.draw(c)
			s.drawBody(c, top, grid)
		},
	}, nil
}

// header is everything above the panels.
type header struct {
	width        vg.Length
	title        string
	caption      string
	captionLines []string // empty with NoCaption
	legends      []plot.Legend
	legendRows   int
}

func textStyle(size vg.Length) text.Style {
	return text.Style{Color: color.Black, Font: font.From(plot.DefaultFont, size), XAlign: draw.XCenter, YAlign: draw.YTop, Handler: textHandler}
}

func (s LineSpec) header(panels []*panel, ax axes, st *seriesStyler) (*header, error) {
	h := &header{width: s.Width, title: s.Title, caption: s.caption(panels, ax)}
	if !s.NoCaption {
		// 90% of the width: glyphs rasterise up to a few percent wider than measured
		h.captionLines = wrap(textStyle(captionSize), h.caption, 0.9*s.Width)
	}
	var entries []*line
	for _, p := range panels {
		for _, l := range p.lines {
			if !containsKey(entries, l.key) {
				entries = append(entries, l)
			}
		}
	}
	s.order([]*panel{{lines: entries}})
	if len(s.Series) == 0 || len(entries) == 0 {
		return h, nil
	}
	for _, e := range entries {
		st.style(e.key)
	}
	labels, stys := make([]string, len(entries)), make([]Style, len(entries))
	for i, e := range entries {
		var parts []string
		for j, c := range s.Series {
			parts = append(parts, s.Label(c, e.key[j]))
		}
		labels[i], stys[i] = strings.Join(parts, ", "), st.style(e.key)
	}
	return h, h.setLegend(labels, stys)
}

// setLegend lays out one legend entry per label in the header's strip: one column, or two
// beyond three entries.
func (h *header) setLegend(labels []string, stys []Style) error {
	ncol := 1
	if len(labels) > 3 {
		ncol = 2
	}
	h.legendRows = (len(labels) + ncol - 1) / ncol
	h.legends = make([]plot.Legend, ncol)
	for c := range h.legends {
		h.legends[c] = newLegend()
		h.legends[c].TextStyle.Font = font.From(plot.DefaultFont, legendSize)
		h.legends[c].Top, h.legends[c].Left = true, true
		h.legends[c].ThumbnailWidth = vg.Points(24)
		h.legends[c].Padding = vg.Points(1.2)
	}
	for i, label := range labels {
		ln, err := plotter.NewLine(plotter.XYs{{}})
		if err != nil {
			return err
		}
		ln.LineStyle = stys[i].lineStyle()
		sc, err := plotter.NewScatter(plotter.XYs{{}})
		if err != nil {
			return err
		}
		sc.GlyphStyle = stys[i].glyphStyle()
		h.legends[i/h.legendRows].Add(label, ln, sc)
	}
	return nil
}

func containsKey(ls []*line, key []string) bool {
	for _, l := range ls {
		if strings.Join(l.key, "\x00") == strings.Join(key, "\x00") {
			return true
		}
	}
	return false
}

const (
	titleRow   = labelSize * 1.8
	captionRow = captionSize * 1.35
	legendRow  = legendSize * 1.45
)

func (h *header) height() vg.Length {
	var y vg.Length
	if h.title != "" {
		y += vg.Points(titleRow)
	}
	if len(h.captionLines) > 0 {
		y += vg.Points(captionRow*float64(len(h.captionLines)) + 3)
	}
	if h.legendRows > 0 {
		y += vg.Points(legendRow*float64(h.legendRows) + 6)
	}
	return y + vg.Points(2)
}

// draw draws the header at the top of c and returns where the panels start.
func (h *header) draw(c draw.Canvas) vg.Length {
	top := c.Max.Y - vg.Points(2)
	mid := (c.Min.X + c.Max.X) / 2
	if h.title != "" {
		c.FillText(textStyle(labelSize), vg.Point{X: mid, Y: top}, h.title)
		top -= vg.Points(titleRow)
	}
	for _, l := range h.captionLines {
		c.FillText(textStyle(captionSize), vg.Point{X: mid, Y: top}, l)
		top -= vg.Points(captionRow)
	}
	if len(h.captionLines) > 0 {
		top -= vg.Points(3)
	}
	if h.legendRows == 0 {
		return top
	}
	colW := (c.Max.X - c.Min.X - vg.Points(30)) / vg.Length(len(h.legends))
	legendH := vg.Points(legendRow*float64(h.legendRows) + 6)
	for i := range h.legends {
		lc := draw.Crop(c, vg.Points(30)+vg.Length(i)*colW, 0, 0, 0)
		lc.Max.X = lc.Min.X + colW
		lc.Max.Y, lc.Min.Y = top, top-legendH
		h.legends[i].Draw(lc)
	}
	return top - legendH
}

// drawBody draws the axis labels and the panels below top: grid[row][column], every row as
// long as the first (nil: no panel there).
func (s LineSpec) drawBody(c draw.Canvas, top vg.Length, grid [][]*plot.Plot) {
	body := c
	body.Max.Y = top
	lsty := textStyle(labelSize)
	lsty.YAlign = draw.YBottom
	// a subscript reaches below the font's descent, which Height allows for: the x label
	// is raised by the difference, so the subscript is not cut off at the figure's edge
	_, _, depth := lsty.Handler.Box(s.XLabel, lsty.Font)
	sink := max(0, depth-lsty.Handler.Extents(lsty.Font).Descent)
	labelH := lsty.Height(s.XLabel) + vg.Points(2)
	body.Min.Y += labelH + sink
	body.Min.X += labelH
	c.FillText(lsty, vg.Point{X: (body.Min.X + body.Max.X) / 2, Y: c.Min.Y + vg.Points(1) + sink}, s.XLabel)
	ysty := lsty
	ysty.Rotation, ysty.YAlign = math.Pi/2, draw.YTop
	c.FillText(ysty, vg.Point{X: c.Min.X + vg.Points(1), Y: (body.Min.Y + body.Max.Y) / 2}, s.YLabel)
	tiles := draw.Tiles{Rows: len(grid), Cols: len(grid[0]), PadX: vg.Points(6), PadY: vg.Points(4), PadTop: vg.Points(2), PadBottom: vg.Points(2), PadLeft: vg.Points(2), PadRight: vg.Points(6)}
	canvases := plot.Align(grid, tiles, body)
	for i := range grid {
		for j, p := range grid[i] {
			if p != nil { // a missing panel in a grid's last row
				p.Draw(canvases[i][j])
			}
		}
	}
}

// wrap breaks txt into lines no wider than w in style sty, at spaces.
func wrap(sty text.Style, txt string, w vg.Length) []string {
	var lines []string
	cur := ""
	for _, word := range strings.Fields(txt) {
		next := strings.TrimSpace(cur + " " + word)
		if cur != "" && sty.Width(next) > w {
			lines = append(lines, cur)
			next = word
		}
		cur = next
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	return lines
}
