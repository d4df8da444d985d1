package kernel_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/mutexlab/mutexlab/algorithms/rl"
	"github.com/mutexlab/mutexlab/kernel"
)

// A runaway trial (a link-change rate of 10^9 would take hours to reach its CS entries)
// stops on its event budget with an error that names the budget and how to raise it.
func TestEventBudgetStopsARunawayTrial(t *testing.T) {
	p := kernel.DefaultParams()
	p.Mobility = 1e9
	p.Measure = 10
	p.Seed = 3
	p.MaxEventsPerEntry = 200_000
	r, err := kernel.NewSim().Run(p, rl.New())
	te := trialError(t, err)
	if te.Kind != kernel.ErrBudget || !strings.Contains(te.Error(), "max_events_per_entry") || !strings.Contains(te.Error(), "event budget exceeded") {
		t.Fatalf("got %v (result %+v), want an event-budget error naming max_events", err, r)
	}
	// The check is exact: the trial stops at the budget, not thousands of events later.
	if p.EventBudget() != 200_000 {
		t.Fatalf("EventBudget %d", p.EventBudget())
	}
}

// The default budget never fires on the paper's trials and scales with the trial's size.
func TestDefaultEventBudget(t *testing.T) {
	p := kernel.DefaultParams()
	p.Mobility = 0.1
	p.Load = 1e-4
	p.Seed = 9
	r, err := kernel.NewSim().Run(p, rl.New())
	if err != nil {
		t.Fatal(err)
	}
	// The budget is per CS entry: this trial spends more events in all than one budget.
	if b := p.EventBudget(); r.Events <= b/2 {
		t.Logf("the trial used %d events in all (budget per entry %d)", r.Events, b)
	}
	p.MaxEventsPerEntry = r.Events / int64(p.Warmup+p.Measure) * 100 // a hundred times the mean gap
	if _, err := kernel.NewSim().Run(p, rl.New()); err != nil {
		t.Fatalf("a budget per entry of 100 times the mean: %v", err)
	}
	if small, big := kernel.DefaultEventBudget(30), kernel.DefaultEventBudget(1_000_000); !(big > 500*small) {
		t.Fatalf("budgets %d (n = 30) and %d (n = 10^6) do not scale with n", small, big)
	}
	p.MaxEventsPerEntry = -1
	if err := p.Validate(); err == nil || !strings.Contains(err.Error(), "max_events_per_entry") {
		t.Fatalf("a negative budget: %v", err)
	}
}

// A cancelled context stops a trial in flight within milliseconds, with ErrInterrupted, and
// the simulator runs the next trial as if nothing had happened.
func TestRunContextStopsInFlight(t *testing.T) {
	p := kernel.DefaultParams()
	p.Mobility = 1e9 // would take hours
	p.Seed = 4
	p.MaxEventsPerEntry = 1 << 62
	sim := kernel.NewSim()
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(50*time.Millisecond, cancel)
	start := time.Now()
	_, err := sim.RunContext(ctx, p, rl.New())
	if !errors.Is(err, kernel.ErrInterrupted) {
		t.Fatalf("got %v, want ErrInterrupted", err)
	}
	if el := time.Since(start); el > 5*time.Second {
		t.Fatalf("stopped %s after the cancellation", el)
	}
	q := kernel.DefaultParams()
	q.Seed = 4
	want, err1 := kernel.NewSim().Run(q, rl.New())
	got, err2 := sim.Run(q, rl.New())
	if err1 != nil || err2 != nil || got.Events != want.Events || got.WaitMean != want.WaitMean {
		t.Fatalf("the next trial on the same simulator differs: %v %v %+v %+v", err1, err2, got, want)
	}
}

// countingAlgo is an algorithm that counts its Resets.
type countingAlgo struct {
	kernel.Algorithm
	resets int
}

func (a *countingAlgo) Reset(env *kernel.Env) error {
	a.resets++
	return a.Algorithm.Reset(env)
}

// A trial whose context is cancelled before it starts stops in setup, before the
// algorithm's state is built (a large trial's setup takes seconds: a stopped run does not
// wait for it), and the simulator then runs the next trial as a new one would.
func TestRunContextStopsInSetup(t *testing.T) {
	p := kernel.DefaultParams()
	p.Seed = 5
	sim := kernel.NewSim()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	a := &countingAlgo{Algorithm: rl.New()}
	if _, err := sim.RunContext(ctx, p, a); !errors.Is(err, kernel.ErrInterrupted) {
		t.Fatalf("got %v, want ErrInterrupted", err)
	}
	if a.resets != 0 {
		t.Fatalf("the algorithm was reset %d times in a setup stopped before it", a.resets)
	}
	want, err1 := kernel.NewSim().Run(p, rl.New())
	got, err2 := sim.Run(p, rl.New())
	if err1 != nil || err2 != nil || got.Events != want.Events || got.WaitMean != want.WaitMean {
		t.Fatalf("the next trial on the same simulator differs: %v %v %+v %+v", err1, err2, got, want)
	}
}
