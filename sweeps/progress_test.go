package sweeps

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

// The ETA follows the estimated work, not the trial count: the schedule runs the costliest
// trials first, so after 10 trials that were half the work, the time left equals the time
// spent, however many cheap trials remain.
func TestETAByWork(t *testing.T) {
	el := 100 * time.Second
	if got := etaText(el, 10, 990, 1000, 500, 500); got != "1m40s" {
		t.Errorf("by work: ETA %s, want 1m40s (half the work done in 100 s)", got)
	}
	if got := etaText(el, 10, 990, 0, 0, 0); got != "2h45m0s" {
		t.Errorf("by count: ETA %s, want 2h45m0s (10 trials in 100 s, 990 left)", got)
	}
	if got := etaText(el, 0, 1000, 1000, 0, 1000); got != "?" {
		t.Errorf("nothing done: ETA %s, want ?", got)
	}
}

// Execute tells a WorkProgress the work: the plain lines' ETA of a finished sweep is 0s.
func TestPlainProgressUsesWork(t *testing.T) {
	var buf bytes.Buffer
	p := NewPlainProgress(&buf, time.Hour).(*plainProgress)
	p.Start("x", 4, 0)
	p.StartWork(100, 0)
	p.AddWork(90)
	p.Add(1)
	p.AddWork(10)
	p.Add(3)
	p.Finish()
	if out := buf.String(); !strings.Contains(out, "4/4 trials") || !strings.Contains(out, "ETA 0s") {
		t.Errorf("finished sweep: %q", out)
	}
}
