package cli

import (
	"context"
	"flag"
	"fmt"
	"github.com/mutexlab/mutexlab/internal/outfile"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mutexlab/mutexlab/analysis"
	"github.com/mutexlab/mutexlab/plots"
	"github.com/mutexlab/mutexlab/results"
	"github.com/mutexlab/mutexlab/sweeps"
)

// sweepFigure is the --figure value that draws the figures of any sweep
// (plots.SweepFigures): each main metric against each grid axis that varies.
const sweepFigure = "auto"

// sweepPlot is what bench plot --figure auto was asked for.
type sweepPlot struct {
	against, metrics []string // axes and metrics, or none for the defaults
	keep             map[string][]string
	title            string
	noCaption        bool
	outs             []string // output templates: each figure's name goes before the extension
	replace          bool     // --replace: any existing file may be replaced
}

// onlySweepFlags refuses the flags that do nothing with --figure auto: it picks the x axis,
// series, panels and scales itself.
func onlySweepFlags(fs *flag.FlagSet) (err error) {
	fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "x", "series", "facet", "xscale", "yscale":
			if err == nil {
				err = usagef("--%s does not apply with --figure %s (it lays out each figure itself; --against, --metric, --keep, --title, --no-caption and --out do)", f.Name, sweepFigure)
			}
		}
	})
	return err
}

// plotSweep draws every figure of the sweep in files and writes each to every output,
// or writes nothing if one cannot be drawn.
func plotSweep(ctx context.Context, files []string, sp sweepPlot) error {
	for _, o := range sp.outs {
		if err := checkFigureName("--out", o, "a file such as figs/grid.png (.png, .svg or .pdf); each figure goes to figs/grid-METRIC-vs-AXIS.png"); err != nil {
			return err
		}
	}
	first, err := analysis.Load(files[:1], nil)
	if err != nil {
		return usagef("%v", err)
	}
	params, metrics := splitColumns(first.Available)
	if err := analysis.CheckNames(params, "parameter", sp.against); err != nil {
		return usagef("--against: %s: %v", files[0], err)
	}
	if err := analysis.CheckNames(metrics, "metric", sp.metrics); err != nil {
		return usagef("--metric: %s: %v", files[0], err)
	}
	axes, err := sweepAxes(files, sp.against)
	if err != nil {
		return err
	}
	d, err := loadChecked(files, slices.Concat(axes, slices.Sorted(maps.Keys(sp.keep))), sp.metrics, plots.SweepNeed(first.Available, sp.metrics))
	if err != nil {
		return err
	}
	specs, notes, err := plots.SweepFigures(d, plots.Sweep{Axes: axes, Against: sp.against, Metrics: sp.metrics, Keep: sp.keep})
	if err != nil {
		return usagef("%v", err)
	}
	for _, n := range notes {
		fmt.Fprintf(os.Stderr, "bench plot: note: %s\n", n)
	}
	stamps := make([]outfile.Stamp, len(specs))
	for i, f := range specs {
		stamps[i] = figureStamp(f.Name, files)
		if err := checkFigureOuts("--out", sweepOuts(sp.outs, f.Name), stamps[i], sp.replace); err != nil {
			return err
		}
	}
	figs := make([]*plots.Figure, len(specs))
	for i, f := range specs {
		f.Spec.Title, f.Spec.NoCaption = sp.title, sp.noCaption
		if figs[i], err = f.FromDataset(d); err != nil {
			return usagef("figure %s: %v", f.Name, err)
		}
	}
	for i, fig := range figs {
		for _, n := range fig.Notes {
			fmt.Fprintf(os.Stderr, "bench plot: note: %s: %s\n", specs[i].Name, n)
		}
		fmt.Fprintf(os.Stderr, "bench plot: %s: the caption reads: %s\n", specs[i].Name, fig.Caption)
		if err := saveFigure(ctx, "--out", fig, sweepOuts(sp.outs, specs[i].Name), stamps[i], sp.replace); err != nil {
			return err
		}
	}
	return nil
}

// sweepOuts names a figure's files: NAME.png by default, else each --out with -NAME
// before its extension (--out figs/grid.pdf gives figs/grid-wait_mean-vs-load.pdf).
func sweepOuts(outs []string, name string) []string {
	if len(outs) == 0 {
		return []string{name + ".png"}
	}
	named := make([]string, len(outs))
	for i, o := range outs {
		ext := filepath.Ext(o)
		named[i] = strings.TrimSuffix(o, ext) + "-" + name + ext
	}
	return named
}

// sweepAxes returns the grid axes the files' sweep specs record, in the spec's order; for
// files that record none, the axes must come from --against.
func sweepAxes(files, against []string) ([]string, error) {
	var axes []string
	for _, path := range files {
		f, err := results.Open(path)
		if err != nil {
			return nil, usagef("%v", err)
		}
		text, ok := f.Metadata()["mutexlab.spec"]
		f.Close()
		if !ok && len(against) > 0 {
			continue
		}
		if !ok {
			return nil, usagef("%s records no sweep spec, so its grid axes are unknown: name them with --against (e.g. --against load,mobility)", path)
		}
		specAxes, err := sweeps.DescribedAxes(text)
		if err != nil && len(against) > 0 {
			continue
		}
		if err != nil {
			return nil, usagef("%s: its sweep spec cannot be read (%v): name the axes with --against", path, err)
		}
		for _, a := range specAxes {
			if !slices.Contains(axes, a) {
				axes = append(axes, a)
			}
		}
	}
	return axes, nil
}
