package plots

import (
	"math"
	"strings"
	"unicode"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
)

// Subscripts in figure text. The papers name their rates λ_req and λ_mob; labels and
// captions keep that spelling (it reads well as plain text on stderr and in the HTML page),
// and the figure draws the part after the underscore as a subscript. Only a Greek letter
// takes a subscript: column names (mobility_rate, h_dist) are ASCII identifiers whose
// underscores are part of the name, so they are drawn as they are.
//
// subscripts is a text handler (gonum's plain one, plus subscripts) that every piece of text
// in a figure goes through: caption, legend, panel titles, axis labels and ticks. It draws
// with the same fonts on PNG, SVG and PDF alike, since a subscript is only smaller text
// drawn lower, and it never fails on any text (gonum's LaTeX handler panics on text it
// cannot parse, and a label can hold any value of a user's column).
type subscripts struct{ text.Plain }

// textHandler draws every piece of text in a figure.
var textHandler text.Handler = subscripts{text.Plain{Fonts: font.DefaultCache}}

const (
	subscriptScale = 0.7  // size of a subscript relative to its base
	subscriptDrop  = 0.22 // how far its baseline sits below the base's, in base font sizes
)

// run is a piece of one line of text, drawn as a subscript or not.
type run struct {
	text string
	sub  bool
}

// runs splits a line into plain runs and subscripts: a Greek letter followed by an
// underscore and one or more letters or digits subscripts them, and the underscore is not
// drawn.
func runs(line string) []run {
	var out []run
	var cur strings.Builder
	rs := []rune(line)
	for i := 0; i < len(rs); i++ {
		cur.WriteRune(rs[i])
		if !unicode.Is(unicode.Greek, rs[i]) || i+1 >= len(rs) || rs[i+1] != '_' {
			continue
		}
		j := i + 2
		for j < len(rs) && (unicode.IsLetter(rs[j]) || unicode.IsDigit(rs[j])) {
			j++
		}
		if j == i+2 {
			continue
		}
		out = append(out, run{cur.String(), false}, run{string(rs[i+2 : j]), true})
		cur.Reset()
		i = j - 1
	}
	if cur.Len() > 0 || len(out) == 0 {
		out = append(out, run{cur.String(), false})
	}
	return out
}

// subscriptFont is the font of a subscript to text in fnt.
func subscriptFont(fnt font.Font) font.Font {
	fnt.Size = vg.Length(float64(fnt.Size) * subscriptScale)
	return fnt
}

// Box measures a line as drawn: its subscripts are narrower and reach lower.
func (h subscripts) Box(txt string, fnt font.Font) (width, height, depth vg.Length) {
	base := h.Fonts.Lookup(fnt, fnt.Size)
	height, depth = base.Extents().Ascent, base.Extents().Descent
	for _, r := range runs(txt) {
		if !r.sub {
			width += base.Width(r.text)
			continue
		}
		sf := subscriptFont(fnt)
		sub := h.Fonts.Lookup(sf, sf.Size)
		width += sub.Width(r.text)
		depth = max(depth, sub.Extents().Descent+vg.Length(subscriptDrop*float64(fnt.Size)))
	}
	return width, height, depth
}

// Draw draws txt as gonum's plain handler does (rotation, alignment, several lines), each
// line run by run.
func (h subscripts) Draw(c vg.Canvas, txt string, sty text.Style, pt vg.Point) {
	txt = strings.TrimRight(txt, "\n")
	if txt == "" {
		return
	}
	base := h.Fonts.Lookup(sty.Font, sty.Font.Size)
	sf := subscriptFont(sty.Font)
	sub := h.Fonts.Lookup(sf, sf.Size)
	c.SetColor(sty.Color)
	if sty.Rotation != 0 {
		c.Push()
		c.Rotate(sty.Rotation)
	}
	sin64, cos64 := math.Sincos(sty.Rotation)
	cos, sin := vg.Length(cos64), vg.Length(sin64)
	pt.X, pt.Y = pt.Y*sin+pt.X*cos, pt.Y*cos-pt.X*sin
	lines := h.Lines(txt)
	pt.Y += sty.Height(txt)*vg.Length(sty.YAlign) - base.Extents().Ascent
	for i, line := range lines {
		w, _, _ := h.Box(line, sty.Font)
		at := pt.Add(vg.Point{X: vg.Length(sty.XAlign) * w, Y: vg.Length(len(lines)-i) * sty.Font.Size})
		for _, r := range runs(line) {
			if !r.sub {
				c.FillString(base, at, r.text)
				at.X += base.Width(r.text)
				continue
			}
			c.FillString(sub, vg.Point{X: at.X, Y: at.Y - vg.Length(subscriptDrop*float64(sty.Font.Size))}, r.text)
			at.X += sub.Width(r.text)
		}
	}
	if sty.Rotation != 0 {
		c.Pop()
	}
}

// newPlot is plot.New with every text drawn by textHandler.
func newPlot() *plot.Plot {
	p := plot.New()
	p.Title.TextStyle.Handler = textHandler
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Label.TextStyle.Handler = textHandler
		a.Tick.Label.Handler = textHandler
	}
	return p
}

// newLegend is plot.NewLegend with its text drawn by textHandler.
func newLegend() plot.Legend {
	l := plot.NewLegend()
	l.TextStyle.Handler = textHandler
	return l
}
