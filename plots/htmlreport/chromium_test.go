package htmlreport

import (
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/internal/browser"
)

// The browser test renders a page in Debian's Chromium, headless, and checks that it looks
// like a page (the screenshot is not blank, and the figures' colours are on it) and that
// the browser logged nothing on its console: no script error, and no load the page's
// Content-Security-Policy refused (a figure or style that tried to reach outside the page).
// Chromium comes from scripts/install-chromium.sh (apt-get install chromium), which .ci/run
// runs; without it the test is skipped, saying so. CHROMIUM names another binary
// (internal/browser).
//
// A page with a script error and an external image, rendered the same way, must produce
// console lines: the check can fail.

// The browser comes from internal/browser, shared with the trace viewer's test.
var chromium, render = browser.Chromium, browser.Render

func TestChromium(t *testing.T) {
	t.Parallel()
	bin := chromium(t)
	dir := t.TempDir()
	page := filepath.Join(dir, "walter2001.html")
	_, html := build(t, fixture("walter2001"))
	if err := os.WriteFile(page, []byte(html), 0o644); err != nil {
		t.Fatal(err)
	}
	shot := filepath.Join(dir, "shot.png")
	if console := render(t, bin, page, shot, 1000, 5000); len(console) > 0 {
		t.Errorf("the page logged on the console:\n%s", strings.Join(console, "\n"))
	}
	st := pixelStats(t, shot)
	t.Logf("screenshot: %d×%d, %.1f%% ink, %d pixels of the figures' RL colour", st.w, st.h, 100*st.ink, st.rl)
	if st.ink < 0.02 || st.ink > 0.5 {
		t.Errorf("%.1f%% of the screenshot is ink: a blank or broken page (a page of text and figures has 2-50%%)", 100*st.ink)
	}
	if st.rl < 200 {
		t.Errorf("only %d pixels of RL's colour (#332288): the figures did not render", st.rl)
	}
}

// TestChromiumSeesErrors is the negative control: a script error and a blocked external
// image must reach the console lines render returns.
func TestChromiumSeesErrors(t *testing.T) {
	t.Parallel()
	bin := chromium(t)
	dir := t.TempDir()
	page := filepath.Join(dir, "broken.html")
	broken := `<!DOCTYPE html><html><head><meta charset="utf-8">` +
		`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">` +
		`<title>broken</title></head><body><p>text</p><img src="https://example.com/a.png"><script>noSuchFunction()</script></body></html>`
	if err := os.WriteFile(page, []byte(broken), 0o644); err != nil {
		t.Fatal(err)
	}
	console := strings.Join(render(t, bin, page, filepath.Join(dir, "shot.png"), 400, 300), "\n")
	for _, want := range []string{"noSuchFunction", "example.com/a.png"} {
		if !strings.Contains(console, want) {
			t.Errorf("console lacks %q:\n%s", want, console)
		}
	}
}

type stats struct {
	w, h int
	ink  float64 // fraction of pixels darker than light grey
	rl   int     // pixels of RL's colour in the figures, Paul Tol's indigo #332288
}

func pixelStats(t *testing.T, path string) stats {
	t.Helper()
	img := browser.PNG(t, path)
	b := img.Bounds()
	st := stats{w: b.Dx(), h: b.Dy()}
	ink := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl := rgb(img, x, y)
			if (299*r+587*g+114*bl)/1000 < 200 {
				ink++
			}
			if near(r, 0x33) && near(g, 0x22) && near(bl, 0x88) {
				st.rl++
			}
		}
	}
	st.ink = float64(ink) / float64(st.w*st.h)
	return st
}

func rgb(img image.Image, x, y int) (r, g, b int) {
	R, G, B, _ := img.At(x, y).RGBA()
	return int(R >> 8), int(G >> 8), int(B >> 8)
}

func near(v, want int) bool { return v >= want-24 && v <= want+24 }
