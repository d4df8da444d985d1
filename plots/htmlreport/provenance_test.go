package htmlreport

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/results/columns"
)

// TestRunItAgain: a results file that records its sweep spec shows the command that reruns
// it from the file (bench sweep --from) into a new file, a sweep of no preset included; a
// file without a recorded spec shows no such command.
func TestRunItAgain(t *testing.T) {
	path := fixture("rl-rr-grid") // a sweep of the user's own, not a preset
	p, html := build(t, path)
	want := "bench sweep --from ../testdata/rl-rr-grid.parquet --out ../testdata/rl-rr-grid-again.parquet"
	if p.Provenance.RerunFrom != want || !strings.Contains(html, "Run it again: <code>"+want+"</code>") {
		t.Errorf("rerun %q; page:\n%s", p.Provenance.RerunFrom, provenanceSection(html))
	}

	bare := filepath.Join(t.TempDir(), "bare.parquet")
	if err := columns.WriteFile(bare, []columns.Trial{columns.Fake("rl", 30, 0.2, 0.1, 0, 7, 100, 1, 3)}, nil); err != nil {
		t.Fatal(err)
	}
	p, html = build(t, bare)
	if p.Provenance.RerunFrom != "" || strings.Contains(html, "Run it again") {
		t.Errorf("a file without a spec: rerun %q; page:\n%s", p.Provenance.RerunFrom, provenanceSection(html))
	}
}

// TestRerunQuotesPaths: a path the shell would split or expand is quoted in the command.
func TestRerunQuotesPaths(t *testing.T) {
	got := rerunFrom("", "my results/x's.parquet")
	if got != "" {
		t.Errorf("no spec: %q", got)
	}
	if q := shellArg("my results/x's.parquet"); q != `'my results/x'\''s.parquet'` {
		t.Errorf("quoted %q", q)
	}
	if q := shellArg("results/run-1.parquet"); q != "results/run-1.parquet" {
		t.Errorf("plain path quoted: %q", q)
	}
}

func provenanceSection(html string) string {
	start := strings.Index(html, `<section id="provenance">`)
	end := strings.Index(html[max(start, 0):], "</section>")
	if start < 0 || end < 0 {
		return html
	}
	return html[start : start+end]
}
