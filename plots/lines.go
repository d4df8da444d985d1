package plots

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/mutexlab/mutexlab/analysis"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Scale chooses an axis scale.
type Scale int

// Axis scales: Auto is logarithmic when all values are positive and span two decades or more.
const (
	Auto Scale = iota
	Linear
	Log
)

// LineSpec describes a figure of lines with error bars.
type LineSpec struct {
	Metric string   // y: a metric column of the table
	X      string   // x: a parameter column of the table
	Series []string // one line per combination of these columns' values (may be empty)
	Facet  string   // one panel per value of this column ("" for a single panel)

	// Keep restricts a column to the listed values (numbers matched within 1e-6 relative,
	// text exactly); columns not named keep every value.
	Keep map[string][]string

	Title          string // above the legend; "" for none
	XLabel, YLabel string // default: the column names
	XScale, YScale Scale
	// Label renders a value of a series or facet column; nil shows "column=value", and
	// algorithm names in upper case.
	Label func(column, value string) string

	Width       vg.Length // default 3.5 in (one column)
	PanelHeight vg.Length // default 1.7 in
}

// point is one mean with its CI.
type point struct{ x, y, ci float64 }

type line struct {
	key    []string // series values
	points []point
}

type panel struct {
	facet string
	lines []*line
}

// Lines builds the figure from t, which must be grouped by (at least) X, Series and Facet
// and hold Metric. It fails on names t lacks, on a table with no points left after Keep,
// and on NaN or infinite means.
func Lines(t *analysis.Table, s LineSpec) (*Figure, error) {
	s = s.withDefaults()
	m := slices.Index(t.Metrics, s.Metric)
	if m < 0 {
		return nil, fmt.Errorf("plot: metric %q not aggregated; available: %s", s.Metric, strings.Join(t.Metrics, ", "))
	}
	cols := slices.Concat([]string{s.X}, s.Series)
	if s.Facet != "" {
		cols = append(cols, s.Facet)
	}
	idx := map[string]int{}
	for _, c := range append(cols, keys(s.Keep)...) {
		i := slices.Index(t.By, c)
		if i < 0 {
			return nil, fmt.Errorf("plot: parameter %q not in the table; available: %s", c, strings.Join(t.By, ", "))
		}
		idx[c] = i
	}
	var panels []*panel
	for g := range t.Len() {
		key, nums, stats := t.Group(g)
		if !s.keeps(key, nums, idx) {
			continue
		}
		x := nums[idx[s.X]]
		st := stats[m]
		if math.IsNaN(x) {
			return nil, fmt.Errorf("plot: x parameter %q has the non-numeric value %q", s.X, key[idx[s.X]])
		}
		if math.IsNaN(st.Mean) || math.IsInf(st.Mean, 0) {
			return nil, fmt.Errorf("plot: %s is %v at %s", s.Metric, st.Mean, strings.Join(key, " "))
		}
		facet := ""
		if s.Facet != "" {
			facet = key[idx[s.Facet]]
		}
		pi := slices.IndexFunc(panels, func(p *panel) bool { return p.facet == facet })
		if pi < 0 {
			panels = append(panels, &panel{facet: facet})
			pi = len(panels) - 1
		}
		p := panels[pi]
		skey := make([]string, len(s.Series))
		for i, c := range s.Series {
			skey[i] = key[idx[c]]
		}
		li := slices.IndexFunc(p.lines, func(l *line) bool { return slices.Equal(l.key, skey) })
		if li < 0 {
			p.lines = append(p.lines, &line{key: skey})
			li = len(p.lines) - 1
		}
		ci := st.CI95
		if math.IsNaN(ci) {
			ci = 0
		}
		p.lines[li].points = append(p.lines[li].points, point{x, st.Mean, ci})
	}
	if len(panels) == 0 {
		return nil, fmt.Errorf("plot: no data left to plot %s against %s", s.Metric, s.X)
	}
	for _, p := range panels {
		for _, l := range p.lines {
			slices.SortFunc(l.points, func(a, b point) int { return cmpFloat(a.x, b.x) })
		}
	}
	return s.figure(panels), nil
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func keys(m map[string][]string) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func (s LineSpec) withDefaults() LineSpec {
	if s.Width == 0 {
		s.Width = 3.5 * vg.Inch
	}
	if s.PanelHeight == 0 {
		s.PanelHeight = 1.7 * vg.Inch
	}
	if s.XLabel == "" {
		s.XLabel = s.X
	}
	if s.YLabel == "" {
		s.YLabel = s.Metric
	}
	if s.Label == nil {
		s.Label = DefaultLabel
	}
	return s
}

// DefaultLabel renders algorithm names in upper case and other values as column=value.
func DefaultLabel(column, value string) string {
	if column == "algorithm" {
		return strings.ToUpper(value)
	}
	return column + "=" + value
}

func (s LineSpec) keeps(key []string, nums []float64, idx map[string]int) bool {
	for c, vals := range s.Keep {
		i := idx[c]
		ok := false
		for _, v := range vals {
			if v == key[i] {
				ok = true
				break
			}
			var f float64
			if _, err := fmt.Sscan(v, &f); err == nil && !math.IsNaN(nums[i]) && math.Abs(nums[i]-f) <= 1e-6*math.Abs(f) {
				ok = true
				break
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// useLog decides an axis scale from the values it must show.
func useLog(sc Scale, vals []float64) bool {
	switch sc {
	case Linear:
		return false
	case Log:
		return true
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, v := range vals {
		if v <= 0 {
			return false
		}
		lo, hi = min(lo, v), max(hi, v)
	}
	return len(vals) > 0 && hi/lo >= 100
}

// Colours readable in print and by colour-blind readers (Okabe–Ito).
var palette = []color.Color{
	color.RGBA{0, 114, 178, 255},   // blue
	color.RGBA{213, 94, 0, 255},    // vermillion
	color.RGBA{0, 158, 115, 255},   // green
	color.RGBA{204, 121, 167, 255}, // purple
	color.RGBA{230, 159, 0, 255},   // orange
	color.RGBA{86, 180, 233, 255},  // sky blue
	color.RGBA{0, 0, 0, 255},
}

var dashes = [][]vg.Length{nil, {vg.Points(4), vg.Points(2)}, {vg.Points(1), vg.Points(1.5)}, {vg.Points(5), vg.Points(2), vg.Points(1), vg.Points(2)}}

var glyphs = []draw.GlyphDrawer{draw.CircleGlyph{}, draw.SquareGlyph{}, draw.TriangleGlyph{}, draw.CrossGlyph{}, draw.RingGlyph{}, draw.PlusGlyph{}}

// style gives the line of series key: colour from the first series value, dash and glyph
// from the rest.
type styler struct {
	first, rest []string
}

func (st *styler) indices(key []string) (int, int) {
	f, r := "", strings.Join(key, "\x00")
	if len(key) > 0 {
		f, r = key[0], strings.Join(key[1:], "\x00")
	}
	fi := slices.Index(st.first, f)
	if fi < 0 {
		st.first = append(st.first, f)
		fi = len(st.first) - 1
	}
	ri := slices.Index(st.rest, r)
	if ri < 0 {
		st.rest = append(st.rest, r)
		ri = len(st.rest) - 1
	}
	return fi, ri
}

const (
	tickSize   = 7
	labelSize  = 8
	legendSize = 7
)

func (s LineSpec) figure(panels []*panel) *Figure {
	// Shared ranges over every panel, error bars included.
	var xs, ys []float64
	for _, p := range panels {
		for _, l := range p.lines {
			for _, pt := range l.points {
				xs = append(xs, pt.x)
				ys = append(ys, pt.y, pt.y+pt.ci)
				if pt.y-pt.ci > 0 {
					ys = append(ys, pt.y-pt.ci)
				}
			}
		}
	}
	logX, logY := useLog(s.XScale, xs), useLog(s.YScale, ys)
	xmin, xmax := slices.Min(xs), slices.Max(xs)
	ymin, ymax := slices.Min(ys), slices.Max(ys)
	if logY {
		ymin, ymax = ymin/1.3, ymax*1.3
	} else {
		pad := 0.05 * (ymax - ymin)
		if pad == 0 {
			pad = 0.5 * math.Max(math.Abs(ymax), 1)
		}
		ymin, ymax = ymin-pad, ymax+pad
		if ymin < 0 && slices.Min(ys) >= 0 {
			ymin = 0
		}
	}
	if logX {
		xmin, xmax = xmin/1.12, xmax*1.12
	} else {
		pad := 0.03 * (xmax - xmin)
		xmin, xmax = xmin-pad, xmax+pad
	}

	// All series, in first-seen order, with their styles.
	var st styler
	type entry struct {
		key   []string
		label string
	}
	var entries []entry
	for _, p := range panels {
		for _, l := range p.lines {
			if !slices.ContainsFunc(entries, func(e entry) bool { return slices.Equal(e.key, l.key) }) {
				var parts []string
				for i, c := range s.Series {
					parts = append(parts, s.Label(c, l.key[i]))
				}
				entries = append(entries, entry{l.key, strings.Join(parts, ", ")})
				st.indices(l.key)
			}
		}
	}
	lineStyle := func(key []string) (draw.LineStyle, draw.GlyphStyle) {
		fi, ri := st.indices(key)
		c := palette[fi%len(palette)]
		ls := draw.LineStyle{Color: c, Width: vg.Points(1), Dashes: dashes[ri%len(dashes)]}
		gs := draw.GlyphStyle{Color: c, Radius: vg.Points(1.8), Shape: glyphs[ri%len(glyphs)]}
		return ls, gs
	}

	plotsCol := make([][]*plot.Plot, len(panels))
	for i, p := range panels {
		pl := plot.New()
		pl.X.Min, pl.X.Max, pl.Y.Min, pl.Y.Max = xmin, xmax, ymin, ymax
		if logX {
			pl.X.Scale, pl.X.Tick.Marker = plot.LogScale{}, logTicks{}
		}
		if logY {
			pl.Y.Scale, pl.Y.Tick.Marker = plot.LogScale{}, logTicks{}
		}
		for _, a := range []*plot.Axis{&pl.X, &pl.Y} {
			a.Tick.Label.Font.Size = tickSize
			a.Label.TextStyle.Font.Size = labelSize
			a.Padding = vg.Points(2)
		}
		// Axis labels are drawn once for the whole figure (see below): gonum positions
		// a centred label at the linear midpoint of the range, which on a log axis
		// makes it reserve space at the wrong end.
		if p.facet != "" {
			pl.Title.Text = s.Label(s.Facet, p.facet)
			pl.Title.TextStyle.Font.Size = labelSize
			pl.Title.Padding = vg.Points(2)
		}
		grid := plotter.NewGrid()
		grid.Vertical.Color = color.Gray{Y: 225}
		grid.Horizontal.Color = color.Gray{Y: 225}
		pl.Add(grid)
		for _, l := range p.lines {
			ls, gs := lineStyle(l.key)
			xys := make(plotter.XYs, len(l.points))
			errs := make(plotter.YErrors, len(l.points))
			for j, pt := range l.points {
				xys[j] = plotter.XY{X: pt.x, Y: pt.y}
				low := pt.ci
				if logY && pt.y-low <= 0 {
					low = pt.y * 0.5 // keep the bar on a log axis
				}
				errs[j] = struct{ Low, High float64 }{low, pt.ci}
			}
			ln, _ := plotter.NewLine(xys)
			ln.LineStyle = ls
			sc, _ := plotter.NewScatter(xys)
			sc.GlyphStyle = gs
			eb, _ := plotter.NewYErrorBars(struct {
				plotter.XYs
				plotter.YErrors
			}{xys, errs})
			eb.LineStyle = draw.LineStyle{Color: ls.Color, Width: vg.Points(0.6)}
			eb.CapWidth = vg.Points(3)
			pl.Add(ln, sc, eb)
		}
		plotsCol[i] = []*plot.Plot{pl}
	}

	// Legend strip: entries in two columns above the panels.
	ncol := 1
	if len(entries) > 3 {
		ncol = 2
	}
	nrow := (len(entries) + ncol - 1) / ncol
	rowH := vg.Points(legendSize * 1.45)
	titleH := vg.Length(0)
	if s.Title != "" {
		titleH = vg.Points(labelSize * 1.8)
	}
	legendH := vg.Length(nrow)*rowH + vg.Points(6)
	height := titleH + legendH + vg.Length(len(panels))*s.PanelHeight
	legends := make([]plot.Legend, ncol)
	for c := range legends {
		legends[c] = plot.NewLegend()
		legends[c].TextStyle.Font = font.From(plot.DefaultFont, legendSize)
		legends[c].Top, legends[c].Left = true, true
		legends[c].ThumbnailWidth = vg.Points(22)
		legends[c].Padding = vg.Points(1.2)
	}
	for i, e := range entries {
		ls, gs := lineStyle(e.key)
		ln, _ := plotter.NewLine(plotter.XYs{{}})
		ln.LineStyle = ls
		sc, _ := plotter.NewScatter(plotter.XYs{{}})
		sc.GlyphStyle = gs
		legends[i/nrow].Add(e.label, ln, sc)
	}
	return &Figure{Width: s.Width, Height: height, draw: func(c draw.Canvas) {
		top := c.Max.Y
		if s.Title != "" {
			sty := draw.TextStyle{Color: color.Black, Font: font.From(plot.DefaultFont, labelSize), XAlign: draw.XCenter, YAlign: draw.YTop, Handler: plot.DefaultTextHandler}
			c.FillText(sty, vg.Point{X: (c.Min.X + c.Max.X) / 2, Y: top - vg.Points(2)}, s.Title)
			top -= titleH
		}
		colW := (c.Max.X - c.Min.X - vg.Points(30)) / vg.Length(ncol)
		for i := range legends {
			lc := draw.Crop(c, vg.Points(30)+vg.Length(i)*colW, 0, 0, 0)
			lc.Max.X = lc.Min.X + colW
			lc.Max.Y = top
			lc.Min.Y = top - legendH
			legends[i].Draw(lc)
		}
		body := c
		body.Max.Y = top - legendH
		lsty := draw.TextStyle{Color: color.Black, Font: font.From(plot.DefaultFont, labelSize), XAlign: draw.XCenter, YAlign: draw.YBottom, Handler: plot.DefaultTextHandler}
		labelH := lsty.Height(s.XLabel) + vg.Points(2)
		body.Min.Y += labelH
		body.Min.X += labelH
		c.FillText(lsty, vg.Point{X: (body.Min.X + body.Max.X) / 2, Y: c.Min.Y + vg.Points(1)}, s.XLabel)
		ysty := lsty
		ysty.Rotation = math.Pi / 2
		ysty.YAlign = draw.YTop
		c.FillText(ysty, vg.Point{X: c.Min.X + vg.Points(1), Y: (body.Min.Y + body.Max.Y) / 2}, s.YLabel)
		tiles := draw.Tiles{Rows: len(panels), Cols: 1, PadX: vg.Points(2), PadY: vg.Points(4), PadTop: vg.Points(2), PadBottom: vg.Points(2), PadLeft: vg.Points(2), PadRight: vg.Points(6)}
		canvases := plot.Align(plotsCol, tiles, body)
		for i := range plotsCol {
			plotsCol[i][0].Draw(canvases[i][0])
		}
	}}
}

// logTicks marks a log axis: a labelled major tick at each power of ten inside the range
// (and at 2× and 5× when the range holds fewer than two powers of ten), minor ticks at the
// other integer multiples. Unlike plot.LogTicks it never returns ticks outside the range,
// which would make gonum reserve space for labels it does not draw.
type logTicks struct{}

func (logTicks) Ticks(lo, hi float64) []plot.Tick {
	var ticks []plot.Tick
	powers := 0
	for e := math.Floor(math.Log10(lo)); math.Pow(10, e) <= hi; e++ {
		if p := math.Pow(10, e); p >= lo {
			powers++
		}
	}
	for e := math.Floor(math.Log10(lo)); math.Pow(10, e) <= hi; e++ {
		p := math.Pow(10, e)
		for i := 1; i <= 9; i++ {
			v := float64(i) * p
			if v < lo || v > hi {
				continue
			}
			t := plot.Tick{Value: v}
			if i == 1 || (powers < 2 && (i == 2 || i == 5)) {
				t.Label = strconv.FormatFloat(v, 'g', -1, 64)
			}
			ticks = append(ticks, t)
		}
	}
	return ticks
}
