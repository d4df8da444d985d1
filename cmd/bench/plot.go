package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mutexlab/mutexlab/analysis"
	"github.com/mutexlab/mutexlab/plots"
)

func init() {
	register(command{name: "plot", summary: "figures from results files: bench plot FILE... --metric M --x P [--series COLS] [--facet P], or --figure walter2001-fig5", run: plotCmd})
}

const plotUsage = `usage: bench plot FILE... --metric M --x PARAM [--series COLS] [--facet PARAM] [--keep COL=V1/V2] [--xscale/--yscale auto|linear|log] [--out FILE.png,FILE.svg,FILE.pdf]
       bench plot FILE... --figure NAME [--out FILE]   (figures: walter2001-fig5 .. walter2001-fig8)`

func plotCmd(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("bench plot", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	figure := fs.String("figure", "", "a named figure (walter2001-fig5 .. walter2001-fig8)")
	metric := fs.String("metric", "", "metric on the y axis")
	x := fs.String("x", "", "parameter on the x axis")
	series := fs.String("series", "algorithm", "comma-separated parameters: one line per combination")
	facet := fs.String("facet", "", "parameter: one panel per value")
	keep := fs.String("keep", "", "restrict parameters: COL=V1/V2[,COL=V...]")
	xscale := fs.String("xscale", "auto", "auto, linear or log")
	yscale := fs.String("yscale", "auto", "auto, linear or log")
	out := fs.String("out", "", "comma-separated output files; the extension picks png, svg or pdf")
	files, err := parseInterleaved(fs, args)
	if err != nil {
		if err == flag.ErrHelp {
			fmt.Println(plotUsage)
			return errHelp
		}
		return usagef("%v", err)
	}
	if len(files) == 0 {
		return usagef("name at least one results file\n%s", plotUsage)
	}
	var p plots.Preset
	if *figure != "" {
		if p, err = plots.PresetByName(*figure); err != nil {
			return usagef("--figure: %v", err)
		}
	} else {
		if *metric == "" || *x == "" {
			return usagef("--metric and --x are required (or --figure NAME)")
		}
		s := plots.LineSpec{Metric: *metric, X: *x, Series: splitList(*series), Facet: *facet}
		if s.XScale, err = parseScale("--xscale", *xscale); err != nil {
			return err
		}
		if s.YScale, err = parseScale("--yscale", *yscale); err != nil {
			return err
		}
		if s.Keep, err = parseKeep(*keep); err != nil {
			return err
		}
		p = plots.Preset{Name: *metric + "-vs-" + *x, Spec: s}
	}
	outs := splitList(*out)
	if len(outs) == 0 {
		outs = []string{filepath.Join("figures", p.Name+".png")}
	}
	for _, o := range outs {
		if _, err := plots.FormatOf(o); err != nil {
			return usagef("--out %v", err)
		}
	}
	params := p.By()
	for c := range p.Spec.Keep {
		if !slices.Contains(params, c) {
			params = append(params, c)
		}
	}
	d, err := loadChecked(files, params, []string{p.Spec.Metric}, slices.Concat(params, []string{p.Spec.Metric}))
	if err != nil {
		if *figure != "" {
			return usagef("figure %s: %v", p.Name, err)
		}
		return err
	}
	t, err := analysis.Aggregate(d, params, []string{p.Spec.Metric})
	if err != nil {
		return usagef("%v", err)
	}
	fig, err := p.Build(t)
	if err != nil {
		return usagef("%v", err)
	}
	for _, o := range outs {
		if dir := filepath.Dir(o); dir != "." {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return usagef("--out %s: %v", o, err)
			}
		}
		if err := fig.Save(o); err != nil {
			return usagef("--out %v", err)
		}
		fmt.Println(o)
	}
	return nil
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

func parseKeep(s string) (map[string][]string, error) {
	if s == "" {
		return nil, nil
	}
	m := map[string][]string{}
	for _, kv := range splitList(s) {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || k == "" || v == "" {
			return nil, usagef("--keep: want COL=V1/V2, got %q", kv)
		}
		m[k] = append(m[k], strings.Split(v, "/")...)
	}
	return m, nil
}
