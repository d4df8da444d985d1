package akw1

import (
	"testing"
	"time"

	"github.com/mutexlab/mutexlab/algorithms/drs"
	"github.com/mutexlab/mutexlab/kernel"
)

// benchParams: n = 2,000 random-waypoint nodes (side 1500, r = 60, mean degree about 10,
// speeds 0.1..0.5), exponential delays; the speed target is akw1 within 3x of drs
// in events/s on the same network.
func benchParams() kernel.Params {
	p := kernel.DefaultParams()
	p.N, p.Seed, p.Load = 2000, 1, 0.1
	p.Network = "waypoint"
	p.Net = map[string]float64{kernel.NetSide: 1500, kernel.NetRadius: 60, kernel.NetSpeedMin: 0.1, kernel.NetSpeedMax: 0.5, kernel.NetDelta: 32}
	p.Delay = kernel.Delay{Kind: kernel.DelayExponential, A: 1}
	p.Warmup, p.Measure = 2000, 20000
	return p
}

// BenchmarkWaypoint: akw1 (1a and 1b) and drs on the same network, one trial per iteration on a warm
// simulator; reports events/s.
//
//	go test -run '^$' -bench Waypoint -benchmem -benchtime 3x ./algorithms/akw1
func BenchmarkWaypoint(b *testing.B) {
	for _, c := range []struct {
		name string
		algo kernel.Algorithm
	}{{"akw1", New()}, {"akw1b", New()}, {"drs", drs.New()}} {
		b.Run(c.name, func(b *testing.B) {
			p := benchParams()
			if c.name == "akw1b" {
				p.Algo = map[string]float64{ParamColoring: ColoringLinial, ParamKnownN: float64(p.N), ParamKnownD: p.Net[kernel.NetDelta]}
			}
			sim := kernel.NewSim()
			if _, err := sim.Run(p, c.algo); err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			var events int64
			start := time.Now()
			for range b.N {
				r, err := sim.Run(p, c.algo)
				if err != nil {
					b.Fatal(err)
				}
				events += r.Events
			}
			b.ReportMetric(float64(events)/time.Since(start).Seconds(), "events/s")
		})
	}
}

// TestTrialAllocs: a trial on a warm simulator allocates no more than drs's on the same
// trial plus a few (the checker, its closure, the metrics slice), and a trial with about
// twice the events allocates no more: akw1's event handling allocates nothing.
func TestTrialAllocs(t *testing.T) {
	p := kernel.DefaultParams()
	p.Network = "waypoint"
	p.N, p.Seed, p.Load = 60, 3, 0.5
	p.Net = map[string]float64{kernel.NetSide: 600, kernel.NetRadius: 120, kernel.NetSpeedMin: 1, kernel.NetSpeedMax: 5}
	p.Warmup, p.Measure = 100, 1000
	long := p
	long.Measure *= 2
	sim, a := kernel.NewSim(), New()
	var rs, rl kernel.Result
	run := func(p kernel.Params, r *kernel.Result) func() {
		return func() {
			res, err := sim.Run(p, a)
			if err != nil {
				t.Fatal(err)
			}
			*r = res
		}
	}
	allocsLong := testing.AllocsPerRun(3, run(long, &rl))
	allocsShort := testing.AllocsPerRun(3, run(p, &rs))
	t.Logf("%v allocs for %d events, %v for %d events", allocsShort, rs.Events, allocsLong, rl.Events)
	if rl.Events < rs.Events*3/2 {
		t.Fatalf("the longer trial has %d events, the shorter %d", rl.Events, rs.Events)
	}
	// The network model and kernel allocate per trial too: drs on the same trial is the yardstick.
	d := drs.New()
	allocsDRS := testing.AllocsPerRun(3, func() {
		if _, err := sim.Run(p, d); err != nil {
			t.Fatal(err)
		}
	})
	if allocsLong > allocsShort || allocsShort > allocsDRS+4 {
		t.Fatalf("allocations: %v for %d events, %v for %d events (drs: %v)", allocsShort, rs.Events, allocsLong, rl.Events, allocsDRS)
	}
}
