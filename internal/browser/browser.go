// Package browser runs Debian's Chromium headless for the tests of the pages mutexlab writes
// (the HTML report, the trace viewer): it loads a page, takes a screenshot or dumps the DOM
// its script built, and returns what the browser logged on its console. Chromium comes from
// scripts/install-chromium.sh (apt-get install chromium), which .ci/run runs; without it a
// test is skipped, saying so. CHROMIUM names another binary.
//
// It is a test helper: every function takes the test's testing.TB and fails or skips it.
package browser

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Chromium returns the browser to use, or skips the test.
func Chromium(t testing.TB) string {
	t.Helper()
	if bin := os.Getenv("CHROMIUM"); bin != "" {
		return bin
	}
	for _, name := range []string{"chromium", "chromium-browser"} {
		if bin, err := exec.LookPath(name); err == nil {
			return bin
		}
	}
	t.Skip("Chromium is not installed: scripts/install-chromium.sh installs Debian's chromium package (.ci/run does); or set CHROMIUM to a Chromium binary")
	return ""
}

// Render loads page (a file path, with an optional #fragment) in headless Chromium, writes a
// screenshot of width×height pixels to shot and returns the console lines it logged.
func Render(t testing.TB, bin, page, shot string, width, height int) []string {
	t.Helper()
	_, console := run(t, bin, page, width, height, "--screenshot="+shot)
	return console
}

// DumpDOM loads page (a file path, with an optional #fragment) and returns the DOM as its
// scripts left it, and the console lines the browser logged.
func DumpDOM(t testing.TB, bin, page string, width, height int) (dom string, console []string) {
	t.Helper()
	return run(t, bin, page, width, height, "--dump-dom")
}

// run runs Chromium on page with the flags as in /work/.library/env: no sandbox (root), no
// GPU, no background networking, a fresh profile; every host name resolves to nothing.
func run(t testing.TB, bin, page string, width, height int, what string) (stdout string, console []string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	dir, err := os.MkdirTemp("", "chromium-profile-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	cmd := exec.CommandContext(ctx, bin, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
		"--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--user-data-dir="+dir, "--host-resolver-rules=MAP * ~NOTFOUND", "--hide-scrollbars",
		"--enable-logging=stderr", "--v=0", what,
		"--window-size="+strconv.Itoa(width)+","+strconv.Itoa(height), "file://"+page)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		t.Fatalf("chromium: %v\n%s", err, tail(errOut.String(), 2000))
	}
	for _, line := range strings.Split(errOut.String(), "\n") {
		if strings.Contains(line, ":CONSOLE") {
			console = append(console, line)
		}
	}
	return out.String(), console
}

func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return "…" + s[len(s)-n:]
}

// Data returns the data-* attributes (name without "data-", value as written) of every start
// tag in dom that contains marker, such as `id="state"` or `data-probe=`: how a test reads
// what a page's script left in the DOM.
func Data(dom, marker string) []map[string]string {
	var out []map[string]string
	for _, tag := range tagRE.FindAllString(dom, -1) {
		if !strings.Contains(tag, marker) {
			continue
		}
		attrs := map[string]string{}
		for _, m := range dataRE.FindAllStringSubmatch(tag, -1) {
			attrs[m[1]] = m[2]
		}
		out = append(out, attrs)
	}
	return out
}

var (
	tagRE  = regexp.MustCompile(`<[a-z][a-z0-9]*\s[^>]*>`)
	dataRE = regexp.MustCompile(`data-([a-z-]+)="([^"]*)"`)
)

// PNG reads a screenshot.
func PNG(t testing.TB, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return img
}
