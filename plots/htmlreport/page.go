package htmlreport

import (
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"math"
	"slices"

	"github.com/mutexlab/mutexlab/analysis"
	"github.com/mutexlab/mutexlab/plots"
	"github.com/mutexlab/mutexlab/results"
	"github.com/mutexlab/mutexlab/sweeps"
)

// Page is the report of one results file, ready to write.
type Page struct {
	Title      string // the sweep's name, or the file's path
	File       string // the path given to Build
	Provenance Provenance
	Findings   []Findings
	// PapersOmitted says of each paper whose findings the page does not show why, and names
	// the command that prints them for what the data hold.
	PapersOmitted []string
	Figures       []Figure
	Skipped       []string // figure presets of the file's own sweep that could not be drawn, and why
	// FigureNotes say how the figures of a sweep of no preset are laid out, and what
	// could not be drawn.
	FigureNotes []string
	Summary     Summary
	Version     string // the mutexlab version that made the page
}

// MaxRows bounds the trials of a file bench html reads: the page needs every parameter
// column (to tell which parameters a table or figure pools), about 400 bytes a row, so a
// file of MaxRows rows holds about 400 MB of columns, and takes about half a minute of CPU
// (BenchmarkBuild: 100,000 trials in about 3.5 s, most of it finding pooled parameters).
// bench report and bench plot read only the columns they need.
const MaxRows = 1_000_000

// Build reads the results file at path and assembles its page. Errors are one line and
// name the file.
func Build(path string) (*Page, error) {
	f, err := results.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if f.NumRows() > MaxRows {
		return nil, fmt.Errorf("%s: %d trials; a page reads every parameter column into memory and takes at most %d (bench report and bench plot read only the columns they need)", path, f.NumRows(), MaxRows)
	}
	first, err := analysis.Load([]string{path}, nil) // the columns the file has
	if err != nil {
		return nil, err
	}
	d, err := analysis.Load([]string{path}, needed(first.Available)) // read once for every part
	if err != nil {
		return nil, err
	}
	events, simTime := total(d.Column("events")), total(d.Column("sim_time"))
	p := &Page{File: path, Title: path, Provenance: provenance(f, events, simTime), Version: sweeps.ProgramVersion}
	name := f.Metadata()[keySpecName]
	if name != "" {
		p.Title = name
	}
	axes, axesNote := specAxes(f.Metadata(), path)
	figs, figMetrics, skipped, figNotes := drawFigures(d, path, name, axes)
	p.Figures, p.Skipped, p.FigureNotes = figs, skipped, figNotes
	p.Findings, p.PapersOmitted = checkPapers(d, path, name)
	if p.Summary, err = summarize(d, path, axes, union(summaryMetrics, figMetrics)); err != nil {
		return nil, err
	}
	if axesNote != "" {
		p.Summary.Notes = append([]string{axesNote}, p.Summary.Notes...)
	}
	return p, nil
}

// needed lists the columns of a file (of those available) that some part of the page
// reads: the bookkeeping, every parameter, the metrics of the summary, of every figure
// preset and of every paper, and the work done.
func needed(available []string) []string {
	cols := union([]string{"algorithm", "seed", "point", "events", "sim_time"}, analysis.ParametersIn(available), summaryMetrics, analysis.FlagColumns)
	for _, p := range plots.Figures() {
		cols = union(cols, p.Columns())
	}
	cols = union(cols, plots.SweepNeed(available, nil))
	for _, p := range papers {
		cols = union(cols, p.columns)
	}
	return slices.DeleteFunc(cols, func(c string) bool { return !slices.Contains(available, c) })
}

// specAxes returns the grid axes of the sweep the file records, or a note saying why the
// summary is grouped by algorithm only.
func specAxes(meta map[string]string, path string) ([]string, string) {
	text, ok := meta[keySpec]
	if !ok {
		return nil, "The file records no sweep spec, so the table is grouped by algorithm only."
	}
	spec, err := sweeps.Described(text, path)
	if err == nil {
		return spec.Axes(), ""
	}
	// A spec naming parameters of an algorithm this program lacks still names its axes.
	axes, errAxes := sweeps.DescribedAxes(text)
	if errAxes != nil {
		return nil, fmt.Sprintf("The file's sweep spec cannot be read (%v), so the table is grouped by algorithm only.", err)
	}
	return axes, ""
}

// total sums a column over every trial, nulls left out (NaN when the file lacks it).
func total(c *analysis.Column) float64 {
	if c == nil {
		return math.NaN()
	}
	s := 0.0
	for _, v := range c.Num {
		if !math.IsNaN(v) {
			s += v
		}
	}
	return s
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
