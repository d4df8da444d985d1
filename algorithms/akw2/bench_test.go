package akw2

import (
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/drs"
	"github.com/mutexlab/mutexlab/internal/trialtest"
)

// BenchmarkWaypoint: akw2 and drs on the local-mutex family's shared workload
// (trialtest.LocalMutexWaypoint), one trial per iteration on a warm simulator; reports
// events/s.
//
//	go test -run '^$' -bench Waypoint -benchmem -benchtime 3x ./algorithms/akw2
func BenchmarkWaypoint(b *testing.B) {
	p := trialtest.LocalMutexWaypoint.Params()
	b.Run("akw2", func(b *testing.B) { trialtest.BenchWarm(b, New(), p) })
	b.Run("drs", func(b *testing.B) { trialtest.BenchWarm(b, drs.New(), p) })
}

// TestTrialAllocs: akw2's event handling allocates nothing (trialtest.NoAllocsPerEvent, drs
// as the yardstick).
func TestTrialAllocs(t *testing.T) { trialtest.NoAllocsPerEvent(t, New(), drs.New()) }
