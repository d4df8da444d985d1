package cli

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/results"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// TestRunSummaryCountsEvents checks the events `bench run` reports on its summary line (the
// number a user divides by the wall time) against the sum of the events column of the file
// it wrote: every trial's events, all phases, counted once.
func TestRunSummaryCountsEvents(t *testing.T) {
	out := filepath.Join(t.TempDir(), "r.parquet")
	var code int
	stdout := captureStdout(t, func() {
		code = run(context.Background(), []string{"run", "--algo", "rl,drs", "--n", "30", "--trials", "3", "--quiet", "--out", out})
	})
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, stdout)
	}
	f, err := results.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	events, err := f.Float64Column("events")
	if err != nil {
		t.Fatal(err)
	}
	var sum int64
	for _, e := range events {
		sum += int64(e)
	}
	want := message.NewPrinter(language.English).Sprintf(" %d events, ", sum)
	if len(events) != 6 || sum <= 0 || !strings.Contains(stdout, want) || !strings.Contains(stdout, " M events/s -> ") {
		t.Fatalf("%d rows, %d events in the file; summary does not say %q:\n%s", len(events), sum, want, stdout)
	}
}
