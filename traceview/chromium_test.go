package traceview_test

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/algotest"
	"github.com/mutexlab/mutexlab/internal/browser"
	"github.com/mutexlab/mutexlab/traceview"
)

// The browser test loads a page in headless Chromium (internal/browser) with probes in the
// address's fragment (page.js, open: seek to K events applied; reach K by clicking the step
// button once per event; the state at time T; a node's next event), and compares what the
// page's script drew, read from the DOM it leaves (a copy of the <output id="state">
// element's data per probe), with the Go reference (frames):
// the token holder, the nodes in the CS, waiting and crashed, the messages in transit. It
// takes a screenshot at one of them and checks the token's colour is on it, and it checks
// that the browser logged nothing on its console (no script error, no load refused).

func ints(xs []int) string {
	s := make([]string, len(xs))
	for k, x := range xs {
		s[k] = strconv.Itoa(x)
	}
	return strings.Join(s, ",")
}

func TestChromium(t *testing.T) {
	t.Parallel()
	bin := browser.Chromium(t)
	tr := record(t, "rl", mobile("rl"), traceview.Options{})
	page := algotest.WritePage(t, t.TempDir(), "rl", tr)
	f, n := newFrames(tr), len(tr.Events.Kind)
	recv := -1 // the token's first receipt: the holder changes there
	for m, r := range tr.Msgs.Recv {
		if tr.Types[tr.Msgs.Type[m]].Token && r >= 0 {
			recv = r
			break
		}
	}
	cases := []struct {
		probe string
		pos   int
	}{
		{"e:0", 0}, {"e:" + strconv.Itoa(recv), recv}, {"e:" + strconv.Itoa(recv+1), recv + 1},
		{"e:" + strconv.Itoa(n/2), n / 2}, {"e:" + strconv.Itoa(n), n},
		{"walk:40", 40},
		{fmt.Sprintf("t:%g", tr.Events.Time[n/3]), firstAt(tr, tr.Events.Time[n/3])},
		{"next:100:3", nextOf(tr, 100, 3)},
	}
	var list []string
	for _, c := range cases {
		list = append(list, c.probe)
	}
	dom, console := browser.DumpDOM(t, bin, page+"#probe="+strings.Join(list, ","), 1300, 1100)
	if len(console) > 0 {
		t.Errorf("the page logged on the console:\n%s", strings.Join(console, "\n"))
	}
	got := browser.Data(dom, "data-probe=")
	if len(got) != len(cases) {
		t.Fatalf("%d probes in the page's DOM, want %d", len(got), len(cases))
	}
	for k, c := range cases {
		st, fr := got[k], f.at(c.pos)
		want := map[string]string{"probe": c.probe, "pos": strconv.Itoa(c.pos), "token": ints(fr.holders), "cs": ints(fr.cs),
			"waiting": ints(fr.waited), "in-transit": strconv.Itoa(fr.inTransit)}
		for key, v := range want {
			if st[key] != v {
				t.Errorf("probe %s: data-%s = %q, want %q", c.probe, key, st[key], v)
			}
		}
	}
	shot := filepath.Join(t.TempDir(), "shot.png")
	if console := browser.Render(t, bin, page+"#e="+strconv.Itoa(recv+1), shot, 1300, 1100); len(console) > 0 {
		t.Errorf("screenshot: the page logged on the console:\n%s", strings.Join(console, "\n"))
	}
	if px := colourPixels(t, shot, 0x33, 0x22, 0x88); px < 100 {
		t.Errorf("only %d pixels of the token's colour (#332288) in the screenshot: the network was not drawn", px)
	}
}

// firstAt is the page's #t=T: the position after the last event before time T.
func firstAt(tr *traceview.Trace, time float64) int {
	for k, x := range tr.Events.Time {
		if x >= time {
			return k
		}
	}
	return len(tr.Events.Time)
}

// nextOf is the page's "next event" of node i from position p: the position just after it.
func nextOf(tr *traceview.Trace, p int, i int32) int {
	for e := p; e < len(tr.Events.Kind); e++ {
		k := traceview.Kinds[tr.Events.Kind[e]]
		if tr.Events.Node[e] == i || (k == "link-down" || k == "link-up") && tr.Events.Peer[e] == i {
			return e + 1
		}
	}
	return p
}

// colourPixels counts the pixels near colour (r, g, b) in a PNG.
func colourPixels(t *testing.T, path string, r, g, b int) int {
	t.Helper()
	img := browser.PNG(t, path)
	near := func(v uint32, want int) bool { x := int(v >> 8); return x >= want-24 && x <= want+24 }
	count := 0
	bd := img.Bounds()
	for y := bd.Min.Y; y < bd.Max.Y; y++ {
		for x := bd.Min.X; x < bd.Max.X; x++ {
			R, G, B, _ := img.At(x, y).RGBA()
			if near(R, r) && near(G, g) && near(B, b) {
				count++
			}
		}
	}
	return count
}
