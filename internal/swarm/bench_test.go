package swarm

import (
	"testing"
	"time"

	"github.com/mutexlab/mutexlab/kernel"
)

// BenchmarkTrial measures the cost of one swarm trial per algorithm, averaged over the seeds
// 1, 2, 3, ... (every knob random), and reports trials/s on one core. The 100,000-trial
// nightly run takes about 100000 / (trials/s × cores) seconds per algorithm:
//
//	go test ./internal/swarm -run '^$' -bench Trial -benchtime 2000x
func BenchmarkTrial(b *testing.B) {
	for _, name := range DefaultAlgorithms {
		b.Run(name, func(b *testing.B) {
			t, err := Lookup(name)
			if err != nil {
				b.Fatal(err)
			}
			sim, algo := kernel.NewSim(), t.New()
			var events int64
			start := time.Now()
			for k := range b.N {
				o, _ := RunTrial(sim, algo, t, uint64(k+1))
				if o.Kind != Pass {
					b.Fatalf("%v", o.Err)
				}
				events += o.Events
			}
			s := time.Since(start).Seconds()
			b.ReportMetric(float64(b.N)/s, "trials/s")
			b.ReportMetric(float64(events)/float64(b.N), "events/trial")
		})
	}
}
