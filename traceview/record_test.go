package traceview_test

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/algorithms"
	"github.com/mutexlab/mutexlab/internal/swarm"
	"github.com/mutexlab/mutexlab/internal/swarm/swarmtest"
	"github.com/mutexlab/mutexlab/kernel"
	"github.com/mutexlab/mutexlab/traceview"
)

// mobile is a small Reverse Link trial with link changes, every message type and a queue.
func mobile(algo string) kernel.Params {
	p := kernel.DefaultParams()
	p.N, p.Connectivity, p.Load, p.Mobility, p.Seed = 8, 0.4, 0.5, 0.2, 3
	p.Warmup, p.Measure = 10, 150
	return p
}

func record(t *testing.T, algo string, p kernel.Params, opt traceview.Options) *traceview.Trace {
	t.Helper()
	a, err := algorithms.New(algo)
	if err != nil {
		t.Fatal(err)
	}
	tr, err := traceview.Run(p, a, opt, true)
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// TestTokenConserved: at every position of the page, the token is at exactly one node or in
// exactly one message, as the kernel checks at every event; the page would otherwise show a
// token twice, or lose it, in the middle of a handler. Also at most one node in the CS, and
// every message received after it was sent.
func TestTokenConserved(t *testing.T) {
	t.Parallel()
	for _, algo := range []string{"rl", "rr", "hk", "gme"} {
		tr := record(t, algo, mobile(algo), traceview.Options{})
		if tr.Failure != nil {
			t.Fatalf("%s: %s: %s", algo, tr.Failure.Kind, tr.Failure.Message)
		}
		if !tr.Token {
			t.Fatalf("%s: the trace has no token", algo)
		}
		f := newFrames(tr)
		for p := 0; p <= len(tr.Events.Kind); p++ {
			fr := f.at(p)
			if len(fr.holders)+fr.tokenMsgs != 1 {
				t.Fatalf("%s: position %d: holders %v and %d token messages in transit", algo, p, fr.holders, fr.tokenMsgs)
			}
			if algo != "hk" && algo != "gme" && len(fr.cs) > 1 {
				t.Fatalf("%s: position %d: %v in the CS", algo, p, fr.cs)
			}
		}
		for m, r := range tr.Msgs.Recv {
			if s := tr.Msgs.Send[m]; r >= 0 && s >= r {
				t.Fatalf("%s: message %d received at event %d, sent at %d", algo, m, r, s)
			}
		}
		t.Logf("%s: %d events, %d messages, %d states", algo, len(tr.Events.Kind), len(tr.Msgs.Send), len(tr.States))
	}
}

// TestDeterministic: a page is a pure function of the trial; recording does not change the
// trial (its result is the untraced one's).
func TestDeterministic(t *testing.T) {
	t.Parallel()
	p := mobile("rl")
	var pages [2]bytes.Buffer
	for k := range pages {
		if err := traceview.Write(&pages[k], record(t, "rl", p, traceview.Options{})); err != nil {
			t.Fatal(err)
		}
	}
	if !bytes.Equal(pages[0].Bytes(), pages[1].Bytes()) {
		t.Fatal("two pages of one trial differ")
	}
	plain, err := kernel.NewSim().Run(p, mustNew(t, "rl"))
	if err != nil {
		t.Fatal(err)
	}
	sim, a := kernel.NewSim(), mustNew(t, "rl")
	rec, _ := traceview.NewRecorder(sim, a, traceview.Options{From: 500})
	sim.SetTrace(rec.Event)
	traced, err := sim.Run(p, a)
	if err != nil {
		t.Fatal(err)
	}
	if plain.Events != traced.Events || plain.WaitMean != traced.WaitMean || plain.MsgsTotal != traced.MsgsTotal {
		t.Fatalf("recording changed the trial: %d events, wait %g, %d messages; untraced %d, %g, %d",
			traced.Events, traced.WaitMean, traced.MsgsTotal, plain.Events, plain.WaitMean, plain.MsgsTotal)
	}
}

func mustNew(t testing.TB, name string) kernel.Algorithm {
	a, err := algorithms.New(name)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// TestWindow: a window that starts mid-trial starts from the state the trial was in (the
// token where it was, messages already in transit), and a cap says what it cut.
func TestWindow(t *testing.T) {
	t.Parallel()
	p := mobile("rl")
	whole := record(t, "rl", p, traceview.Options{})
	tr := record(t, "rl", p, traceview.Options{From: 1000, MaxEvents: 300})
	if tr.Skipped != 1000 || len(tr.Events.Kind) != 300 || tr.Total != whole.Total {
		t.Fatalf("window: skipped %d, %d events, total %d; want 1000, 300, %d", tr.Skipped, len(tr.Events.Kind), tr.Total, whole.Total)
	}
	if want := "events 1001–1300 of the trial's"; !strings.Contains(tr.Note, want) {
		t.Errorf("note %q lacks %q", tr.Note, want)
	}
	for k := range 300 {
		if tr.Events.Time[k] != whole.Events.Time[1000+k] || tr.Events.Node[k] != whole.Events.Node[1000+k] {
			t.Fatalf("window event %d differs from the trial's event %d", k, 1000+k)
		}
	}
	f := newFrames(tr)
	for p := 0; p <= 300; p++ {
		if fr := f.at(p); len(fr.holders)+fr.tokenMsgs != 1 {
			t.Fatalf("position %d of the window: holders %v, %d token messages in transit", p, fr.holders, fr.tokenMsgs)
		}
	}
	byTime := record(t, "rl", p, traceview.Options{FromTime: whole.Events.Time[2000]})
	if byTime.Events.Time[0] != whole.Events.Time[2000] || byTime.Skipped > 2000 {
		t.Errorf("--from-time: window starts at event %d, time %g; want time %g", byTime.Skipped, byTime.Events.Time[0], whole.Events.Time[2000])
	}
}

// TestOpensAtFailure: a failing trial's page ends at the failure and opens there: with a
// toy algorithm that enters at once, the last event is the unsafe entry, and the two nodes
// it names are both in the CS.
func TestOpensAtFailure(t *testing.T) {
	t.Parallel()
	target := swarmtest.Broken("enter-at-once")
	tr, err := swarm.Page(target, 1, traceview.Options{MaxEvents: 50})
	if err != nil {
		t.Fatal(err)
	}
	var te *kernel.TrialError
	if tr.Failure == nil || !errors.As(tr.Err(), &te) || te.Kind != kernel.ErrSafety {
		t.Fatalf("failure %+v, err %v", tr.Failure, tr.Err())
	}
	n := len(tr.Events.Kind)
	if tr.OpenAt != n || traceview.Kinds[tr.Events.Kind[n-1]] != "unsafe-enter" || tr.Skipped+n != tr.Total {
		t.Fatalf("opens at %d of %d events (last %s), skipped %d of %d", tr.OpenAt, n, traceview.Kinds[tr.Events.Kind[n-1]], tr.Skipped, tr.Total)
	}
	fr := newFrames(tr).at(n)
	if len(fr.cs) != 2 {
		t.Fatalf("at the failure, %v are in the CS; want the two nodes %v", fr.cs, tr.Failure.Nodes)
	}
}

// TestBadOptions: the limits are checked.
func TestBadOptions(t *testing.T) {
	t.Parallel()
	for _, opt := range []traceview.Options{{MaxEvents: -1}, {MaxEvents: traceview.HardMaxEvents + 1}, {From: -3}} {
		if _, err := traceview.NewRecorder(kernel.NewSim(), mustNew(t, "rl"), opt); err == nil {
			t.Errorf("%+v: no error", opt)
		}
	}
	p := mobile("rl")
	p.Measure = 5
	a := mustNew(t, "rl")
	if _, err := traceview.Run(p, a, traceview.Options{From: 1 << 30}, false); err == nil || !strings.Contains(err.Error(), "after the trial's last event") {
		t.Errorf("a window after the end: %v", err)
	}
}

// TestEveryAlgorithm: every registered algorithm draws in the viewer (kernel.NodeViewer), and
// on a swarm trial of each the page keeps its tokens: as many held and in transit at every
// position as at the first (one for the token algorithms rl, hk, rr and gme, none for the rest).
func TestEveryAlgorithm(t *testing.T) {
	t.Parallel()
	for _, name := range algorithms.Names() {
		a := mustNew(t, name)
		if _, ok := a.(kernel.NodeViewer); !ok {
			t.Errorf("%s does not implement kernel.NodeViewer", name)
		}
		target, err := swarm.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		tr, err := swarm.Page(target, 2, traceview.Options{MaxEvents: 2000})
		if err != nil {
			t.Fatal(err)
		}
		if tr.Failure != nil {
			t.Fatalf("%s seed 2: %s: %s", name, tr.Failure.Kind, tr.Failure.Message)
		}
		f := newFrames(tr)
		first := f.at(0)
		tokens := len(first.holders) + first.tokenMsgs
		for p := 1; p <= len(tr.Events.Kind); p++ {
			if fr := f.at(p); len(fr.holders)+fr.tokenMsgs != tokens {
				t.Fatalf("%s: position %d: holders %v and %d token messages; %d tokens at the start", name, p, fr.holders, fr.tokenMsgs, tokens)
			}
		}
		if err := traceview.Write(io.Discard, tr); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %d nodes, %d events, %d tokens, arrows %v, queues %v", name, tr.N, len(tr.Events.Kind), tokens, tr.Arrows, tr.Queues)
	}
}
