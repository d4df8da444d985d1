package cli

import (
	"context"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// walterFixture is the small walter2001 results file of the figure tests.
var walterFixture = filepath.Join("..", "plots", "testdata", "walter2001.parquet")

// TestHTMLWritesAPagePerFile: bench html writes DIR/NAME.html for each file and prints its
// path; the page is the file's report (its figures and findings).
func TestHTMLWritesAPagePerFile(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "report")
	var code int
	out := captureStdout(t, func() {
		code = run(context.Background(), []string{"html", walterFixture, filepath.Join("..", "plots", "testdata", "jiang-hk.parquet"), "--out", dir})
	})
	want := filepath.Join(dir, "walter2001.html") + "\n" + filepath.Join(dir, "jiang-hk.html") + "\n"
	if code != exitOK || out != want {
		t.Fatalf("exit %d, printed %q, want %q", code, out, want)
	}
	page, err := os.ReadFile(filepath.Join(dir, "walter2001.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"<h1>walter2001-small</h1>", `id="figure-walter2001-fig7"`, "Walter, Welch and Vaidya (2001), section 6", "rl-waits-less-than-rr"} {
		if !strings.Contains(string(page), s) {
			t.Errorf("the page lacks %q", s)
		}
	}
	one := filepath.Join(t.TempDir(), "mine.html")
	if code := run(context.Background(), []string{"html", walterFixture, "--out", one}); code != exitOK {
		t.Fatalf("--out PAGE.html: exit %d", code)
	}
	if fi, err := os.Stat(one); err != nil {
		t.Error(err)
	} else if fi.Mode().Perm() != 0o644 {
		t.Errorf("page mode %v, want -rw-r--r--: a page is meant to be shared", fi.Mode().Perm())
	}
}

// TestHTMLBadInput: bad input exits 2 with one line and writes nothing, not even the pages
// of the good files given with a bad one.
func TestHTMLBadInput(t *testing.T) {
	dir := t.TempDir()
	notParquet := filepath.Join(dir, "x.parquet")
	os.WriteFile(notParquet, []byte("not parquet"), 0o644)
	out := filepath.Join(dir, "out")
	for _, args := range [][]string{
		{"html"},
		{"html", walterFixture, notParquet, "--out", out},
		{"html", walterFixture, filepath.Join(dir, "missing.parquet"), "--out", out},
		{"html", walterFixture, walterFixture, "--out", out},
		{"html", walterFixture, walterFixture, "--out", filepath.Join(dir, "one.html")},
		{"html", walterFixture, "--out", notParquet},
		{"html", walterFixture, "--bogus"},
	} {
		before := hashTree(t, dir)
		var code int
		stderr := captureStderr(t, func() { code = run(context.Background(), args) })
		if code != exitUsage || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and one line", args, code, stderr)
		}
		if after := hashTree(t, dir); !maps.Equal(after, before) {
			t.Errorf("%v: files changed: %v -> %v", args, before, after)
		}
	}
}
