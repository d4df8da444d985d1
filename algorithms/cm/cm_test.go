package cm

import (
	"errors"
	"testing"

	"github.com/mutexlab/mutexlab/internal/trialtest"
	"github.com/mutexlab/mutexlab/kernel"
)

// TestRandomWalter: reliable FIFO links with link changes (forks created and destroyed).
func TestRandomWalter(t *testing.T) {
	count := 150
	if testing.Short() {
		count = 40
	}
	trialtest.RunSeeds(t, New(), count)
}

// TestRandomTVG: lossy, non-FIFO edge-Markovian links with a degree cap.
func TestRandomTVG(t *testing.T) {
	sim := kernel.NewSim()
	var r kernel.Stream
	for seed := uint64(1); seed <= 200; seed++ {
		r.Seed(seed)
		p := kernel.DefaultParams()
		p.Seed, p.N = seed, 2+r.IntN(30)
		p.Network = "tvg"
		p.Net = map[string]float64{kernel.NetBirth: []float64{0.01, 0.1, 0.5}[r.IntN(3)],
			kernel.NetDeath: []float64{0, 0.05, 0.5}[r.IntN(3)], kernel.NetDelta: float64(1 + r.IntN(8))}
		p.Load = []float64{0.01, 0.3, 3}[r.IntN(3)]
		p.Delay = kernel.Delay{Kind: kernel.DelayUniform, A: 0.1, B: 3}
		p.Warmup, p.Measure = 20, 150
		res, err := sim.Run(p, New())
		if err != nil {
			t.Fatalf("seed %d: %v (n=%d net=%v load=%g)", seed, err, p.N, p.Net, p.Load)
		}
		if res.MaxInFlightPerLink > 2 {
			t.Fatalf("seed %d: %d messages on a link: one fork and one token exist per link", seed, res.MaxInFlightPerLink)
		}
	}
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
