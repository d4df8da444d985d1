package plots

import (
	"strings"

	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// The legend of a line figure sits in its own strip above the panels. Its entries are laid
// out in columns (filled top to bottom), each column as wide as its widest entry measured in
// the legend's font, and the block centred on the figure. Two columns while they fit, else
// one; an entry too wide even for one column breaks after a comma onto more rows. So every
// entry is drawn whole, inside the figure, and no text runs into another entry's sample.
const (
	legendThumb  = 24   // points: the line sample with its marker
	legendGap    = 3    // points between a sample and its text
	legendColGap = 10   // points between two columns
	legendMargin = 4    // points kept clear at each side of the figure
	textSlack    = 1.05 // glyphs rasterise up to a few percent wider than measured
)

type legendEntry struct {
	lines []string // the label, broken after commas where it must be
	sty   Style
}

// legendLayout is where each entry goes: columns of entry indices, each column's width.
type legendLayout struct {
	entries []legendEntry
	columns [][]int
	widths  []vg.Length
	rows    int // text rows of the tallest column
}

// legendItem is one row of text placed in the figure: at is its left end at the row's
// vertical centre; sample says the entry's line sample is drawn left of it.
type legendItem struct {
	text   string
	at     vg.Point
	sample bool
	sty    Style
}

func legendTextStyle() text.Style {
	sty := textStyle(legendSize)
	sty.XAlign, sty.YAlign = draw.XLeft, draw.YCenter
	return sty
}

// textWidth is the width txt takes in sty, with room for rasterisation.
func textWidth(sty text.Style, txt string) vg.Length {
	return sty.Width(txt) * textSlack
}

// layoutLegend lays out one entry per label within width: two columns beyond three entries
// when both fit side by side, else one, with labels too wide for it broken after commas.
func layoutLegend(labels []string, stys []Style, width vg.Length) legendLayout {
	room := width - 2*vg.Points(legendMargin)
	l := legendLayout{entries: make([]legendEntry, len(labels))}
	for i, lab := range labels {
		l.entries[i] = legendEntry{lines: []string{lab}, sty: stys[i]}
	}
	if len(labels) > 3 {
		if l.arrange(2); l.width() <= room {
			return l
		}
	}
	textRoom := room - vg.Points(legendThumb+legendGap)
	for i := range l.entries {
		l.entries[i].lines = wrapAt(legendTextStyle(), labels[i], ", ", textRoom)
	}
	l.arrange(1)
	return l
}

// arrange fills ncol columns top to bottom, as evenly as the entries allow, and measures
// them.
func (l *legendLayout) arrange(ncol int) {
	per := (len(l.entries) + ncol - 1) / ncol
	l.columns, l.widths, l.rows = nil, nil, 0
	for start := 0; start < len(l.entries); start += per {
		var col []int
		var w vg.Length
		rows := 0
		for i := start; i < min(start+per, len(l.entries)); i++ {
			col = append(col, i)
			for _, ln := range l.entries[i].lines {
				w = max(w, textWidth(legendTextStyle(), ln))
			}
			rows += len(l.entries[i].lines)
		}
		l.columns = append(l.columns, col)
		l.widths = append(l.widths, w+vg.Points(legendThumb+legendGap))
		l.rows = max(l.rows, rows)
	}
}

// width is the width of the whole block.
func (l legendLayout) width() vg.Length {
	w := vg.Points(legendColGap) * vg.Length(max(0, len(l.widths)-1))
	for _, cw := range l.widths {
		w += cw
	}
	return w
}

func (l legendLayout) height() vg.Length {
	if l.rows == 0 {
		return 0
	}
	return vg.Points(legendRow*float64(l.rows) + 6)
}

// items places every row of text, the block centred between left and right with its top
// at top.
func (l legendLayout) items(left, right, top vg.Length) []legendItem {
	var out []legendItem
	x := (left+right)/2 - l.width()/2
	for c, col := range l.columns {
		y := top - vg.Points(3+legendRow/2)
		for _, i := range col {
			e := l.entries[i]
			for j, ln := range e.lines {
				out = append(out, legendItem{text: ln, at: vg.Point{X: x + vg.Points(legendThumb+legendGap), Y: y}, sample: j == 0, sty: e.sty})
				y -= vg.Points(legendRow)
			}
		}
		x += l.widths[c] + vg.Points(legendColGap)
	}
	return out
}

// draw draws the legend in c below top.
func (l legendLayout) draw(c draw.Canvas, top vg.Length) {
	tsty := legendTextStyle()
	for _, it := range l.items(c.Min.X, c.Max.X, top) {
		c.FillText(tsty, it.at, it.text)
		if !it.sample {
			continue
		}
		x0, x1 := it.at.X-vg.Points(legendThumb+legendGap), it.at.X-vg.Points(legendGap)
		ls := it.sty.lineStyle()
		c.StrokeLine2(ls, x0, it.at.Y, x1, it.at.Y)
		c.DrawGlyph(it.sty.glyphStyle(), vg.Point{X: (x0 + x1) / 2, Y: it.at.Y})
	}
}

// wrapAt breaks txt into lines no wider than w in sty, after each sep (kept at the line's
// end, trimmed of trailing spaces) where it must; a part wider than w on its own breaks
// at its spaces, as a caption does.
func wrapAt(sty text.Style, txt, sep string, w vg.Length) []string {
	var lines []string
	cur := ""
	flush := func() {
		if line := strings.TrimRight(cur, " "); textWidth(sty, line) > w {
			lines = append(lines, wrap(sty, line, w/textSlack)...)
		} else if line != "" {
			lines = append(lines, line)
		}
		cur = ""
	}
	for _, p := range strings.SplitAfter(txt, sep) {
		if cur != "" && textWidth(sty, strings.TrimRight(cur+p, " ")) > w {
			flush()
		}
		cur += p
	}
	flush()
	return lines
}
