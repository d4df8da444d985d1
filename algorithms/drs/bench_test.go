package drs

import (
	"testing"
	"time"

	"github.com/mutexlab/mutexlab/algotest"
	"github.com/mutexlab/mutexlab/kernel"
	"github.com/mutexlab/mutexlab/kernel/netmodel"
)

// waypoint100kParams is the workload of drs's speed target (1 M events/s): drs on n = 100,000
// random-waypoint nodes (side 3000, r = 20, mean degree about 14; speeds 0.05..0.2 per time
// unit; Δ = 32; exponential delays, mean 1; load 0.05 per node, which saturates the network).
// Warm-up and measurement are short (500 and 2,000 CS entries): most of a trial is the
// liveness drain, in which every node still waiting when the measurement ends is served.
func waypoint100kParams() kernel.Params {
	return algotest.Waypoint{N: 100000, Side: 3000, R: 20, VMin: 0.05, VMax: 0.2, Load: 0.05, Warmup: 500, Measure: 2000}.Params()
}

// benchSim is warmed by one trial the first time BenchmarkWaypoint100k runs, so that -count
// runs do not each pay a warm-up trial.
var benchSim struct {
	sim *kernel.Sim
	drs *DRS
	geo *netmodel.Geo
}

// BenchmarkWaypoint100k runs one whole trial of waypoint100kParams per iteration on a warm
// simulator, and reports events per second (wall clock, setup included) and bytes per node:
// the kernel's per-node and per-port state, drs's, and the geometric model's (positions,
// candidate lists, grid and pending crossings). The event queue is not included.
//
//	go test -run '^$' -bench Waypoint100k -benchmem -benchtime 1x -count 5 ./algorithms/drs
func BenchmarkWaypoint100k(b *testing.B) {
	p := waypoint100kParams()
	if benchSim.sim == nil {
		// Keep a handle on each trial's netmodel.Geo (the simulator makes one per trial from the
		// registry) to measure its memory; the model behaves exactly as registered.
		info, _ := kernel.LookupNetwork("waypoint")
		info.New = func() kernel.NetworkModel {
			benchSim.geo = &netmodel.Geo{}
			return benchSim.geo
		}
		kernel.RegisterNetworkInfo(info)
		benchSim.sim, benchSim.drs = kernel.NewSim(), New()
		if _, err := benchSim.sim.Run(p, benchSim.drs); err != nil { // warm
			b.Fatal(err)
		}
	}
	sim, a := benchSim.sim, benchSim.drs
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
	b.StopTimer()
	b.ReportMetric(float64(events)/el, "events/s")
	kb, _ := sim.MemoryBytes()
	geo := 0
	if benchSim.geo != nil {
		geo = benchSim.geo.MemoryBytes()
	}
	b.ReportMetric(float64(kb)/float64(p.N), "kernel-B/node")
	b.ReportMetric(float64(a.MemoryBytes())/float64(p.N), "drs-B/node")
	b.ReportMetric(float64(geo)/float64(p.N), "geo-B/node")
	b.ReportMetric(float64(kb+a.MemoryBytes()+geo)/float64(p.N), "B/node")
}
