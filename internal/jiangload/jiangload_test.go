package jiangload

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/mutexlab/mutexlab/algorithms/gme"
	"github.com/mutexlab/mutexlab/algorithms/hk"
	"github.com/mutexlab/mutexlab/kernel"
)

// TestDeterministic: a workload's Outcome is a pure function of the Workload — every workload
// of both papers under every reading, played twice, gives the same outcome (entries per node,
// order, first entries, messages, metrics, time).
func TestDeterministic(t *testing.T) {
	t.Parallel()
	var ws []Workload
	for _, r := range HKReadings {
		ws = append(ws, RelayChain(1, 300, r), PriorityChain(PriorityChains[2], r), RandomSustained(4, 1, 300, r))
	}
	for _, r := range GMEReadings {
		ws = append(ws, SessionHeldOpen(r), SessionKeptOpen(300, r), RandomSessions(4, 300, r))
	}
	for _, w := range ws {
		a, err := Run(w)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := Run(w)
		// fmt prints maps sorted and NaN as NaN, so equal outcomes print the same.
		if x, y := fmt.Sprintf("%+v", a), fmt.Sprintf("%+v", b); a.Err != nil || x != y {
			t.Errorf("%s %v: two runs differ or fail (%v):\n %.300s\n %.300s", w.Name, w.Params, a.Err, x, y)
		}
	}
}

// TestOutcomeMeasures: Starved, FirstWaitMax and Inversions on a hand-made outcome.
func TestOutcomeMeasures(t *testing.T) {
	w := Workload{Nodes: []Node{{Start: 0, Class: 1}, {Start: -1}, {Start: 1, Class: 2}, {Start: 1, Class: 1}, {Start: 3, Class: 1}}}
	o := Outcome{Entries: []int64{1, 0, 1, 1, 0}, First: []float64{0, 0, 5, 7, 0}, Order: []int32{0, 2, 3}}
	if got := o.Starved(w); got != 1 {
		t.Errorf("Starved = %d, want 1 (node 4; node 1 never requests)", got)
	}
	if got := o.FirstWaitMax(w); got != 6 {
		t.Errorf("FirstWaitMax = %g, want 6 (node 3: requested at 1, in at 7)", got)
	}
	if got := o.Inversions(w); got != 1 {
		t.Errorf("Inversions = %d, want 1 (class-2 node 2 before class-1 node 3, which asked as early)", got)
	}
}

// TestBadWorkload: a bad option value or algorithm is a one-line error naming the workload
// and the key, before anything runs.
func TestBadWorkload(t *testing.T) {
	bad := RelayChain(1, 10, Reading{Name: "x", Params: map[string]string{"aging_at": "sometimes"}})
	if _, err := Run(bad); err == nil || !strings.Contains(err.Error(), "relay-chain") || !strings.Contains(err.Error(), "aging_at") {
		t.Errorf("bad aging_at: %v", err)
	}
	bad = SessionHeldOpen(GMEReadings[0])
	bad.Algo = "rl"
	if _, err := Run(bad); err == nil || !strings.Contains(err.Error(), "hk, gme") {
		t.Errorf("algorithm rl: %v", err)
	}
}

// TestRunContextStops: a workload of a million entries (about 10 s) stops within a second
// of its context's cancellation, with no outcome and an error wrapping
// kernel.ErrInterrupted; an already-cancelled context stops it before it starts.
func TestRunContextStops(t *testing.T) {
	t.Parallel()
	w := RelayChain(1, 1_000_000, HKReadings[0])
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if o, err := RunContext(ctx, w); !errors.Is(err, kernel.ErrInterrupted) || o.Total != 0 || !strings.Contains(err.Error(), w.Name) {
		t.Errorf("cancelled before the start: %d entries, %v", o.Total, err)
	}
	ctx, cancel = context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	o, err := RunContext(ctx, w)
	if el := time.Since(start); !errors.Is(err, kernel.ErrInterrupted) || o.Total != 0 || el > time.Second {
		t.Errorf("cancelled after 100 ms: returned after %s with %d entries, %v", el, o.Total, err)
	}
}

// TestAlgorithmMustMatch: a workload whose Algorithm builds another algorithm than the one it
// names (and validated the parameters of) is refused with an error that names both.
func TestAlgorithmMustMatch(t *testing.T) {
	w := PriorityChain(PriorityChains[0], HKReadings[0])
	w.Algorithm = func() kernel.Algorithm { return gme.New() }
	_, err := Run(w)
	if err == nil || !strings.Contains(err.Error(), "*gme.GME, not the hk it names") {
		t.Fatalf("hk workload with a gme instance: err = %v, want one naming *gme.GME and hk", err)
	}
	w.Algorithm = func() kernel.Algorithm { return hk.New() }
	if _, err := RunOK(w); err != nil {
		t.Fatalf("hk workload with an hk instance: %v", err)
	}
}
