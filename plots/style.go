package plots

import (
	"image/color"
	"slices"
	"strings"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// A Style is how one series looks: colour, dash pattern and marker. Every entry of styles
// differs from every other in all three, so series stay apart in colour, in greyscale print
// and for colour-blind readers alike.
type Style struct {
	Color  color.Color
	Dashes []vg.Length // nil: solid
	Marker marker
}

// Paul Tol's "muted" qualitative scheme (https://personal.sron.nl/~pault/, Figure 2): nine
// colours that stay distinct under every common form of colour blindness and all print
// legibly on white (unlike Okabe–Ito's yellow). Order: most contrasting first.
var (
	indigo = color.RGBA{0x33, 0x22, 0x88, 0xff}
	rose   = color.RGBA{0xcc, 0x66, 0x77, 0xff}
	teal   = color.RGBA{0x44, 0xaa, 0x99, 0xff}
	wine   = color.RGBA{0x88, 0x22, 0x55, 0xff}
	green  = color.RGBA{0x11, 0x77, 0x33, 0xff}
	purple = color.RGBA{0xaa, 0x44, 0x99, 0xff}
	cyan   = color.RGBA{0x88, 0xcc, 0xee, 0xff}
	olive  = color.RGBA{0x99, 0x99, 0x33, 0xff}
	sand   = color.RGBA{0xdd, 0xcc, 0x77, 0xff}
)

func pts(l ...float64) []vg.Length {
	out := make([]vg.Length, len(l))
	for i, v := range l {
		out[i] = vg.Points(v)
	}
	return out
}

// styles are the series styles, in the order series without a fixed style take them. No two
// share a colour, a dash pattern or a marker (shape and fill).
var styles = []Style{
	{indigo, nil, marker{circle, true}},
	{rose, pts(5, 2), marker{square, true}},
	{teal, pts(6, 1.5, 1.5, 1.5), marker{diamond, false}},
	{wine, pts(1.5, 1.5), marker{triangleUp, true}},
	{green, pts(8, 2.5), marker{triangleDown, false}},
	{purple, pts(4, 1.5, 1, 1.5, 1, 1.5), marker{cross, false}},
	{cyan, pts(2.5, 2.5), marker{plus, false}},
	{olive, pts(9, 2, 2, 2), marker{asterisk, false}},
	{sand, pts(3, 1, 1, 1), marker{square, false}},
}

// algorithmStyle fixes each algorithm's entry of styles, so that rl looks the same in every
// figure. hk equals rl at k = h = 1, and hk's line is drawn over rl's: its dash-dot line and
// larger outline diamond leave rl's solid line and filled circle visible beneath (see
// drawOrder).
var algorithmStyle = map[string]int{
	"rl": 0, "rr": 1, "hk": 2, "drs": 3, "cm": 4, "akw1": 5, "akw2": 6, "gme": 7,
	"akw1b": 8, // akw1's variation 1b in bench check bounds
}

// seriesStyler hands out styles to series keys. With one series column, each key gets a
// whole entry of styles: the algorithm's own for an algorithm, otherwise the next free
// one. With more, the first column picks colour and marker shape (so rl keeps its colour
// and marker) and the rest pick the dash, with the marker's fill flipped for every other
// value: keys that share the first value still differ in dash and marker.
type seriesStyler struct {
	column string   // the first series column
	first  []string // first-column values without a fixed style, in first-seen order
	rest   []string // joined remaining values in first-seen order
	fixed  []int    // the fixed styles of the algorithms in the figure (reserve)
}

// reserve notes the algorithms of every series of the figure before any style is handed out:
// an algorithm without a fixed style (one registered by another program) then takes a style
// none of them has, whatever order the series come in.
func (st *seriesStyler) reserve(keys [][]string) {
	if st.column != "algorithm" {
		return
	}
	for _, k := range keys {
		if len(k) == 0 {
			continue
		}
		if i, ok := algorithmStyle[k[0]]; ok && !slices.Contains(st.fixed, i) {
			st.fixed = append(st.fixed, i)
		}
	}
}

func (st *seriesStyler) style(key []string) Style {
	if len(key) == 0 {
		return styles[0]
	}
	base := st.styleOf(key[0])
	if len(key) == 1 {
		return base
	}
	r := indexAdd(&st.rest, strings.Join(key[1:], "\x00"))
	base.Dashes = styles[r%len(styles)].Dashes
	if r%2 == 1 {
		base.Marker.filled = !base.Marker.filled
	}
	return base
}

func (st *seriesStyler) styleOf(v string) Style {
	if st.column == "algorithm" {
		if i, ok := algorithmStyle[v]; ok {
			return styles[i]
		}
	}
	i := indexAdd(&st.first, v)
	if st.column == "algorithm" { // an algorithm without a fixed style: a style no other has
		return styles[freeStyle(i, st.fixed)]
	}
	return styles[i%len(styles)]
}

// freeStyle returns the index of the k-th entry of styles (counting from 0, round again when
// they run out) that is not in fixed.
func freeStyle(k int, fixed []int) int {
	var free []int
	for i := range styles {
		if !slices.Contains(fixed, i) {
			free = append(free, i)
		}
	}
	if len(free) == 0 {
		return k % len(styles)
	}
	return free[k%len(free)]
}

// indexAdd returns v's index in *list, appending it first if absent.
func indexAdd(list *[]string, v string) int {
	i := slices.Index(*list, v)
	if i < 0 {
		*list = append(*list, v)
		i = len(*list) - 1
	}
	return i
}

func (s Style) lineStyle() draw.LineStyle {
	return draw.LineStyle{Color: s.Color, Width: vg.Points(1), Dashes: s.Dashes}
}

func (s Style) glyphStyle() draw.GlyphStyle {
	return draw.GlyphStyle{Color: s.Color, Radius: s.Marker.radius(), Shape: s.Marker}
}
