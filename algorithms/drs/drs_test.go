package drs

import (
	"errors"
	"testing"

	"github.com/mutexlab/mutexlab/algotest"
	"github.com/mutexlab/mutexlab/kernel"
	"github.com/mutexlab/mutexlab/kernel/netmodel"
)

// tvgParams draws a small trial on the edge-Markovian network (algotest.TVGParams) with K
// random too: small for tiny Δ, about Δ² otherwise (the paper's footnote 2: with K <= Δ² a
// node wins an open trial with probability about (1-1/K)^(2Δ²)/(2Δ²), which for K = 2 and
// Δ = 6 is 1e-24: lockout freedom holds only in the limit).
func tvgParams(seed uint64) kernel.Params {
	p := algotest.TVGParams(seed, 0xd125)
	var r kernel.Stream
	r.Seed(kernel.DeriveSeed(seed, 0xd126))
	if d := int(p.Net[netmodel.Delta]); d <= 2 {
		p.Algo = map[string]float64{ParamK: float64(2 + r.IntN(6))}
	} else {
		p.Algo = map[string]float64{ParamK: float64(d*d + r.IntN(d*d))}
	}
	return p
}

// TestRandomTVG runs drs on hundreds of random edge-Markovian networks (lossy, non-FIFO,
// ports reused at once) under the online checks: local mutual exclusion on the current graph,
// lock sets at every entry and exit, at most two messages in transit per edge (Lemma 11),
// and lockout freedom (every request served once link changes stop; starvation watchdog).
func TestRandomTVG(t *testing.T) {
	count := algotest.Count(300, 60)
	sim := kernel.NewSim()
	a := New()
	var lost, changes int64
	for seed := uint64(1); seed <= uint64(count); seed++ {
		p := tvgParams(seed)
		r, err := sim.Run(p, a)
		if err != nil {
			t.Fatalf("seed %d: %v\n  n=%d net=%v algo=%v load=%g delay=%s", seed, err, p.N, p.Net, p.Algo, p.Load, p.Delay)
		}
		if r.CSEntries != int64(p.Measure) {
			t.Fatalf("seed %d: %d entries measured, want %d", seed, r.CSEntries, p.Measure)
		}
		if r.MaxInFlightPerLink > 2 {
			t.Fatalf("seed %d: %d messages in transit on a link", seed, r.MaxInFlightPerLink)
		}
		lost += r.MsgsLost
		changes += r.LinkChanges
	}
	if lost == 0 || changes == 0 {
		t.Fatalf("the trials lost %d messages in %d link changes: the lossy paths were not exercised", lost, changes)
	}
}

func stoppedBy(t *testing.T, err error, kind kernel.ErrKind) *kernel.TrialError {
	t.Helper()
	var te *kernel.TrialError
	if !errors.As(err, &te) || te.Kind != kind {
		t.Fatalf("want a %v, got %v", kind, err)
	}
	return te
}

// TestLiteralListingDeadlocks documents why the late-applicant rule exists: the listing as
// printed (a trial decided before an applicant's request arrives leaves that request waiting
// for the trial's candidates, who may wait for it in turn) starves on small static networks.
func TestLiteralListingDeadlocks(t *testing.T) {
	sim := kernel.NewSim()
	for seed := uint64(1); seed <= 50; seed++ {
		p := tvgParams(seed)
		p.N, p.Load = 3, 0.5
		p.Net = map[string]float64{netmodel.Birth: 0.3, netmodel.Death: 0, netmodel.Delta: 3}
		p.Delay = kernel.Delay{Kind: kernel.DelayExponential, A: 1}
		p.StarveAfter = 500
		a := New()
		a.mut = mutLiteralListing
		if _, err := sim.Run(p, a); err != nil {
			stoppedBy(t, err, kernel.ErrStarvation)
			return
		}
	}
	t.Fatal("the literal listing never deadlocked; the late-applicant rule may be unnecessary")
}

// TestBadK: K < 2 is refused with an error naming the parameter.
func TestBadK(t *testing.T) {
	p := tvgParams(1)
	for _, k := range []float64{1, 0, 2.5, 1000} {
		p.Algo = map[string]float64{ParamK: k}
		err := Validate(&p)
		var pe *kernel.ParamError
		if !errors.As(err, &pe) || pe.Name != ParamK {
			t.Fatalf("K = %g: got %v", k, err)
		}
	}
}

// TestMemoryBitsLinearInDelta: Lemma 11's O(Δ) memory, as reported.
func TestMemoryBitsLinearInDelta(t *testing.T) {
	prev := MemoryBits(1, 4)
	for d := 2; d <= 256; d *= 2 {
		m := MemoryBits(d, 4)
		if m <= prev || m > 16*(d+1)+16 {
			t.Fatalf("Δ = %d: %d bits (Δ/2: %d)", d, m, prev)
		}
		prev = m
	}
}
