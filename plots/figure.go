package plots

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgpdf"
	"gonum.org/v1/plot/vg/vgsvg"
)

// Formats lists the output formats, named by file extension.
var Formats = []string{"png", "svg", "pdf"}

// PNGDPI is the resolution of PNG output.
const PNGDPI = 300

// Figure is a drawable figure of a fixed size.
type Figure struct {
	Width, Height vg.Length
	// Caption says what the points are (trials per point, fixed and pooled parameters),
	// for a paper's caption; it is also drawn in the image unless LineSpec.NoCaption.
	Caption string
	// Notes are what the figure leaves out and why (points a log axis cannot show), one
	// line each, for the user to read: bench plot prints them.
	Notes  []string
	legend legendLayout // the legend strip's entries, for checking they fit
	draw   func(c draw.Canvas)
}

// FormatOf returns the output format of path from its extension, or an error listing the
// accepted ones.
func FormatOf(path string) (string, error) {
	ext := strings.TrimPrefix(strings.ToLower(filepath.Ext(path)), ".")
	if !slices.Contains(Formats, ext) {
		return "", fmt.Errorf("%s: unknown figure format %q; available: png, svg, pdf", path, ext)
	}
	return ext, nil
}

// Save writes the figure to path as PNG, SVG or PDF according to its extension. The file
// is written to a temporary name and renamed, so a failure leaves no partial figure.
func (f *Figure) Save(path string) error {
	format, err := FormatOf(path)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if err := f.Encode(tmp, format); err != nil {
		tmp.Close()
		return fmt.Errorf("%s: %v", path, err)
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// Encode writes the figure to w in format: "png" (at PNGDPI), "svg" or "pdf". An HTML
// page inlines the SVG (package plots/htmlreport).
func (f *Figure) Encode(w io.Writer, format string) error {
	if !slices.Contains(Formats, format) {
		return fmt.Errorf("unknown figure format %q; available: png, svg, pdf", format)
	}
	_, err := f.render(format, PNGDPI).WriteTo(w)
	return err
}

// render draws the figure on a canvas of the format ("png" at dpi, "svg" or "pdf").
func (f *Figure) render(format string, dpi int) vg.CanvasWriterTo {
	var cw vg.CanvasWriterTo
	switch format {
	case "png":
		cw = vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(f.Width, f.Height), vgimg.UseDPI(dpi))}
	case "svg":
		cw = vgsvg.New(f.Width, f.Height)
	default:
		cw = vgpdf.New(f.Width, f.Height)
	}
	f.draw(draw.New(cw))
	return cw
}
