package hk_test

import (
	"maps"
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/hk"
	"github.com/mutexlab/mutexlab/algorithms/rl"
	"github.com/mutexlab/mutexlab/algotest"
	"github.com/mutexlab/mutexlab/kernel"
)

// withAlgo returns p with the given hk parameters.
func withAlgo(p kernel.Params, kv ...float64) kernel.Params {
	p.Algo = map[string]float64{}
	names := []string{hk.ParamK, hk.ParamH, hk.ParamLevels, hk.ParamAging}
	for x, v := range kv {
		p.Algo[names[x]] = v
	}
	return p
}

// TestRandomSeeds: hundreds of random trials (random n, links, load, mobility, delays) with
// random k, h distribution, priority levels and aging step, under the online checks: at most
// k resources in use at every entry (Theorem 1), exactly one TOKEN (held or in flight) after
// every event, and every request served once link changes stop (Theorem 3, via the kernel's
// liveness drain and starvation watchdog).
func TestRandomSeeds(t *testing.T) {
	events := algotest.Trials(t, hk.New(), algotest.Count(300, 50), randomHK, nil)
	t.Logf("%d events", events)
}

// randomHK draws a random trial with random k (1..8), h (1, uniform, or fixed in 1..k),
// priority levels and aging step.
func randomHK(seed uint64) kernel.Params {
	p := algotest.RandomParams(seed)
	var r kernel.Stream
	r.Seed(kernel.DeriveSeed(seed, 0x4b))
	k := 1 + r.IntN(8)
	h := []float64{1, 0, float64(1 + r.IntN(k))}[r.IntN(3)]
	return withAlgo(p, float64(k), h, float64(1+r.IntN(hk.MaxLevels)), float64(r.IntN(3)))
}

// mutexOnly hides hk's own checker, so the kernel checks plain mutual exclusion (at most one
// node in the CS) instead of "at most k resources".
type mutexOnly struct {
	kernel.Algorithm
	h *hk.HK
}

func (m mutexOnly) HoldsToken(i int32) bool { return m.h.HoldsToken(i) }

// TestDegenerateIsReverseLink: with k = h = 1, one priority level and no aging, h-out-of-k is
// mutual exclusion and, under Reverse Link's readings of the two points where Jiang's text
// differs from RL's (link_to = outgoing; request_sink = raise), every choice in the package
// doc reduces to Reverse Link: the token is only passed while resources remain, so a node in
// the CS (t = 0) keeps it and no RELEASE is ever sent; with equal priorities the priority
// queue is RL's FIFO queue and no UPDATE is sent. So on the same seeds hk must reproduce RL's
// trials exactly: the same events, waits, and request, token and linkinfo counts, with zero
// release and update messages. The same holds with request_sink = forward (Jiang's handler,
// without RL's line 7): the sink test of the REQUEST handler never fires on these seeds (see
// TestRequestSinkNeverFires). With aging (priorities then differ) or link_to = all (Jiang's
// LINK to every neighbour) the trial may differ from RL's, but the kernel's plain
// mutual-exclusion checker must still pass and every request must be served.
func TestDegenerateIsReverseLink(t *testing.T) {
	sim := kernel.NewSim()
	a, r := hk.New(), rl.New()
	for seed := uint64(1); seed <= 80; seed++ {
		p := algotest.RandomParams(seed)
		want, err := sim.Run(p, r)
		if err != nil {
			t.Fatal(err)
		}
		for _, sink := range []float64{hk.SinkRaise, hk.SinkForward} {
			q := withReadings(withAlgo(p, 1, 1, 1, 0), hk.AgingCSExit, 1, sink)
			got, err := sim.Run(q, mutexOnly{a, a})
			if err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			sameAsRL(t, seed, got, want)
		}
		for _, q := range []kernel.Params{withAlgo(p, 1, 1, 1, 3), withAlgo(p, 1, 1, 1, 0)} {
			if _, err := sim.Run(q, mutexOnly{a, a}); err != nil {
				t.Fatalf("seed %d, %v: %v", seed, q.Algo, err)
			}
		}
	}
}

// withReadings sets hk's three readings (their codes) in p.
func withReadings(p kernel.Params, agingAt, linkTo, sink float64) kernel.Params {
	p.Algo[hk.ParamAgingAt], p.Algo[hk.ParamLinkTo], p.Algo[hk.ParamRequestSink] = agingAt, linkTo, sink
	return p
}

// sameAsRL fails unless the hk trial got is the rl trial want, message for message.
func sameAsRL(t *testing.T, seed uint64, got, want kernel.Result) {
	t.Helper()
	if got.Events != want.Events || got.WaitMean != want.WaitMean || got.WaitMax != want.WaitMax || got.SimTime != want.SimTime {
		t.Fatalf("seed %d: hk(k=h=1) differs from rl:\n hk %+v\n rl %+v", seed, got, want)
	}
	byName := map[string]int64{}
	for x, ty := range got.MsgTypes {
		byName[ty.Name] = got.Msgs[x]
	}
	for x, ty := range want.MsgTypes {
		if byName[ty.Name] != want.Msgs[x] {
			t.Fatalf("seed %d: msgs_%s hk %d, rl %d", seed, ty.Name, byName[ty.Name], want.Msgs[x])
		}
	}
	if byName["release"] != 0 || byName["update"] != 0 {
		t.Fatalf("seed %d: %d releases and %d updates, want none", seed, byName["release"], byName["update"])
	}
}

// TestRequestSinkNeverFires: request_sink = forward (Jiang's request handler) and raise (RL's,
// whose line 7 raises the height of a sink first) give the same trial, event for event, on
// random trials with mobility, random knobs and either link_to. The sink test never fires at
// a REQUEST: every change of a neighbour's height reaches a node in a LINK before any REQUEST
// the neighbour sends afterwards (links are FIFO), and a node without the token that becomes a
// sink raises its height in the same handler (LINK or link failure), so a REQUEST never finds
// it a sink. Jiang's literal handler is therefore the default at no cost to Theorem 3.
func TestRequestSinkNeverFires(t *testing.T) {
	t.Parallel()
	sim := kernel.NewSim()
	a := hk.New()
	for seed := uint64(1); seed <= uint64(algotest.Count(200, 40)); seed++ {
		p := randomHK(seed)
		for _, link := range []float64{0, 1} {
			var rs [2]kernel.Result
			for sink := range rs {
				r, err := sim.Run(withReadings(cloneAlgo(p), hk.AgingCSExit, link, float64(sink)), a)
				if err != nil {
					t.Fatalf("seed %d: %v\n  params: %s", seed, err, algotest.Describe(&p))
				}
				rs[sink] = r
			}
			if rs[0].Events != rs[1].Events || rs[0].MsgsTotal != rs[1].MsgsTotal || rs[0].WaitMean != rs[1].WaitMean {
				t.Fatalf("seed %d link_to %s: request_sink forward and raise differ: events %d vs %d, messages %d vs %d",
					seed, hk.LinkToNames[int(link)], rs[0].Events, rs[1].Events, rs[0].MsgsTotal, rs[1].MsgsTotal)
			}
		}
	}
}

// cloneAlgo returns p with its own copy of p.Algo.
func cloneAlgo(p kernel.Params) kernel.Params {
	p.Algo = maps.Clone(p.Algo)
	return p
}
