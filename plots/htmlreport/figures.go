package htmlreport

import (
	"bytes"
	"fmt"
	"html/template"
	"slices"
	"strings"

	"github.com/mutexlab/mutexlab/analysis"
	"github.com/mutexlab/mutexlab/plots"
	"github.com/mutexlab/mutexlab/sweeps"
)

// Figure is one figure preset drawn from the file.
type Figure struct {
	Name    string        // the preset's name (bench plot --figure NAME)
	About   string        // the preset's one-line description
	SVG     template.HTML // the figure, to inline (drawn without its caption line)
	Caption string        // trials per point, fixed and pooled parameters
	Notes   []string      // what the figure leaves out, and why
	Command string        // the bench plot command that writes it as a PDF
}

// drawFigures draws every default figure of the sweep presets present in the data (see
// applies) and, for a sweep of no preset, the figures of its grid axes (drawSweepFigures;
// axes nil: the file records no spec). A figure of the file's own sweep (spec, or
// spec-SUFFIX: a sweep named after the preset) that cannot be drawn is named in skipped
// with the reason, for the page to show; notes say how the sweep's figures are laid out.
func drawFigures(d *analysis.Dataset, path, spec string, axes []string) (figs []Figure, metrics, skipped, notes []string) {
	if !isPresetSweep(spec) {
		figs, metrics, notes = drawSweepFigures(d, path, axes)
	}
	for _, p := range plots.Figures() {
		owner := ownerOf(p)
		own := owner != nil && (spec == owner.Name || strings.HasPrefix(spec, owner.Name+"-"))
		fig, err := drawFigure(d, path, p, owner)
		if err != nil {
			if own {
				skipped = append(skipped, fmt.Sprintf("%s: %v", p.Name, err))
			}
			continue
		}
		figs = append(figs, fig)
		if !slices.Contains(metrics, p.Spec.Metric) {
			metrics = append(metrics, p.Spec.Metric)
		}
	}
	return figs, metrics, skipped, notes
}

// ownerOf returns the sweep preset a figure preset belongs to: the one it is named after
// (walter2001-fig5 is walter2001's, lme-tvg is lme-tvg's), or nil.
func ownerOf(p plots.Preset) *sweeps.Spec {
	var best *sweeps.Spec
	for _, name := range sweeps.PresetNames() {
		named := p.Name == name || strings.HasPrefix(p.Name, name+"-")
		if !named || best != nil && len(best.Name) >= len(name) {
			continue
		}
		if s, err := sweeps.Preset(name); err == nil {
			best = s
		}
	}
	return best
}

// drawFigure draws preset p from the file's data d as bench plot would, and renders it as
// SVG; path is the file's, for the command that draws the figure.
func drawFigure(d *analysis.Dataset, path string, p plots.Preset, owner *sweeps.Spec) (Figure, error) {
	for _, c := range p.Columns() {
		if d.Column(c) == nil {
			return Figure{}, fmt.Errorf("the file has no column %s", c)
		}
	}
	if err := applies(d, p, owner); err != nil {
		return Figure{}, err
	}
	p.Spec.NoCaption = true // the page prints the caption as text
	fig, err := p.FromDataset(d)
	if err != nil {
		return Figure{}, err
	}
	var svg bytes.Buffer
	if err := fig.Encode(&svg, "svg"); err != nil {
		return Figure{}, err
	}
	return Figure{
		Name: p.Name, About: p.Caption, SVG: inlineSVG(svg.Bytes()), Caption: fig.Caption, Notes: fig.Notes,
		Command: fmt.Sprintf("bench plot %s --figure %s --out %s.pdf", path, p.Name, p.Name),
	}, nil
}

// applies says whether the data presents the sweep a figure is drawn for: every algorithm
// the figure keeps (or, if it keeps none, every algorithm of its sweep preset) has trials,
// the metric has a value, and the x axis, the panels and every series column but the
// algorithm take two values or more. Without this, any figure whose columns a file has
// would be drawn from it: a file of schema 2 has every column, and a figure of maximum
// waits against n would draw one point from any sweep at one n.
func applies(d *analysis.Dataset, p plots.Preset, owner *sweeps.Spec) error {
	algos := p.Spec.Keep["algorithm"]
	if algos == nil && owner != nil {
		algos = owner.Algorithms
	}
	if missing := absentValues(d.Column("algorithm"), algos); len(missing) > 0 {
		return fmt.Errorf("the data have no trials of %s", strings.Join(missing, ", "))
	}
	if c := d.Column(p.Spec.Metric); c.Nulls == d.Rows() {
		return fmt.Errorf("%s has no value in any row", p.Spec.Metric)
	}
	for _, col := range union([]string{p.Spec.X, p.Spec.Facet}, p.Spec.Series) {
		if col != "algorithm" && distinct(d.Column(col), 2) < 2 {
			return fmt.Errorf("the data have one value of %s, which the figure varies", col)
		}
	}
	return nil
}

// distinct counts the distinct values of c, stopping at limit.
func distinct(c *analysis.Column, limit int) int {
	seen := map[string]bool{}
	for r := 0; r < len(c.Num)+len(c.Str) && len(seen) < limit; r++ {
		seen[c.Text(r)] = true
	}
	return len(seen)
}

// inlineSVG turns an SVG document into an element to inline in HTML: without its XML
// declaration and the generator's comment, and scaled by the page's CSS (its viewBox keeps
// the proportions). Its text is escaped by the SVG writer (gonum's vgsvg), so it is safe
// to inline as it is.
func inlineSVG(doc []byte) template.HTML {
	if i := bytes.Index(doc, []byte("<svg")); i >= 0 {
		doc = doc[i:]
	}
	return template.HTML(doc)
}
