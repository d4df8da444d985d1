package drs

import (
	"testing"
	"time"

	"github.com/mutexlab/mutexlab/kernel"
)

// BenchmarkWaypoint100k: drs on n = 100,000 random-waypoint nodes (side 3000, r = 20, mean
// degree about 14; speeds 0.05..0.2 per time unit; exponential delays, mean 1), one trial per
// iteration on a warm simulator. Reports events/s and the kernel's and drs's bytes per node.
//
//	go test -run '^$' -bench Waypoint100k -benchmem -benchtime 1x ./algorithms/drs
func BenchmarkWaypoint100k(b *testing.B) {
	p := kernel.DefaultParams()
	p.N, p.Seed, p.Load = 100000, 1, 0.05
	p.Network = "waypoint"
	p.Net = map[string]float64{kernel.NetSide: 3000, kernel.NetRadius: 20, kernel.NetSpeedMin: 0.05, kernel.NetSpeedMax: 0.2, kernel.NetDelta: 32}
	p.Delay = kernel.Delay{Kind: kernel.DelayExponential, A: 1}
	p.Warmup, p.Measure = 20000, 200000
	sim, a := kernel.NewSim(), New()
	if _, err := sim.Run(p, a); err != nil { // warm
		b.Fatal(err)
	}
	b.ResetTimer()
	var events int64
	start := time.Now()
	for range b.N {
		r, err := sim.Run(p, a)
		if err != nil {
			b.Fatal(err)
		}
		events += r.Events
	}
	el := time.Since(start).Seconds()
	b.ReportMetric(float64(events)/el, "events/s")
	kb, _ := sim.MemoryBytes()
	b.ReportMetric(float64(kb)/float64(p.N), "kernel-B/node")
	b.ReportMetric(float64(a.MemoryBytes())/float64(p.N), "drs-B/node")
}
