package cm

import (
	"errors"
	"fmt"
	"testing"

	"github.com/mutexlab/mutexlab/algotest"
	"github.com/mutexlab/mutexlab/kernel"
)

// TestRandomWalter: reliable FIFO links with link changes (forks created and destroyed).
func TestRandomWalter(t *testing.T) {
	count := algotest.Count(150, 40)
	algotest.RunSeeds(t, New(), count)
}

// TestRandomTVG: lossy, non-FIFO edge-Markovian links with a degree cap.
func TestRandomTVG(t *testing.T) {
	algotest.Trials(t, New(), 200, func(seed uint64) kernel.Params { return algotest.TVGParams(seed, 0xc0) },
		func(seed uint64, r *kernel.Result) error {
			if r.MaxInFlightPerLink > 2 {
				return fmt.Errorf("%d messages on a link: one fork and one token exist per link", r.MaxInFlightPerLink)
			}
			return nil
		})
}

// greedyCM eats as soon as it is hungry: the fork check must stop it.
type greedyCM struct{ *CM }

func (g greedyCM) RequestCS(i int32, out *kernel.Outbox) {
	g.hungry[i], g.eating[i] = false, true
	out.EnterCS()
}

func TestGreedyIsCaught(t *testing.T) {
	p := kernel.DefaultParams()
	p.Load, p.Seed = 2, 3
	_, err := kernel.NewSim().Run(p, greedyCM{New()})
	var te *kernel.TrialError
	if !errors.As(err, &te) || te.Kind != kernel.ErrSafety {
		t.Fatalf("want a safety violation, got %v", err)
	}
}
