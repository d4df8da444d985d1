package plots

import (
	"math"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// shape is a marker's outline.
type shape int

const (
	circle shape = iota
	square
	diamond
	triangleUp
	triangleDown
	cross    // ×
	plus     // +
	asterisk // × and + together
)

// marker is a data-point glyph. gonum's glyphs stroke outlines with a 0.5 pt pen, too thin
// to tell apart in print; these use 0.7 pt and draw outlines a little larger than filled
// shapes, so a filled marker under an outline one (rl under hk) stays visible.
type marker struct {
	shape  shape
	filled bool // ignored by the stroke-only shapes cross, plus and asterisk
}

const markerPen = 0.7 // points

func (m marker) radius() vg.Length {
	if m.filled {
		return vg.Points(1.8)
	}
	return vg.Points(2.5)
}

// DrawGlyph implements draw.GlyphDrawer.
func (m marker) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	c.SetColor(sty.Color)
	c.SetLineStyle(draw.LineStyle{Color: sty.Color, Width: vg.Points(markerPen)})
	r := sty.Radius
	var p vg.Path
	switch m.shape {
	case circle:
		p.Move(vg.Point{X: pt.X + r, Y: pt.Y})
		p.Arc(pt, r, 0, 2*math.Pi)
		p.Close()
	case square:
		polygon(&p, pt, r*1.15, math.Pi/4, 4)
	case diamond:
		polygon(&p, pt, r*1.3, math.Pi/2, 4)
	case triangleUp:
		polygon(&p, pt, r*1.3, math.Pi/2, 3)
	case triangleDown:
		polygon(&p, pt, r*1.3, -math.Pi/2, 3)
	default:
		strokes(c, m.shape, pt, r*1.1)
		return
	}
	if m.filled {
		c.Fill(p)
	} else {
		c.Stroke(p)
	}
}

// polygon adds a regular k-gon of circumradius r centred on pt, its first corner at angle a.
func polygon(p *vg.Path, pt vg.Point, r vg.Length, a float64, k int) {
	for i := range k {
		t := a + 2*math.Pi*float64(i)/float64(k)
		q := vg.Point{X: pt.X + r*vg.Length(math.Cos(t)), Y: pt.Y + r*vg.Length(math.Sin(t))}
		if i == 0 {
			p.Move(q)
		} else {
			p.Line(q)
		}
	}
	p.Close()
}

// strokes draws the stroke-only shapes: spokes through pt.
func strokes(c *draw.Canvas, s shape, pt vg.Point, r vg.Length) {
	var angles []float64
	switch s {
	case cross:
		angles = []float64{math.Pi / 4, 3 * math.Pi / 4}
	case plus:
		angles = []float64{0, math.Pi / 2}
	default: // asterisk
		angles = []float64{0, math.Pi / 3, 2 * math.Pi / 3}
	}
	for _, a := range angles {
		dx, dy := r*vg.Length(math.Cos(a)), r*vg.Length(math.Sin(a))
		var p vg.Path
		p.Move(vg.Point{X: pt.X - dx, Y: pt.Y - dy})
		p.Line(vg.Point{X: pt.X + dx, Y: pt.Y + dy})
		c.Stroke(p)
	}
}
