package akw2

import (
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/drs"
	"github.com/mutexlab/mutexlab/algotest"
)

// BenchmarkWaypoint: akw2 and drs on the local-mutex family's shared workload
// (algotest.LocalMutexWaypoint), one trial per iteration on a warm simulator; reports
// events/s.
//
//	go test -run '^$' -bench Waypoint -benchmem -benchtime 3x ./algorithms/akw2
func BenchmarkWaypoint(b *testing.B) {
	p := algotest.LocalMutexWaypoint.Params()
	b.Run("akw2", func(b *testing.B) { algotest.BenchWarm(b, New(), p) })
	b.Run("drs", func(b *testing.B) { algotest.BenchWarm(b, drs.New(), p) })
}

// TestTrialAllocs: akw2's event handling allocates nothing (algotest.NoAllocsPerEvent, drs
// as the yardstick).
func TestTrialAllocs(t *testing.T) { algotest.NoAllocsPerEvent(t, New(), drs.New()) }
