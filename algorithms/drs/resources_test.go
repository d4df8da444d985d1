package drs

import (
	"math/bits"
	"testing"

	"github.com/mutexlab/mutexlab/algotest"
	"github.com/mutexlab/mutexlab/kernel"
	"github.com/mutexlab/mutexlab/kernel/netmodel"
)

// TestResourcesAsRun: on random edge-Markovian trials (the online checks on), drs_state_bits
// is what a fresh instance really allocates per node (MemoryBytes, less the metrics' 32-bit
// trial counter), is at least Lemma 11's formula, and drs_message_bits_max lies between 3 bits
// of type and 3 + ⌈log2 K⌉ (no payload above K−1 is ever sent), and reaches the top when
// enough priorities were drawn; drs_ports is the trial's Δ.
func TestResourcesAsRun(t *testing.T) {
	sim := kernel.NewSim()
	top := 0
	for seed := uint64(1); seed <= 40; seed++ {
		p := tvgParams(seed)
		a := New()
		r, err := sim.Run(p, a)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		delta, k := int(p.Net[netmodel.Delta]), int(p.Algo[ParamK])
		state, msg := algotest.Metric(t, r, MetricStateBits), algotest.Metric(t, r, MetricMsgBits)
		if got := algotest.Metric(t, r, MetricPorts); got != float64(delta) {
			t.Errorf("seed %d: drs_ports %g, want Δ = %d", seed, got, delta)
		}
		if want := float64(a.MemoryBytes()*8/p.N - 32); state != want || state < float64(MemoryBits(delta, k)) {
			t.Errorf("seed %d: state bits %g, want %g (allocated) and >= Lemma 11's %d", seed, state, want, MemoryBits(delta, k))
		}
		if hi := float64(3 + bits.Len(uint(k-1))); !(msg >= 3 && msg <= hi) {
			t.Errorf("seed %d (K = %d): message bits %g, want 3..%g", seed, k, msg, hi)
		} else if msg == hi {
			top++
		}
	}
	if top == 0 {
		t.Error("no trial sent a message of 3 + ⌈log2 K⌉ bits: the payload is not measured")
	}
}
