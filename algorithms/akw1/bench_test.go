package akw1

import (
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/drs"
	"github.com/mutexlab/mutexlab/algotest"
	"github.com/mutexlab/mutexlab/kernel/netmodel"
)

// BenchmarkWaypoint: akw1 (1a and 1b) and drs on the local-mutex family's shared workload
// (algotest.LocalMutexWaypoint), one trial per iteration on a warm simulator; reports
// events/s.
//
//	go test -run '^$' -bench Waypoint -benchmem -benchtime 3x ./algorithms/akw1
func BenchmarkWaypoint(b *testing.B) {
	p := algotest.LocalMutexWaypoint.Params()
	lin := p
	lin.Algo = map[string]float64{ParamColoring: ColoringLinial, ParamKnownN: float64(p.N), ParamKnownD: p.Net[netmodel.Delta]}
	b.Run("akw1", func(b *testing.B) { algotest.BenchWarm(b, New(), p) })
	b.Run("akw1b", func(b *testing.B) { algotest.BenchWarm(b, New(), lin) })
	b.Run("drs", func(b *testing.B) { algotest.BenchWarm(b, drs.New(), p) })
}

// TestTrialAllocs: akw1's event handling allocates nothing (algotest.NoAllocsPerEvent, drs
// as the yardstick).
func TestTrialAllocs(t *testing.T) { algotest.NoAllocsPerEvent(t, New(), drs.New()) }
