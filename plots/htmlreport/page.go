package htmlreport

import (
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"math"
	"slices"

	"github.com/mutexlab/mutexlab/analysis"
	"github.com/mutexlab/mutexlab/results"
	"github.com/mutexlab/mutexlab/sweeps"
)

// Page is the report of one results file, ready to write.
type Page struct {
	Title      string // the sweep's name, or the file's path
	File       string // the path given to Build
	Provenance Provenance
	Findings   []Findings
	Figures    []Figure
	Skipped    []string // figure presets of the file's own sweep that could not be drawn, and why
	Summary    Summary
	Version    string // the mutexlab version that made the page
}

// Build reads the results file at path and assembles its page. Errors are one line and
// name the file.
func Build(path string) (*Page, error) {
	f, err := results.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	first, err := analysis.Load([]string{path}, nil) // the columns every table and figure may use
	if err != nil {
		return nil, err
	}
	events, simTime, err := totals(path, first.Available)
	if err != nil {
		return nil, err
	}
	p := &Page{File: path, Title: path, Provenance: provenance(f, events, simTime), Version: sweeps.ProgramVersion}
	name := f.Metadata()[keySpecName]
	if name != "" {
		p.Title = name
	}
	axes, axesNote := specAxes(f.Metadata(), path)
	figs, figMetrics, skipped := drawFigures(path, first.Available, name)
	p.Figures, p.Skipped = figs, skipped
	if p.Findings, err = checkPapers(path, first.Available, name); err != nil {
		return nil, err
	}
	if p.Summary, err = summarize(path, first.Available, axes, union(summaryMetrics, figMetrics)); err != nil {
		return nil, err
	}
	if axesNote != "" {
		p.Summary.Notes = append([]string{axesNote}, p.Summary.Notes...)
	}
	return p, nil
}

// specAxes returns the grid axes of the sweep the file records, or a note saying why the
// summary is grouped by algorithm only.
func specAxes(meta map[string]string, path string) ([]string, string) {
	text, ok := meta[keySpec]
	if !ok {
		return nil, "The file records no sweep spec, so the table is grouped by algorithm only."
	}
	spec, err := sweeps.Described(text, path)
	if err != nil {
		return nil, fmt.Sprintf("The file's sweep spec cannot be read (%v), so the table is grouped by algorithm only.", err)
	}
	return spec.Axes(), ""
}

// totals sums the events and simulated time of every trial (NaN when the file lacks them).
func totals(path string, available []string) (events, simTime float64, err error) {
	cols := []string{"events", "sim_time"}
	if slices.ContainsFunc(cols, func(c string) bool { return !slices.Contains(available, c) }) {
		return math.NaN(), math.NaN(), nil
	}
	d, err := analysis.Load([]string{path}, cols)
	if err != nil {
		return 0, 0, err
	}
	sum := func(c *analysis.Column) float64 {
		s := 0.0
		for _, v := range c.Num {
			if !math.IsNaN(v) {
				s += v
			}
		}
		return s
	}
	return sum(d.Column("events")), sum(d.Column("sim_time")), nil
}

//go:embed page.html
var pageHTML string

//go:embed page.css
var pageCSS string

var pageTemplate = template.Must(template.New("page").Funcs(template.FuncMap{
	"css":     func() template.CSS { return template.CSS(pageCSS) },
	"verdict": func(v analysis.Verdict) string { return string(v) },
}).Parse(pageHTML))

// Write writes the page as one HTML document.
func (p *Page) Write(w io.Writer) error {
	return pageTemplate.Execute(w, p)
}
