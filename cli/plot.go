package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"strings"

	"github.com/mutexlab/mutexlab/analysis"
	"github.com/mutexlab/mutexlab/internal/outfile"
	"github.com/mutexlab/mutexlab/plots"
)

func init() {
	register(command{name: "plot", summary: "figures from results files: bench plot FILE... --figure NAME, or --metric M --x P [--series COLS] [--facet P]", run: plotCmd})
}

// plotHelp is bench plot -h, with the figure presets listed after the flags.
var plotHelp = help{
	usage: `bench plot FILE... --figure NAME [--keep COL=V1/V2] [--out FILE] [--title TEXT] [--no-caption]
bench plot FILE... --metric M --x PARAM [--series COLS] [--facet PARAM] [--keep COL=V1/V2] [--out FILE.png,FILE.svg,FILE.pdf]
bench plot FILE... --figure auto [--against AXES] [--metric M1,M2] [--keep COL=V1/V2] [--out STEM.png,STEM.pdf]`,
	about: `Draws mean ± 95% CI of a metric over the trials of each point, one line per series, one
panel per facet value, sized for one column of a paper (3.5 in; PNG at 300 dpi). Axis labels
carry units; a caption line above the legend gives the trials per point and the parameters
fixed by the figure or pooled (averaged over) by it, and is also printed on stderr so it can
go into a paper's own caption. No title unless --title.

--out defaults to NAME.png in the current directory (NAME: the figure, or METRIC-vs-X);
several comma-separated files write several formats. An existing file is replaced only if
bench plot drew it for the same figure and results files (--replace: any file). On a log axis,
points it cannot show (x or mean <= 0) are left out with a note on stderr; if none is left that
is an error.

--figure auto draws the figures of any sweep: for each grid axis of the file's sweep that
varies (or each of --against), mean wait and messages per CS entry (and each algorithm
family's own measure) against it, one line per algorithm; the other varying axes become
more lines (at most 8), then panels (at most 4), then are held at their smallest value,
which a note names. Each figure goes to METRIC-vs-AXIS.png, or to each --out with
-METRIC-vs-AXIS before its extension.`,
	extra: func(w io.Writer) {
		fmt.Fprintln(w, "figures (docs/figures.md shows each one drawn):")
		for _, p := range plots.Figures() {
			fmt.Fprintf(w, "  %-22s %s\n", p.Name, p.Caption)
		}
		fmt.Fprintf(w, "  %-22s %s\n", sweepFigure, "any sweep: the main metrics against each grid axis that varies, one line per algorithm")
	},
	examples: []string{
		"bench plot results/walter2001.parquet --figure walter2001-fig5 --out fig5.pdf",
		"bench plot results/walter2001-readings.parquet --figure walter2001-fig5 --keep mobility_rate=per-node,link_formation=absent,no_deletion=skip --out fig5-B.png",
		"bench plot --figure walter2001-links --out links.png",
		"bench plot results/my-sweep.parquet --figure auto --out figs/my-sweep.pdf",
		`bench plot results/walter2001.parquet --metric wait_p99 --x load --series algorithm,connectivity --facet mobility --keep connectivity=0.2/0.8 --out p99.png`,
	},
	more: "docs/figures.md (every figure, the style); docs/report.md (custom figures)",
}

