package cli

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/mutexlab/mutexlab/internal/outfile"
	"github.com/mutexlab/mutexlab/plots/htmlreport"
)

func init() {
	register(command{name: "html", summary: "one self-contained HTML page per results file: provenance, findings, figures, tables: bench html FILE... [--out DIR]", run: htmlCmd})
}

var htmlHelp = help{
	usage: "bench html FILE.parquet... [--out DIR | --out PAGE.html]",
	about: `Writes the report of each results file as one self-contained HTML page, the page to send to a
co-author: the provenance (sweep spec, program version, root seed, trials; what the file does
not record is named), the findings of a paper where its preset applies (as bench report
--paper prints them), every figure preset the data can draw (inline SVG, with the bench plot
command that writes it for a paper), and the summary table (mean ± 95% CI by algorithm and
grid axis, with null counts and pooled parameters noted). No script, no font file, no link
outside the page; it prints well. FILE.parquet becomes DIR/FILE.html (DIR defaults to the
current directory; with one file, --out may name the page). Pages are written under a
temporary name and renamed; on bad input nothing is written. An existing page is replaced
only if bench html wrote it from the same results file (--replace: any file).`,
	examples: []string{
		"bench html results/walter2001.parquet",
		"bench html results/jiang-hk.parquet results/jiang-gme.parquet --out report",
	},
	more: "docs/report.md (tables, paired comparisons, the HTML page)",
}

// maxHTMLFiles bounds the files one bench html call reads (each page is built in memory
// before any is written).
const maxHTMLFiles = 100

func htmlCmd(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("bench html", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	out := fs.String("out", ".", "`directory` for the pages (created if missing), or the page's file name (.html) for one input")
	replace := replaceFlag(fs)
	files, err := parseArgs(fs, args, htmlHelp)
	if err != nil {
		return err
	}
	if len(files) == 0 {
		return usagef("name at least one results file (bench html -h)")
	}
	if len(files) > maxHTMLFiles {
		return usagef("%d files; bench html takes at most %d at once", len(files), maxHTMLFiles)
	}
	targets, err := htmlTargets(files, *out)
	if err != nil {
		return err
	}
	stamps := make([]outfile.Stamp, len(files))
	for i, f := range absPaths(files) { // every target is checked before any work
		stamps[i] = outfile.NewStamp("bench html", f)
		if err := outfile.CheckStamped("--out", targets[i], stamps[i], *replace); err != nil {
			return err
		}
	}
	pages := make([][]byte, len(files))
	for i, f := range files { // every page is built before any is written
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("interrupted before writing any page")
		}
		p, err := htmlreport.Build(f)
		if err != nil {
			return usagef("%v", err)
		}
		var b bytes.Buffer
		if err := p.Write(&b); err != nil {
			return err
		}
		pages[i] = b.Bytes()
	}
	for i, t := range targets {
		page := pages[i]
		if err := makeParent("--out", t); err != nil {
			return err
		}
		if err := writeOutput("--out", t, stamps[i], *replace, func(w io.Writer) error { _, err := w.Write(page); return err }); err != nil {
			return err
		}
		fmt.Println(t)
	}
	return nil
}

// htmlTargets names the page of each file: DIR/NAME.html for NAME.parquet, or the page
// --out names when there is one file. Two files of the same name would overwrite each other.
func htmlTargets(files []string, out string) ([]string, error) {
	if strings.EqualFold(filepath.Ext(out), ".html") {
		if len(files) != 1 {
			return nil, usagef("--out %s: names one page, but %d files were given; give a directory", out, len(files))
		}
		return []string{out}, nil
	}
	if fi, err := os.Stat(out); err == nil && !fi.IsDir() {
		return nil, usagef("--out %s: is a file; give a directory, or a name ending in .html", out)
	}
	seen := map[string]string{}
	var targets []string
	for _, f := range files {
		t := filepath.Join(out, strings.TrimSuffix(filepath.Base(f), filepath.Ext(f))+".html")
		if prev, ok := seen[t]; ok {
			return nil, usagef("%s and %s would both be written to %s; report them separately with --out", prev, f, t)
		}
		seen[t] = f
		targets = append(targets, t)
	}
	return targets, nil
}
