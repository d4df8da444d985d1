package traceview_test

import (
	"testing"

	"github.com/mutexlab/mutexlab/kernel"
	"github.com/mutexlab/mutexlab/traceview"
)

// BenchmarkPage records a 30-node Reverse Link trial of 200 measured CS entries and writes its
// page: the cost of bench replay --html and bench run --html, per event and per page byte.
//
//	go test ./traceview -run '^$' -bench Page -benchmem
func BenchmarkPage(b *testing.B) {
	p := kernel.DefaultParams()
	p.N, p.Mobility, p.Measure, p.Seed = 30, 0.2, 200, 1
	events, size := 0, 0
	for b.Loop() {
		tr, err := traceview.Run(p, mustNew(b, "rl"), traceview.Options{}, true)
		if err != nil {
			b.Fatal(err)
		}
		w := &counter{}
		if err := traceview.Write(w, tr); err != nil {
			b.Fatal(err)
		}
		events, size = len(tr.Events.Kind), w.n
	}
	b.ReportMetric(float64(events)*float64(b.N)/b.Elapsed().Seconds(), "events/s")
	b.ReportMetric(float64(size)/float64(events), "page-bytes/event")
}

type counter struct{ n int }

func (c *counter) Write(p []byte) (int, error) { c.n += len(p); return len(p), nil }