func plotCmd(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("bench plot", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	figure := fs.String("figure", "", "a named figure (`name`; list below)")
	metric := fs.String("metric", "", "`metric` on the y axis (custom figure)")
	x := fs.String("x", "", "`parameter` on the x axis")
	series := fs.String("series", "algorithm", "comma-separated `parameters`: one line per combination")
	facet := fs.String("facet", "", "one panel per value of this `parameter`")
	keep := fs.String("keep", "", "keep only the values `COL=V1/V2` of a parameter, in this order (comma-separated for several); with --figure, added to the figure's own (e.g. one model reading)")
	xscale := fs.String("xscale", "auto", "x `scale`: auto (log when all values are positive and span 100x), linear or log")
	yscale := fs.String("yscale", "auto", "y `scale`: auto, linear or log")
	title := fs.String("title", "", "a `title` above the figure")
	noCaption := fs.Bool("no-caption", false, "leave the caption line out of the image")
	out := fs.String("out", "", "output `files`, comma-separated; the extension picks png, svg or pdf")
	replace := replaceFlag(fs)
	against := fs.String("against", "", "with --figure auto (which it implies): the grid `axes` to draw against, comma-separated (default: every axis of the file's sweep that varies)")
	files, err := parseArgs(fs, args, plotHelp)
	if err != nil {
		return err
	}
	if *figure == sweepFigure || *against != "" && *figure == "" && *x == "" {
		if err := onlySweepFlags(fs); err != nil {
			return err
		}
		if len(files) == 0 {
			return usagef("name at least one results file (bench plot -h for help)")
		}
		sp, err := sweepPlotLists(*against, *metric, *keep, *out)
		if err != nil {
			return err
		}
		sp.title, sp.noCaption, sp.replace = *title, *noCaption, *replace
		return plotSweep(ctx, files, sp)
	}
	if *against != "" {
		return usagef("--against applies only with --figure %s (a named or custom figure has its own x axis)", sweepFigure)
	}
	if *figure == linksFigure {
		if len(files) > 0 {
			return usagef("--figure %s runs its own trials and reads no results file; got %s", linksFigure, files[0])
		}
		outs, err := outList(*out, linksFigure)
		if err != nil {
			return err
		}
		return plotLinks(ctx, outs, *noCaption, *replace)
	}
	if len(files) == 0 {
		return usagef("name at least one results file (bench plot -h for help)")
	}
	if *figure != "" {
		if err := onlyFigureFlags(fs); err != nil {
			return err
		}
	}
	p, err := plotPreset(*figure, *metric, *x, *series, *facet, *keep, *xscale, *yscale)
	if err != nil {
		return err
	}
	p.Spec.Title, p.Spec.NoCaption = *title, *noCaption
	outs, err := outList(*out, p.Name)
	if err != nil {
		return err
	}
	stamp := figureStamp(p.Name, files)
	if err := checkFigureOuts("--out", outs, stamp, *replace); err != nil {
		return err
	}
	fig, err := buildFigure(files, p, *figure != "")
	if err != nil {
		return err
	}
	for _, n := range fig.Notes {
		fmt.Fprintf(os.Stderr, "bench plot: note: %s\n", n)
	}
	fmt.Fprintf(os.Stderr, "bench plot: the caption reads: %s\n", fig.Caption)
	return saveFigure(ctx, "--out", fig, outs, stamp, *replace)
}

// figureStamp identifies bench plot's output by the figure (its name: a preset, or
// METRIC-vs-X) and the results files it reads; a figure redrawn with other filters, title
// or caption replaces its earlier file.
func figureStamp(name string, files []string) outfile.Stamp {
	return outfile.NewStamp("bench plot", append([]string{name}, absPaths(files)...)...)
}

// onlyFigureFlags refuses the custom figure's flags beside --figure: a named figure fixes its
// metric, axes and series, and a flag that would do nothing must not pass silently.
func onlyFigureFlags(fs *flag.FlagSet) (err error) {
	fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "metric", "x", "series", "facet", "xscale", "yscale":
			if err == nil {
				err = usagef("--%s does not apply with --figure (a named figure fixes its metric, axes and series; only --keep, --title, --no-caption and --out do)", f.Name)
			}
		}
	})
	return err
}

// outList is --out as a list, NAME.png by default.
func outList(out, name string) ([]string, error) {
	outs, err := distinctItems("--out", out)
	if err != nil || len(outs) > 0 {
		return outs, err
	}
	return []string{name + ".png"}, nil
}

