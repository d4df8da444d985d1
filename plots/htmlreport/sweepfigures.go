package htmlreport

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/mutexlab/mutexlab/analysis"
	"github.com/mutexlab/mutexlab/plots"
	"github.com/mutexlab/mutexlab/sweeps"
)

// sweepLimits says how a figure of a sweep shows the axes beside its x axis, for the page.
var sweepLimits = fmt.Sprintf("Figures of this sweep (bench plot --figure auto): for each grid axis that varies, the main metrics against it, one line per algorithm. "+
	"The other varying axes become more lines while at most %d result, then one becomes the panels (at most %d), and any beyond is held at its smallest value, as the figure's note says.",
	plots.MaxSweepSeries, plots.MaxSweepPanels)

// isPresetSweep reports whether spec names a sweep preset or a sweep named after one
// (PRESET-SUFFIX), whose own figure presets the page draws instead of the sweep figures.
func isPresetSweep(spec string) bool {
	for _, name := range sweeps.PresetNames() {
		if spec == name || strings.HasPrefix(spec, name+"-") {
			return true
		}
	}
	return false
}

// drawSweepFigures draws the figures of a sweep of no preset against its grid axes (none:
// the file records no readable spec), with the metrics they draw, and says on the page what it could not draw and why.
func drawSweepFigures(d *analysis.Dataset, path string, axes []string) (figs []Figure, metrics, notes []string) {
	if len(axes) == 0 {
		return nil, nil, []string{fmt.Sprintf("No grid axis of this file is known (it records no readable sweep spec, or a grid of one point), so no figure is drawn against one; bench plot %s --against AXES draws them.", path)}
	}
	specs, axisNotes, err := plots.SweepFigures(d, plots.Sweep{Axes: axes})
	if err != nil {
		return nil, nil, []string{fmt.Sprintf("No figure of this sweep: %v.", strings.TrimPrefix(err.Error(), "plot: "))}
	}
	notes = append([]string{sweepLimits}, axisNotes...)
	stem := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	for _, f := range specs {
		f.Spec.NoCaption = true // the page prints the caption as text
		fig, err := f.FromDataset(d)
		if err != nil {
			notes = append(notes, fmt.Sprintf("Not drawn: %s: %v", f.Name, err))
			continue
		}
		var svg bytes.Buffer
		if err := fig.Encode(&svg, "svg"); err != nil {
			notes = append(notes, fmt.Sprintf("Not drawn: %s: %v", f.Name, err))
			continue
		}
		figs = append(figs, Figure{
			Name: f.Name, About: f.Caption, SVG: inlineSVG(svg.Bytes()), Caption: fig.Caption, Notes: fig.Notes,
			Command: fmt.Sprintf("bench plot %s --against %s --metric %s --out %s.pdf (writes %s-%s.pdf)", path, f.Spec.X, f.Spec.Metric, stem, stem, f.Name),
		})
		metrics = union(metrics, []string{f.Spec.Metric})
	}
	return figs, metrics, notes
}
