package plots

import (
	"bytes"
	"errors"
	"image"
	"image/png"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/analysis"
	"gonum.org/v1/plot/cmpimg"
)

// Golden images. Each figure is rendered as PNG at goldenDPI and compared with
// testdata/golden/GOARCH/NAME.png by gonum's cmpimg.EqualApprox: every pixel must match
// within goldenDelta in YIQ colour space (anti-aliasing noise passes; a moved line, a lost
// label or a changed colour does not). Regenerate after an intended change with
//
//	go test ./plots -run Golden -regen
//
// (the -regen flag is gonum's cmpimg.GenerateTestData) and look at the new images before
// committing them. Rasterising text and curves goes through floating point that the Go
// compiler may fuse into FMA instructions on some architectures (arm64, ppc64, s390x), so
// pixels can differ there by more than anti-aliasing: goldens are kept per GOARCH, and an
// architecture without its own directory skips these tests with a message saying how to
// make them. A failing comparison writes the image it got, and the difference, to the
// test's artifact directory (kept with go test -artifacts).
const (
	goldenDPI   = 150
	goldenDelta = 0.05
)

// fixtures name the checked-in results file each preset is drawn from (made by
// testdata/make-fixtures.sh from testdata/specs).
var fixtures = map[string]string{
	"walter2001": "walter2001", "jiang-hk": "jiang-hk", "jiang-gme": "jiang-gme",
	"lme-geometry": "lme-geometry", "lme-tvg": "lme-tvg",
	"akw-static": "akw-static", "akw-mobile": "akw-mobile", "akw-failures": "akw-failures",
}

func fixtureOf(preset string) string {
	for prefix, f := range fixtures {
		if preset == prefix || strings.HasPrefix(preset, prefix+"-") {
			return filepath.Join("testdata", f+".parquet")
		}
	}
	return ""
}

// loadFor reads what p needs from a fixture, as bench plot does.
func loadFor(t *testing.T, file string, p Preset) *analysis.Dataset {
	t.Helper()
	first, err := analysis.Load([]string{file}, nil)
	if err != nil {
		t.Fatal(err)
	}
	d, err := analysis.Load([]string{file}, p.Need(first.Available))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// checkGolden compares fig with its golden image, or rewrites the golden with -regen.
func checkGolden(t *testing.T, name string, fig *Figure) {
	t.Helper()
	var buf bytes.Buffer
	if _, err := fig.render("png", goldenDPI).WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join("testdata", "golden", runtime.GOARCH)
	path := filepath.Join(dir, name+".png")
	if *cmpimg.GenerateTestData {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		if _, derr := os.Stat(dir); derr != nil {
			t.Skipf("no golden images for %s; make them with: go test ./plots -run Golden -regen", runtime.GOARCH)
		}
		t.Fatalf("%s is missing; make it with: go test ./plots -run Golden -regen", path)
	}
	if err != nil {
		t.Fatal(err)
	}
	ok, err := cmpimg.EqualApprox("png", buf.Bytes(), want, goldenDelta)
	if err != nil {
		t.Fatal(err)
	}
	if !ok {
		got := filepath.Join(t.ArtifactDir(), name+".png")
		os.WriteFile(got, buf.Bytes(), 0o644)
		writeDiff(buf.Bytes(), want, filepath.Join(t.ArtifactDir(), name+"-diff.png"))
		t.Errorf("%s differs from %s: the image drawn is %s (go test -artifacts keeps it); if the change is intended, go test ./plots -run Golden -regen", name, path, got)
	}
}

func writeDiff(got, want []byte, path string) {
	a, _, err1 := image.Decode(bytes.NewReader(got))
	b, _, err2 := image.Decode(bytes.NewReader(want))
	if err1 != nil || err2 != nil {
		return
	}
	dst := image.NewRGBA64(a.Bounds().Union(b.Bounds()))
	cmpimg.Diff(dst, a, b)
	f, err := os.Create(path)
	if err != nil {
		return
	}
	defer f.Close()
	png.Encode(f, dst)
}

// TestGoldenPresets draws every figure preset from its fixture and compares it with its
// golden image. Every preset must have a fixture, so a new preset without a golden fails.
func TestGoldenPresets(t *testing.T) {
	for _, p := range Figures() {
		t.Run(p.Name, func(t *testing.T) {
			file := fixtureOf(p.Name)
			if file == "" {
				t.Fatalf("preset %s has no fixture: add a spec to testdata/specs and an entry to fixtures", p.Name)
			}
			fig, err := p.FromDataset(loadFor(t, file, p))
			if err != nil {
				t.Fatal(err)
			}
			if len(fig.Notes) > 0 {
				t.Errorf("preset %s leaves points out: %q", p.Name, fig.Notes)
			}
			checkGolden(t, p.Name, fig)
		})
	}
}

// TestGoldenCustom is a custom figure as bench plot --metric ... draws it, with a title
// and two series columns: wait_p99 against load, RL and RR at two connectivities, one panel
// per mobility.
func TestGoldenCustom(t *testing.T) {
	p := Preset{Name: "custom", Spec: LineSpec{Metric: "wait_p99", X: "load", Series: []string{"algorithm", "connectivity"}, Facet: "mobility",
		Keep: map[string][]string{"connectivity": {"0.2", "0.8"}}, Title: "99th-percentile wait"}}
	fig, err := p.FromDataset(loadFor(t, "testdata/walter2001.parquet", p))
	if err != nil {
		t.Fatal(err)
	}
	checkGolden(t, "custom", fig)
}

// TestGoldenEightAlgorithms: all eight algorithms in one figure are eight distinguishable
// series (the image), each with its own colour, dash and marker (asserted here too), axes
// labelled with units, and the caption names mobility as pooled.
func TestGoldenEightAlgorithms(t *testing.T) {
	p := Preset{Name: "eight", Spec: LineSpec{Metric: "wait_mean", X: "load", Series: []string{"algorithm"}}}
	fig, err := p.FromDataset(loadFor(t, "testdata/eight.parquet", p))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(fig.Caption, "Pooled over mobility (0, 0.01)") {
		t.Errorf("caption %q does not name mobility as pooled", fig.Caption)
	}
	checkGolden(t, "eight-algorithms", fig)
}
