package plots

import (
	"fmt"
	"image/color"
	"math"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// The link-count figure (walter2001-links): the number of links of a few trials against
// time, one panel per reading of the walter model, so a reader sees at a glance which
// readings keep the graph, which thin it to a spanning tree, and how fast. It draws traces,
// not means: a mean over trials would hide that every trial under any-pair ends at the same
// tree. bench plot --figure walter2001-links runs the trials itself (cli/plot_links.go).

// LinkTrace is one trial's number of links against time, sampled (LinkSampler), with its
// measurement window.
type LinkTrace struct {
	Panel  string // panel title (a reading)
	Series string // legend entry (e.g. "80% connectivity"); traces of one series share a style
	T      []float64
	Links  []int
	// The measurement window and the links at its ends, marked on the trace.
	WindowStart, WindowEnd float64
	LinksStart, LinksEnd   int
}

// LinkSampler keeps a trial's link count at times evenly spaced on a log scale from t = 1
// (perDecade a decade), for the figure's log time axis: a bounded number of samples however
// many links change. Record is the function to hand to kernel.Sim.SetLinkTrace.
type LinkSampler struct {
	perDecade int
	k         int // next sample is at 10^(k/perDecade)
	cur       int // links now
	tr        LinkTrace
}

// maxLinkSamples bounds a trace: 9 decades at 50 samples a decade.
const maxLinkSamples = 450

// NewLinkSampler returns a sampler taking perDecade samples a decade (1..50).
func NewLinkSampler(perDecade int) *LinkSampler {
	return &LinkSampler{perDecade: max(1, min(perDecade, maxLinkSamples/9))}
}

func (s *LinkSampler) at(k int) float64 { return math.Pow(10, float64(k)/float64(s.perDecade)) }

// Record receives the count links from time t on (times never decrease).
func (s *LinkSampler) Record(t float64, links int) {
	s.sampleUntil(t)
	s.cur = links
}

// sampleUntil takes the samples due before t, at the count before t.
func (s *LinkSampler) sampleUntil(t float64) {
	for len(s.tr.T) < maxLinkSamples && s.at(s.k) < t {
		s.tr.T, s.tr.Links = append(s.tr.T, s.at(s.k)), append(s.tr.Links, s.cur)
		s.k++
	}
}

// Trace ends the trial at time end (its last sample) and returns its trace.
func (s *LinkSampler) Trace(end float64) LinkTrace {
	s.sampleUntil(end)
	tr := s.tr
	if end >= 1 && len(tr.T) < maxLinkSamples {
		tr.T, tr.Links = append(tr.T, end), append(tr.Links, s.cur)
	}
	return tr
}

// LinkFigure lays out traces in panels (in order of first appearance, cols per row), one
// style per series. Each trace is a line; a marker of its series shows where its
// measurement window opened and closed. Time is on a log axis from t = 1.
func LinkFigure(traces []LinkTrace, cols int, caption string) (*Figure, error) {
	if len(traces) == 0 {
		return nil, fmt.Errorf("plot: no link traces")
	}
	cols = max(1, cols)
	var panels, series []string
	xmax, ymax := 1.0, 1
	for _, tr := range traces {
		if len(tr.T) == 0 || len(tr.T) != len(tr.Links) {
			return nil, fmt.Errorf("plot: trace in %q has %d times and %d counts", tr.Panel, len(tr.T), len(tr.Links))
		}
		indexAdd(&panels, tr.Panel)
		indexAdd(&series, tr.Series)
		xmax = max(xmax, tr.T[len(tr.T)-1], tr.WindowEnd)
		ymax = max(ymax, slices.Max(tr.Links))
	}
	s := LineSpec{XLabel: "time since the trial started (time units, log scale)", YLabel: "links"}.withDefaults()
	s.Width = vg.Length(cols) * 3.5 * vg.Inch
	ax := axes{xmin: 1, xmax: xmax, ymin: 0, ymax: float64(ymax) * 1.05, logX: true}
	grid := make([][]*plot.Plot, (len(panels)+cols-1)/cols)
	for i, name := range panels {
		pl, err := linkPanel(s, name, traces, series, ax)
		if err != nil {
			return nil, err
		}
		grid[i/cols] = append(grid[i/cols], pl)
	}
	for r := range grid { // an incomplete last row: empty panels keep the columns aligned
		for len(grid[r]) < cols {
			grid[r] = append(grid[r], nil)
		}
	}
	h := linkHeader(s, caption, series)
	s.PanelHeight = 1.3 * vg.Inch
	return &Figure{
		Width: s.Width, Height: h.height() + vg.Length(len(grid))*s.PanelHeight, Caption: caption,
		draw: func(c draw.Canvas) { s.drawBody(c, h.draw(c), grid) },
	}, nil
}

// linkPanel draws the traces of one panel: lines, then the window markers over them.
func linkPanel(s LineSpec, name string, traces []LinkTrace, series []string, ax axes) (*plot.Plot, error) {
	pl := newPlot()
	s.styleAxes(pl, ax)
	pl.Title.Text, pl.Title.TextStyle.Font.Size, pl.Title.Padding = name, labelSize, vg.Points(2)
	g := plotter.NewGrid()
	g.Vertical.Color, g.Horizontal.Color = color.Gray{Y: 225}, color.Gray{Y: 225}
	pl.Add(g)
	var marks []plot.Plotter
	for _, tr := range traces {
		if tr.Panel != name {
			continue
		}
		sty := styles[slices.Index(series, tr.Series)%len(styles)]
		xys := make(plotter.XYs, len(tr.T))
		for i := range tr.T {
			xys[i] = plotter.XY{X: tr.T[i], Y: float64(tr.Links[i])}
		}
		ln, err := plotter.NewLine(xys)
		if err != nil {
			return nil, err
		}
		ln.LineStyle = sty.lineStyle()
		ln.LineStyle.Width = vg.Points(0.7)
		pl.Add(ln)
		sc, err := plotter.NewScatter(plotter.XYs{{X: max(1, tr.WindowStart), Y: float64(tr.LinksStart)}, {X: max(1, tr.WindowEnd), Y: float64(tr.LinksEnd)}})
		if err != nil {
			return nil, err
		}
		sc.GlyphStyle = sty.glyphStyle()
		marks = append(marks, sc)
	}
	pl.Add(marks...)
	pl.X.Min, pl.X.Max, pl.Y.Min, pl.Y.Max = ax.xmin, ax.xmax, ax.ymin, ax.ymax
	return pl, nil
}

// linkHeader is the caption and a legend of the series (styles in series order), laid out
// as the line figures' headers are.
func linkHeader(s LineSpec, caption string, series []string) *header {
	h := &header{width: s.Width, caption: caption, captionLines: wrap(textStyle(captionSize), caption, 0.9*s.Width)}
	stys := make([]Style, len(series))
	for i := range series {
		stys[i] = styles[i%len(styles)]
	}
	h.legend = layoutLegend(series, stys, s.Width)
	return h
}
