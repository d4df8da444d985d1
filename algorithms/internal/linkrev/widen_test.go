package linkrev_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/gme"
	"github.com/mutexlab/mutexlab/algorithms/hk"
	"github.com/mutexlab/mutexlab/algorithms/internal/linkrev"
	"github.com/mutexlab/mutexlab/algorithms/rl"
	"github.com/mutexlab/mutexlab/kernel"
)

// shift is an initial configuration: the default heights (0, d, i), d node i's hop distance
// to node 0, moved by (h1, h2). Every handler compares heights, takes their minimum, adds or
// subtracts one, so a trial from shifted heights makes the same choices as from the default
// ones: only the heights' values differ. reset, when not nil, runs when Reset ends.
type shift struct {
	h1, h2 int64
	reset  func()
}

func (s shift) after() {
	if s.reset != nil {
		s.reset()
	}
}

func (s shift) heights(env *kernel.Env) []linkrev.Height {
	dist := make([]int32, env.N)
	env.Topo.BFS(0, dist, nil)
	hs := make([]linkrev.Height, env.N)
	for i := range hs {
		hs[i] = linkrev.Height{H1: s.h1, H2: s.h2 + int64(dist[i]), ID: int32(i)}
	}
	return hs
}

// The algorithms, their initial heights set at Reset from the trial's network and the
// shift in force.
type (
	shiftedRL struct {
		*rl.RL
		*shift
	}
	shiftedHK struct {
		*hk.HK
		*shift
	}
	shiftedGME struct {
		*gme.GME
		*shift
	}
)

func (a shiftedRL) Reset(env *kernel.Env) error {
	a.InitialHeights = a.heights(env)
	defer a.after()
	return a.RL.Reset(env)
}

func (a shiftedHK) Reset(env *kernel.Env) error {
	a.InitialHeights = a.heights(env)
	defer a.after()
	return a.HK.Reset(env)
}

func (a shiftedGME) Reset(env *kernel.Env) error {
	a.InitialHeights = a.heights(env)
	defer a.after()
	return a.GME.Reset(env)
}

// newShifted returns the algorithm name starting every trial from the heights s says.
func newShifted(name string, s *shift) kernel.Algorithm {
	switch name {
	case "rl":
		return shiftedRL{rl.New(), s}
	case "hk":
		return shiftedHK{hk.New(), s}
	}
	return shiftedGME{gme.New(), s}
}

// TestWideningKeepsTrials: a trial whose heights leave int32 on the way (its height store
// widens mid-trial) has the same result, every field, as the same trial started in the
// 64-bit layout and as the trial from the default heights (the store narrow throughout):
// h2 below −2^31 after a few token hops, h1 above 2^31 − 1 after two reversals; static and
// with link changes (rows move, in either layout), rl, hk and gme. All on one simulator,
// a trial from the default heights after each: a store that widened goes back to 8 bytes
// at the next Reset.
func TestWideningKeepsTrials(t *testing.T) {
	shifts := []shift{{h2: math.MinInt32 + 2}, {h1: math.MaxInt32 - 1}}
	for _, name := range []string{"rl", "hk", "gme"} {
		for _, mobility := range []float64{0, 5} {
			p := kernel.DefaultParams()
			p.N, p.Seed, p.Mobility = 200, 7, mobility
			p.Connectivity = 0.05
			s := &shift{}
			sim, algo := kernel.NewSim(), newShifted(name, s)
			run := func(to shift, wide bool) (result string, widened int64) {
				t.Helper()
				*s = to
				defer linkrev.StartWide(wide)()
				before := linkrev.Widenings()
				r, err := sim.Run(p, algo)
				if err != nil {
					t.Fatalf("%s, mobility %g, heights moved by %v: %v", name, mobility, to, err)
				}
				return fmt.Sprintf("%+v", r), linkrev.Widenings() - before
			}
			want, _ := run(shift{}, false)
			for _, to := range shifts {
				if to.h1 != 0 && mobility == 0 {
					continue // no link fails, no node reverses: h1 stays
				}
				for _, wide := range []bool{false, true} {
					got, widened := run(to, wide)
					if got != want {
						t.Errorf("%s, mobility %g, heights moved by %v, started wide %v: result differs from the default heights':\n%s\nwant\n%s",
							name, mobility, to, wide, got, want)
					}
					if !wide && widened != 1 {
						t.Errorf("%s, mobility %g, heights moved by %v: the store widened %d times, want once", name, mobility, to, widened)
					}
					if got, widened := run(shift{}, false); got != want || widened != 0 {
						t.Errorf("%s, mobility %g: the trial from the default heights after one moved by %v (started wide %v) differs, or widened (%d)",
							name, mobility, to, wide, widened)
					}
				}
			}
		}
	}
}
