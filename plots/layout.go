package plots

import (
	"image/color"
	"math"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
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
	h := s.header(panels, ax, st) // hands out the styles in legend order
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
		legend:  h.legend,
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
	legend       legendLayout
}

func textStyle(size vg.Length) text.Style {
	return text.Style{Color: color.Black, Font: font.From(plot.DefaultFont, size), XAlign: draw.XCenter, YAlign: draw.YTop, Handler: textHandler}
}

func (s LineSpec) header(panels []*panel, ax axes, st *seriesStyler) *header {
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
		return h
	}
	keys := make([][]string, len(entries))
	for i, e := range entries {
		keys[i] = e.key
	}
	st.reserve(keys)
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
	h.legend = layoutLegend(labels, stys, s.Width)
	return h
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
	return y + h.legend.height() + vg.Points(2)
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
	h.legend.draw(c, top)
	return top - h.legend.height()
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

// wrap breaks txt into lines no wider than w in style sty, at spaces, never inside a
// setting "name = value".
func wrap(sty text.Style, txt string, w vg.Length) []string {
	var words []string
	for _, word := range strings.Fields(txt) {
		if n := len(words); n > 0 && (word == "=" || strings.HasSuffix(words[n-1], " =")) {
			words[n-1] += " " + word
			continue
		}
		words = append(words, word)
	}
	var lines []string
	cur := ""
	for _, word := range words {
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
