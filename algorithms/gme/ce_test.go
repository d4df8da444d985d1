package gme_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/gme"
	"github.com/mutexlab/mutexlab/algotest"
	"github.com/mutexlab/mutexlab/internal/jiangload"
	"github.com/mutexlab/mutexlab/kernel"
)

// TestConcurrentEnteringPerReading: Theorem 2 under each reading of the subtokens option, on
// random trials with mobility and random m, under every online check and the liveness drain.
// Under the paper's reading (in-cs) leaders hold requests for their open session's resource
// (gme_ce_misses > 0 on some seeds, with the time they waited), and ce_check = fail stops such
// a trial with a safety violation naming the concurrent-entering miss. Under subtokens =
// session no trial misses, every trial passes with ce_check = fail, and every request is
// still served (Theorem 3: a request for another resource stops the session's growth).
func TestConcurrentEnteringPerReading(t *testing.T) {
	t.Parallel()
	sim, a := kernel.NewSim(), gme.New()
	count := algotest.Count(200, 40)
	missed, stopped := 0, 0
	for seed := uint64(1); seed <= uint64(count); seed++ {
		p := randomAlgo(algotest.RandomParams(seed), seed)
		p.Algo[gme.ParamSubtokens] = gme.SubtokensInCS
		r, err := sim.Run(p, a)
		if err != nil {
			t.Fatalf("seed %d, in-cs: %v", seed, err)
		}
		if m := algotest.Metric(t, r, gme.MetricCEMisses); m > 0 {
			missed++
			if algotest.Metric(t, r, gme.MetricCETime) <= 0 {
				t.Errorf("seed %d: %g misses that lasted no time", seed, m)
			}
			p.Algo[gme.ParamCECheck] = gme.CECheckFail
			var te *kernel.TrialError
			if _, err := sim.Run(p, a); !errors.As(err, &te) || te.Kind != kernel.ErrSafety || !strings.Contains(err.Error(), "concurrent entering") {
				t.Fatalf("seed %d, in-cs, ce_check = fail: %v, want a concurrent-entering violation", seed, err)
			}
			stopped++
		}
		p.Algo[gme.ParamSubtokens], p.Algo[gme.ParamCECheck] = gme.SubtokensSession, gme.CECheckFail
		if r, err = sim.Run(p, a); err != nil {
			t.Fatalf("seed %d, session: %v\n  params: %s", seed, err, algotest.Describe(&p))
		}
		if m := algotest.Metric(t, r, gme.MetricCEMisses); m != 0 {
			t.Fatalf("seed %d, session: %g concurrent-entering misses", seed, m)
		}
	}
	if missed == 0 {
		t.Fatalf("no trial of %d missed under in-cs: the watch sees nothing", count)
	}
	t.Logf("in-cs: %d of %d trials missed (each stopped by ce_check = fail); session: none", missed, count)
}

// TestSessionWorkloads: the timed workloads of internal/jiangload per reading. Session held
// open (Theorem 2): under in-cs node 2 misses the session (one miss, and it enters only after
// node 3's 20 time units in the CS); under session it joins node 3 in the CS. Session kept
// open (Theorem 3): nodes 0 and 3 keep resource 0's session going; node 2's request for
// resource 1 is served under both readings.
func TestSessionWorkloads(t *testing.T) {
	t.Parallel()
	for _, r := range jiangload.GMEReadings[:2] {
		session := r.Name != "literal"
		o, err := jiangload.RunOK(jiangload.SessionHeldOpen(r))
		if err != nil {
			t.Fatalf("%s: %v", r.Name, err)
		}
		misses, conc := o.Extra[gme.MetricCEMisses], o.Extra[gme.MetricConcMax]
		if session != (misses == 0 && conc == 2 && o.First[2] < 20) {
			t.Errorf("session held open, %s: %g misses, at most %g in the CS, node 2 in at %g", r.Name, misses, conc, o.First[2])
		}
		o, err = jiangload.RunOK(jiangload.SessionKeptOpen(2000, r))
		if err != nil || o.Entries[2] != 1 || o.First[2] > 20 {
			t.Errorf("session kept open, %s: %v, entries %v, node 2 in at %g", r.Name, err, o.Entries, o.First[2])
		}
	}
}

// TestRandomSessions: Theorem 3 (bounded delay) under sustained load with no liveness drain,
// on random networks where some nodes ask for resource 0 again and again and others once for
// resource 1 or 2 (jiangload.RandomSessions): every one-shot requester enters under both
// readings of subtokens — extending sessions (session) starves no one — and under session no
// request ever misses a session (Theorem 2).
func TestRandomSessions(t *testing.T) {
	t.Parallel()
	for seed := uint64(1); seed <= uint64(algotest.Count(200, 40)); seed++ {
		for _, r := range jiangload.GMEReadings[:2] {
			w := jiangload.RandomSessions(seed, 2000, r)
			o, err := jiangload.RunOK(w)
			if err != nil {
				t.Fatalf("%s, %s: %v", w.Name, r.Name, err)
			}
			if k := o.Starved(w); k > 0 {
				t.Errorf("%s, %s: %d one-shot requesters never served; entries per node %v", w.Name, r.Name, k, o.Entries)
			}
			if m := o.Extra[gme.MetricCEMisses]; r.Name != "literal" && m != 0 {
				t.Errorf("%s, %s: %g concurrent-entering misses", w.Name, r.Name, m)
			}
		}
	}
}
