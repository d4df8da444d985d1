package swarm_test

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/internal/swarm"
	"github.com/mutexlab/mutexlab/internal/swarm/swarmtest"
	"github.com/mutexlab/mutexlab/kernel"
	_ "github.com/mutexlab/mutexlab/kernel/netmodel" // registers the waypoint network model
)

// ciTrials is the CI swarm's size per algorithm: go test ./... runs ciTrials × 3 swarm trials
// (about 10 s on two cores); -short runs a fifth of them.
const ciTrials = 1000

// TestCISwarm is the short swarm that runs on every change: every default algorithm, seeds
// 1..ciTrials, every knob random, every check on, then the liveness phase.
func TestCISwarm(t *testing.T) {
	trials := ciTrials
	if testing.Short() {
		trials /= 5
	}
	var targets []swarm.Target
	for _, name := range swarm.DefaultAlgorithms {
		tg, err := swarm.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		targets = append(targets, tg)
	}
	rep, err := swarm.Run(context.Background(), swarm.Config{Targets: targets, Trials: trials, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Failure != nil {
		p := swarm.Params(targets[0], rep.Failure.Seed)
		t.Fatalf("%v\n  params: %s", rep.Failure, swarm.Describe(&p))
	}
	if rep.Trials != trials*len(targets) || rep.Events == 0 {
		t.Fatalf("ran %d trials (%d events), want %d", rep.Trials, rep.Events, trials*len(targets))
	}
	t.Logf("%d trials, %d events", rep.Trials, rep.Events)
}

// TestParams: the draw is a pure function of (algorithm, seed), always valid, shares the
// common knobs between algorithms, and covers every part of each knob's range.
func TestParams(t *testing.T) {
	rl, _ := swarm.Lookup("rl")
	hk, _ := swarm.Lookup("hk")
	seen := map[string]bool{}
	for seed := uint64(1); seed <= 3000; seed++ {
		p, q, h := swarm.Params(rl, seed), swarm.Params(rl, seed), swarm.Params(hk, seed)
		if swarm.Describe(&p) != swarm.Describe(&q) {
			t.Fatalf("seed %d: two draws differ", seed)
		}
		if err := p.Validate(); err != nil {
			t.Fatalf("seed %d: invalid draw %s: %v", seed, swarm.Describe(&p), err)
		}
		if err := h.Validate(); err != nil {
			t.Fatalf("seed %d: invalid draw %s: %v", seed, swarm.Describe(&h), err)
		}
		h.Algo = nil
		if swarm.Describe(&p) != swarm.Describe(&h) {
			t.Fatalf("seed %d: rl and hk get different common knobs:\n%s\n%s", seed, swarm.Describe(&p), swarm.Describe(&h))
		}
		seen["n="+map[bool]string{true: "2", false: "other"}[p.N == 2]] = true
		seen[map[bool]string{true: "tree", false: "cycles"}[p.Links == p.N-1]] = true
		seen[map[bool]string{true: "static", false: "mobile"}[p.Mobility == 0]] = true
		seen["delay"+p.Delay.String()[:1]] = true
		seen[map[bool]string{true: "cs=1", false: "cs random"}[p.CSTime == 1]] = true
	}
	for _, k := range []string{"n=2", "n=other", "tree", "cycles", "static", "mobile", "delaye", "delayu", "cs=1", "cs random"} {
		if !seen[k] {
			t.Errorf("3000 draws never gave %s", k)
		}
	}
}

// TestClassification: broken toy algorithms fail with the right kind, and a panic inside a
// trial is recovered and reported as a crash with its seed.
func TestClassification(t *testing.T) {
	for mode, want := range map[string]swarm.Kind{"enter-at-once": swarm.Safety, "never-enter": swarm.Starvation, "panic": swarm.Crash} {
		rep, err := swarm.Run(context.Background(), swarm.Config{Targets: []swarm.Target{swarmtest.Broken(mode)}, Trials: 20, Seed: 5})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Failure == nil || rep.Failure.Kind != want {
			t.Fatalf("%s: got %+v, want a %s", mode, rep.Failure, want)
		}
		if f := rep.Failure; f.Seed != 5 || f.Command() != "bench replay --algo toy-"+mode+" --seed 5" {
			t.Errorf("%s: failure at seed %d, command %q", mode, f.Seed, f.Command())
		}
		if want == swarm.Crash && (!strings.Contains(rep.Failure.Error(), "deliberate panic") || rep.Failure.Stack == "") {
			t.Errorf("crash report lacks the panic or its stack: %v", rep.Failure)
		}
	}
}

// TestFirstFailureIndependentOfWorkers: the reported failure is the first in seed order,
// whatever the number of workers, and the swarm stops soon after it.
func TestFirstFailureIndependentOfWorkers(t *testing.T) {
	// enter-at-once fails only when two requests overlap: not at every seed with few nodes.
	tg := swarmtest.Broken("enter-at-once")
	tg.Knobs = func(r *kernel.Stream, p *kernel.Params) {
		p.N, p.Links, p.Load, p.Mobility, p.Warmup, p.Measure = 2, 1, 0.05, 0, 0, 3
	}
	var seeds []uint64
	for _, w := range []int{1, 2, 4} {
		rep, err := swarm.Run(context.Background(), swarm.Config{Targets: []swarm.Target{tg}, Trials: 500, Seed: 1, Workers: w})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Failure == nil {
			t.Fatal("no failure in 500 trials")
		}
		seeds = append(seeds, rep.Failure.Seed)
		if rep.Trials != int(rep.Failure.Seed) {
			t.Errorf("workers=%d: report counts %d trials up to the failure at seed %d", w, rep.Trials, rep.Failure.Seed)
		}
	}
	if seeds[0] == 1 || seeds[0] != seeds[1] || seeds[1] != seeds[2] {
		t.Fatalf("first failing seed by worker count 1, 2, 4: %v (want equal, and not seed 1)", seeds)
	}
}

// TestReproduce: replay finds a failing prefix that is locally minimal (one CS entry fewer
// passes), and writes a trace that ends with the failure.
func TestReproduce(t *testing.T) {
	tg := swarmtest.Broken("enter-at-once")
	var buf bytes.Buffer
	r, err := swarm.Reproduce(&buf, tg, 7, swarm.ReplayOptions{Full: true})
	if err != nil {
		t.Fatal(err)
	}
	if r.Original.Kind != swarm.Safety || r.Shrunk.Kind != swarm.Safety {
		t.Fatalf("original %v, shrunk %v: want safety violations", r.Original.Err, r.Shrunk.Err)
	}
	total := r.Params.Warmup + r.Params.Measure
	if r.Prefix < 1 || r.Prefix > total {
		t.Fatalf("prefix %d of %d", r.Prefix, total)
	}
	check := func(m int) swarm.Kind {
		q := r.Params
		q.Warmup, q.Measure = 0, m
		res, err := kernel.NewSim().Run(q, tg.New())
		_ = res
		return swarm.Classify(err)
	}
	if check(r.Prefix) != swarm.Safety {
		t.Fatalf("prefix %d does not fail", r.Prefix)
	}
	if r.Prefix > 1 && check(r.Prefix-1) != swarm.Pass {
		t.Fatalf("prefix %d is not minimal: %d fails too", r.Prefix, r.Prefix-1)
	}
	out := buf.String()
	for _, want := range []string{"# bench replay --algo toy-enter-at-once --seed 7", "shortest failing prefix", " enter", "# end: safety violation", "## trace of the original trial"} {
		if !strings.Contains(out, want) {
			t.Errorf("replay output lacks %q:\n%s", want, out[:min(len(out), 2000)])
		}
	}
	// A passing seed replays as a pass with the whole trace.
	buf.Reset()
	rl, _ := swarm.Lookup("rl")
	r, err = swarm.Reproduce(&buf, rl, 3, swarm.ReplayOptions{})
	if err != nil || r.Original.Kind != swarm.Pass || r.Prefix != 0 || !strings.Contains(buf.String(), "# end: pass") {
		t.Fatalf("rl seed 3: %+v, %v", r.Original, err)
	}
	if !strings.Contains(buf.String(), "state: ") || !strings.Contains(buf.String(), "recv token") {
		t.Errorf("rl trace lacks state lines or token receipts")
	}
}

// Describe shows the link count a trial starts with, never a zero that stands for "set by
// connectivity": the walter model's count as LinkCount resolves it, and none for models that
// make their own graph.
func TestDescribeShowsTheLinksUsed(t *testing.T) {
	p := kernel.DefaultParams() // links set by connectivity 0.2: 87 on 30 nodes
	if got, want := swarm.Describe(&p), fmt.Sprintf(" links=%d ", p.LinkCount()); !strings.Contains(got, want) {
		t.Errorf("Describe = %q, want it to contain %q", got, want)
	}
	p.Network = "waypoint"
	if got := swarm.Describe(&p); strings.Contains(got, "links=") {
		t.Errorf("Describe = %q: a waypoint network makes its own links, none to show", got)
	}
}

// A replay stops when its context is cancelled: between events of whichever trial it is
// running, with an error that says so.
func TestReproduceStopsWhenCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rl, _ := swarm.Lookup("rl")
	var buf bytes.Buffer
	_, err := swarm.Reproduce(&buf, rl, 3, swarm.ReplayOptions{Ctx: ctx})
	if err == nil || !strings.Contains(err.Error(), "interrupted") {
		t.Fatalf("cancelled replay: err = %v, want interrupted", err)
	}
	if buf.Len() != 0 {
		t.Errorf("cancelled replay wrote %d bytes", buf.Len())
	}
}
