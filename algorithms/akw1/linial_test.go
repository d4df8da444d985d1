package akw1

import (
	"errors"
	"testing"

	"github.com/mutexlab/mutexlab/algotest"
	"github.com/mutexlab/mutexlab/kernel"
)

// TestLinialSchedule: every step is a valid cover-free family (q prime, q > δ·d, q^(d+1) at
// least the colours it reduces), ranges shrink, and the number of steps grows like log* n.
func TestLinialSchedule(t *testing.T) {
	for _, c := range []struct{ n, d int64 }{{10, 3}, {1000, 4}, {1 << 20, 8}, {1 << 40, 2}} {
		steps, final := linialSchedule(c.n, c.d)
		m := c.n
		for _, st := range steps {
			if nextPrime(st.q) != st.q || st.q <= c.d*st.d || pow(st.q, st.d+1) < m || st.q*st.q >= m {
				t.Fatalf("n=%d δ=%d: bad step q=%d d=%d from %d colours", c.n, c.d, st.q, st.d, m)
			}
			m = st.q * st.q
		}
		if m != final || len(steps) > 4 {
			t.Fatalf("n=%d δ=%d: %d steps to %d colours", c.n, c.d, len(steps), final)
		}
		t.Logf("n=%d δ=%d: %d steps, %d colours", c.n, c.d, len(steps), final)
	}
	if got := polyAt(2*7+3, 2, 7, 1); got != (3+2*2)%7 {
		t.Fatalf("polyAt: %d", got)
	}
}

// TestLinialRandom: variation 1b on random static and mobile networks: local mutual
// exclusion, Lemma 3 at every entry and exit, liveness, I2, and never more competitors than
// the known δ; every colour the recolouring produced lies in the range the package doc
// documents, q²·(δ+1) (the color_range metric).
func TestLinialRandom(t *testing.T) {
	count := algotest.Count(150, 40)
	sim := kernel.NewSim()
	a := New()
	exercised := 0
	for seed := uint64(1); seed <= uint64(count); seed++ {
		for _, p := range []kernel.Params{LinialParams(algotest.SlowParams(seed)), LinialParams(waypointParams(seed))} {
			if err := Validate(&p); err != nil {
				t.Fatal(err)
			}
			res, err := sim.Run(p, withLemma3{a})
			if err != nil {
				t.Fatalf("seed %d: %v (n=%d network=%s net=%v mobility=%g)", seed, err, p.N, p.Network, p.Net, p.Mobility)
			}
			if a.BadReq() != 0 || a.linOverflow != 0 {
				t.Fatalf("seed %d: bad_req %d, linial_overflow %d", seed, a.BadReq(), a.linOverflow)
			}
			if res.CSEntries != int64(p.Measure) {
				t.Fatalf("seed %d: %d entries", seed, res.CSEntries)
			}
			if len(a.linSteps) > 0 && a.recolors > 0 {
				exercised++
			}
			// 1b's documented range: final Linial colour f < m, block f·(δ+1) .. f·(δ+1)+δ
			_, m := linialSchedule(int64(p.Algo[ParamKnownN]), a.knownD)
			if a.m.colorRange > m*(a.knownD+1) {
				t.Fatalf("seed %d: color_range %d above q²(δ+1) = %d·%d", seed, a.m.colorRange, m, a.knownD+1)
			}
		}
	}
	if exercised < count/4 {
		t.Fatalf("only %d trials recoloured through reduction steps", exercised)
	}
	t.Logf("%d trials recoloured through reduction steps", exercised)
}

// TestColoringBadInput: an unknown colouring, and 1b without n or δ, are refused before any
// trial runs, naming the parameter.
func TestColoringBadInput(t *testing.T) {
	for _, c := range []struct {
		algo map[string]float64
		want string
	}{
		{map[string]float64{ParamColoring: 3}, ParamColoring},
		{map[string]float64{ParamColoring: 2}, ParamKnownN},
		{map[string]float64{ParamColoring: 2, ParamKnownN: 5}, ParamKnownN}, // fewer than the 30 nodes
		{map[string]float64{ParamColoring: 2, ParamKnownN: 30}, ParamKnownD},
		{map[string]float64{ParamColoring: 2, ParamKnownN: 30, ParamKnownD: 0.5}, ParamKnownD},
	} {
		p := kernel.DefaultParams()
		p.Algo = c.algo
		var pe *kernel.ParamError
		if err := Validate(&p); !errors.As(err, &pe) || pe.Name != c.want {
			t.Errorf("%v: got %v, want a *ParamError naming %s", c.algo, err, c.want)
		}
	}
	p := kernel.DefaultParams()
	p.Algo = map[string]float64{ParamColoring: 2, ParamKnownN: 30, ParamKnownD: 29}
	if err := Validate(&p); err != nil {
		t.Fatal(err)
	}
}