// sweepPlotLists reads the list flags of --figure auto.
func sweepPlotLists(against, metric, keep, out string) (sp sweepPlot, err error) {
	if sp.against, err = distinctItems("--against", against); err != nil {
		return sp, err
	}
	if sp.metrics, err = distinctItems("--metric", metric); err != nil {
		return sp, err
	}
	if sp.keep, err = parseKeep(keep); err != nil {
		return sp, err
	}
	sp.outs, err = distinctItems("--out", out)
	return sp, err
}

// plotPreset returns the named figure, or a custom one from the flags.
func plotPreset(figure, metric, x, series, facet, keep, xscale, yscale string) (plots.Preset, error) {
	if figure != "" {
		p, err := plots.PresetByName(figure)
		if err != nil {
			return p, usagef("--figure: %v", err)
		}
		extra, err := parseKeep(keep)
		if err != nil {
			return p, err
		}
		p.Spec.Keep = withKeep(p.Spec.Keep, extra)
		return p, nil
	}
	if metric == "" || x == "" {
		return plots.Preset{}, usagef("--metric and --x are required (or --figure NAME)")
	}
	s := plots.LineSpec{Metric: metric, X: x, Facet: facet}
	var err error
	if s.Series, err = distinctItems("--series", series); err != nil {
		return plots.Preset{}, err
	}
	if s.XScale, err = parseScale("--xscale", xscale); err != nil {
		return plots.Preset{}, err
	}
	if s.YScale, err = parseScale("--yscale", yscale); err != nil {
		return plots.Preset{}, err
	}
	if s.Keep, err = parseKeep(keep); err != nil {
		return plots.Preset{}, err
	}
	return plots.Preset{Name: metric + "-vs-" + x, Spec: s}, nil
}

// buildFigure loads what the figure needs from files and draws it.
func buildFigure(files []string, p plots.Preset, named bool) (*plots.Figure, error) {
	first, err := analysis.Load(files[:1], nil)
	if err != nil {
		return nil, usagef("%v", err)
	}
	params := p.By()
	d, err := loadChecked(files, params, []string{p.Spec.Metric}, p.Need(first.Available))
	if err != nil {
		if named {
			return nil, usagef("figure %s: %v", p.Name, err)
		}
		return nil, err
	}
	fig, err := p.FromDataset(d)
	if err != nil {
		return nil, usagef("%v", err)
	}
	return fig, nil
}

func parseScale(flagName, s string) (plots.Scale, error) {
	switch s {
	case "auto":
		return plots.Auto, nil
	case "linear":
		return plots.Linear, nil
	case "log":
		return plots.Log, nil
	}
	return 0, usagef("%s: unknown scale %q; available: auto, linear, log", flagName, s)
}

// withKeep returns a copy of a named figure's filters with the --keep ones added: they
// choose what the figure pools (bench plot FILE --figure walter2001-fig5 --keep
// mobility_rate=per-node,link_formation=any-pair,no_deletion=form draws one reading of a
// walter2001-readings file); a column the figure filters already is replaced.
func withKeep(preset, extra map[string][]string) map[string][]string {
	out := maps.Clone(preset)
	if out == nil && len(extra) > 0 {
		out = map[string][]string{}
	}
	maps.Copy(out, extra)
	return out
}

// parseKeep reads --keep COL=V1/V2,COL2=V3: a column given twice, or a value listed twice,
// is refused, as in any list flag.
func parseKeep(s string) (map[string][]string, error) {
	items, err := distinctItems("--keep", s)
	if err != nil || len(items) == 0 {
		return nil, err
	}
	m := map[string][]string{}
	for _, kv := range items {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || k == "" || v == "" {
			return nil, usagef("--keep: want COL=V1/V2, got %q", kv)
		}
		if _, dup := m[k]; dup {
			return nil, usagef("--keep %s: %s is given twice; list its values once, as %s=V1/V2", s, k, k)
		}
		if m[k], err = splitItems("--keep "+kv, v, "/", true); err != nil {
			return nil, err
		}
	}
	return m, nil
}
