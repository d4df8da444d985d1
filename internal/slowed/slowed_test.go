package slowed_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/mutexlab/mutexlab/algorithms"
	"github.com/mutexlab/mutexlab/algotest"
	"github.com/mutexlab/mutexlab/internal/slowed"
	"github.com/mutexlab/mutexlab/kernel"
)

// walterFamily run on Walter, Welch and Vaidya's link-change model; the others (local
// mutual exclusion) on random-waypoint networks, which lose messages with failing links.
var walterFamily = []string{"rl", "rr", "hk", "gme"}

func trialParams(alg string, seed uint64) kernel.Params {
	if slices.Contains(walterFamily, alg) {
		return algotest.RandomParams(seed)
	}
	return algotest.WaypointParams(seed, 0x510e)
}

// same compares two results field by field, NaN equal to NaN (an hk class with no entry).
func same(a, b kernel.Result) bool { return fmt.Sprintf("%+v", a) == fmt.Sprintf("%+v", b) }

func wrap(t *testing.T, inner kernel.Algorithm, s slowed.Slowdown) (kernel.Algorithm, *slowed.Algorithm) {
	t.Helper()
	a, w, err := slowed.Wrap(inner, s)
	if err != nil {
		t.Fatal(err)
	}
	return a, w
}

// TestTransparent: with no slowdown the wrapper changes nothing: every measurement of every
// registered algorithm is the same as without it (the two extra message types stay at 0).
func TestTransparent(t *testing.T) {
	for _, info := range algorithms.All() {
		t.Run(info.Name, func(t *testing.T) {
			t.Parallel()
			sim := kernel.NewSim()
			for seed := uint64(1); seed <= 8; seed++ {
				p := trialParams(info.Name, seed)
				want, err := sim.Run(p, info.New())
				if err != nil {
					t.Fatal(err)
				}
				a, _ := wrap(t, info.New(), slowed.Slowdown{})
				got, err := sim.Run(p, a)
				if err != nil {
					t.Fatal(err)
				}
				if !slices.Equal(got.Msgs[len(want.Msgs):], []int64{0, 0}) {
					t.Fatalf("seed %d: wrapper messages %v", seed, got.Msgs[len(want.Msgs):])
				}
				got.Msgs, got.MsgTypes = got.Msgs[:len(want.Msgs)], got.MsgTypes[:len(want.MsgTypes)]
				if !same(got, want) {
					t.Fatalf("seed %d: wrapped %+v\nplain %+v", seed, got, want)
				}
			}
		})
	}
}

// TestSlowedSafeAndLive: every registered algorithm, slowed in n and in δ, runs random
// trials (static and mobile, lossy and reliable links) under the kernel's online safety
// checks, token count and starvation watchdog, serves every measured request, and repeats
// bit for bit on the same seed.
func TestSlowedSafeAndLive(t *testing.T) {
	seeds := uint64(8)
	if testing.Short() {
		seeds = 4
	}
	for _, info := range algorithms.All() {
		for _, s := range []slowed.Slowdown{{Var: slowed.VarN, Power: 1, Coef: 0.5}, {Var: slowed.VarDegree, Power: 2, Coef: 0.5}} {
			t.Run(info.Name+"/"+s.Var, func(t *testing.T) {
				t.Parallel()
				sim := kernel.NewSim()
				var replays int64
				for seed := uint64(1); seed <= seeds; seed++ {
					p := trialParams(info.Name, seed)
					a, w := wrap(t, info.New(), s)
					r1, err := sim.Run(p, a)
					if err != nil {
						t.Fatalf("seed %d: %v", seed, err)
					}
					if r1.CSEntries != int64(p.Measure) {
						t.Fatalf("seed %d: %d entries measured, want %d", seed, r1.CSEntries, p.Measure)
					}
					replays += w.Replays()
					b, _ := wrap(t, info.New(), s)
					r2, err := sim.Run(p, b)
					if err != nil || !same(r1, r2) {
						t.Fatalf("seed %d: a second run differs (%v)", seed, err)
					}
				}
				t.Logf("%d round trips replayed after a link failure", replays)
			})
		}
	}
}

// TestSlowdownAddsRoundTrips: on a fixed network with every delay 1, a request made alone
// waits exactly 2·R time units longer when slowed by R round trips, R = ceil(Coef·x^Power)
// with x = n or the maximum degree.
func TestSlowdownAddsRoundTrips(t *testing.T) {
	edges := [][2]int32{{0, 1}, {1, 2}, {1, 3}, {3, 4}} // node 1 has the maximum degree 3
	wait := func(alg string, s slowed.Slowdown) float64 {
		info, _ := algorithms.Lookup(alg)
		a, _ := wrap(t, info.New(), s)
		sim := kernel.NewSim()
		p := kernel.DefaultParams()
		p.N, p.Load = 5, 0
		if err := sim.Script(p, a, edges); err != nil {
			t.Fatal(err)
		}
		if err := sim.RequestCS(4); err != nil {
			t.Fatal(err)
		}
		for sim.Step() && !sim.InCS(4) {
		}
		if !sim.InCS(4) || sim.Err() != nil {
			t.Fatalf("%s %v: node 4 never entered (%v)", alg, s, sim.Err())
		}
		return sim.Now()
	}
	for _, alg := range []string{"rl", "akw2", "cm"} {
		base := wait(alg, slowed.Slowdown{})
		for _, c := range []struct {
			s      slowed.Slowdown
			rounds int
		}{{slowed.Slowdown{Var: slowed.VarN, Power: 1, Coef: 1}, 5}, {slowed.Slowdown{Var: slowed.VarN, Power: 2, Coef: 0.3}, 8},
			{slowed.Slowdown{Var: slowed.VarDegree, Power: 2, Coef: 1}, 9}} {
			if got := wait(alg, c.s) - base; got != float64(2*c.rounds) {
				t.Errorf("%s %v: waits %g longer, want %d (2 per round trip)", alg, c.s, got, 2*c.rounds)
			}
		}
	}
}

// TestWrapBadSlowdown: a slowdown that cannot be meant is refused with what is accepted.
func TestWrapBadSlowdown(t *testing.T) {
	info, _ := algorithms.Lookup("cm")
	for _, s := range []slowed.Slowdown{{Var: "m", Power: 1, Coef: 1}, {Var: slowed.VarN, Power: -1, Coef: 1}, {Var: slowed.VarN, Power: 1, Coef: -2}} {
		if _, _, err := slowed.Wrap(info.New(), s); err == nil {
			t.Errorf("%+v accepted", s)
		}
	}
	if r := (slowed.Slowdown{Var: slowed.VarN, Power: 9, Coef: 1}).Rounds(1e6); r != slowed.MaxRounds {
		t.Errorf("rounds %d, want the cap %d", r, slowed.MaxRounds)
	}
}
