package swarm

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"runtime/debug"
	"strings"

	"github.com/mutexlab/mutexlab/kernel"
	"github.com/mutexlab/mutexlab/traceview"
)

// Replay is what Reproduce found out about one seed.
type Replay struct {
	Params   kernel.Params
	Original Outcome // the trial as the swarm ran it
	// Prefix is the shortest failing prefix: the trial with Warmup 0 and Measure = Prefix
	// runs the same events as the original until its Prefix-th CS entry, then starts the
	// liveness phase (no new requests, no link changes); it still fails, with the same kind of
	// failure, and Prefix−1 does not. 0 when the seed passes.
	Prefix  int
	Shrunk  Outcome // the outcome of the shortest failing prefix
	Probes  int     // trials run by the search
	Lines   int     // trace lines written
	Clipped bool    // the trace reached MaxLines
}

// ReplayOptions tune Reproduce.
type ReplayOptions struct {
	// Full also writes the trace of the original trial (up to where it stopped), after the
	// trace of the shortest failing prefix.
	Full bool
	// MaxLines bounds each trace (0: 2,000,000 lines).
	MaxLines int
	// Ctx stops the replay between events of any of its trials (nil: never); Reproduce then
	// returns its error and writes nothing more.
	Ctx context.Context
}

// Reproduce reruns the trial of t at seed and writes a readable report to w: the parameters,
// the outcome, the shortest failing prefix (see Replay.Prefix) and its event trace with the
// state changes that matter for the checks.
//
// The shortest prefix is found by binary search on the number of CS entries m before the
// liveness phase. Running with Warmup 0 and Measure m processes exactly the original trial's
// events up to its m-th CS entry (warm-up and measurement differ only in what is counted), so
// every m defines a prefix of the original trial followed by the liveness phase, and the
// original is m = Warmup + Measure. Failure need not be monotone in m, so the result is a
// local minimum: m fails and m−1 passes (or m = 1).
func Reproduce(w io.Writer, t Target, seed uint64, opt ReplayOptions) (Replay, error) {
	if opt.MaxLines <= 0 {
		opt.MaxLines = 2_000_000
	}
	ctx := opt.Ctx
	if ctx == nil {
		ctx = context.Background()
	}
	r := Replay{Params: Params(t, seed)}
	r.Original = runOnce(ctx, t, r.Params, nil)
	if err := ctx.Err(); err != nil {
		return r, fmt.Errorf("replay interrupted: %w", err)
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "# bench replay --algo %s --seed %d\n# params: %s\n# outcome: %s\n", t.Name, seed, Describe(&r.Params), outcomeText(r.Original))
	run := r.Params
	if r.Original.Kind != Pass {
		r.Prefix, r.Shrunk, r.Probes = shrink(ctx, t, r.Params, r.Original.Kind)
		if err := ctx.Err(); err != nil {
			return r, fmt.Errorf("replay interrupted: %w", err)
		}
		run.Warmup, run.Measure = 0, r.Prefix
		fmt.Fprintf(bw, "# shortest failing prefix: the first %d of %d CS entries, then the liveness phase (binary search, %d trials): %s\n",
			r.Prefix, r.Params.Warmup+r.Params.Measure, r.Probes, outcomeText(r.Shrunk))
		if r.Prefix > 1 {
			fmt.Fprintf(bw, "#   (with %d CS entries the trial passes)\n", r.Prefix-1)
		}
		fmt.Fprintf(bw, "\n## trace of the shortest failing prefix (warmup=0 measure=%d)\n", r.Prefix)
	} else {
		fmt.Fprintf(bw, "\n## trace\n")
	}
	tw := newTraceWriter(bw, opt.MaxLines)
	runOnce(ctx, t, run, tw)
	r.Lines, r.Clipped = tw.lines, tw.clipped
	if opt.Full && r.Original.Kind != Pass {
		fmt.Fprintf(bw, "\n## trace of the original trial\n")
		tw = newTraceWriter(bw, opt.MaxLines)
		runOnce(ctx, t, r.Params, tw)
		r.Lines += tw.lines
		r.Clipped = r.Clipped || tw.clipped
	}
	if err := ctx.Err(); err != nil {
		return r, fmt.Errorf("replay interrupted: %w", err)
	}
	return r, bw.Flush()
}

func outcomeText(o Outcome) string {
	if o.Kind == Pass {
		return fmt.Sprintf("pass (%d events)", o.Events)
	}
	return o.Err.Error()
}

// shrink binary-searches the smallest number of CS entries before the liveness phase for
// which the trial still fails with the same kind.
func shrink(ctx context.Context, t Target, p kernel.Params, kind Kind) (m int, o Outcome, probes int) {
	fails := func(m int) (Outcome, bool) {
		q := p
		q.Warmup, q.Measure = 0, m
		probes++
		o := runOnce(ctx, t, q, nil)
		return o, o.Kind == kind
	}
	lo, hi := 1, p.Warmup+p.Measure
	best, ok := fails(hi)
	if !ok { // cannot happen if warm-up only changes counting; keep the original then
		return hi, best, probes
	}
	for lo < hi {
		mid := (lo + hi) / 2
		if o, ok := fails(mid); ok {
			hi, best = mid, o
		} else {
			lo = mid + 1
		}
	}
	return hi, best, probes
}

// runOnce runs one trial on a fresh simulator, tracing into tw if not nil; panics are crashes.
func runOnce(ctx context.Context, t Target, p kernel.Params, tw *traceWriter) (o Outcome) {
	o = Outcome{Algorithm: t.Name, Seed: p.Seed}
	sim, algo := kernel.NewSim(), t.New()
	if tw != nil {
		tw.algo = algo
		sim.SetTrace(tw.event)
	}
	defer func() {
		if r := recover(); r != nil {
			o.Kind, o.Err, o.Stack = Crash, fmt.Errorf("panic: %v", r), string(debug.Stack())
		}
		if tw != nil {
			tw.finish(o)
		}
	}()
	res, err := sim.RunContext(ctx, p, algo)
	o.Kind, o.Err, o.Events = Classify(err), err, res.Events
	return o
}

// traceWriter renders kernel trace events, one per line, and after each handler the state of
// the node it ran at, when that state changed (token, and per algorithm what its checks and
// liveness depend on: heights, next and Q for Reverse Link, HOLDER for Raymond).
type traceWriter struct {
	w       *bufio.Writer
	algo    kernel.Algorithm
	max     int
	lines   int
	clipped bool
	dirty   [2]int32
	last    map[int32]string
}

func newTraceWriter(w *bufio.Writer, max int) *traceWriter {
	return &traceWriter{w: w, max: max, dirty: [2]int32{-1, -1}, last: map[int32]string{}}
}

func (tw *traceWriter) line(format string, a ...any) {
	if tw.lines >= tw.max {
		tw.clipped = true
		return
	}
	tw.lines++
	fmt.Fprintf(tw.w, format, a...)
}

func (tw *traceWriter) event(e kernel.TraceEvent) {
	tw.flush()
	var what string
	switch e.Kind {
	case "send":
		what = fmt.Sprintf("send %-8s to   %3d %s", e.Msg, e.Peer, msgWords(e.Message))
	case "recv":
		what = fmt.Sprintf("recv %-8s from %3d %s", e.Msg, e.Peer, msgWords(e.Message))
	case "link-down", "link-up":
		what = fmt.Sprintf("%s %d-%d", e.Kind, e.Node, e.Peer)
		tw.dirty[1] = e.Peer
	default:
		what = e.Kind
	}
	tw.line("%12.6f %4d  %s\n", e.Time, e.Node, what)
	tw.dirty[0] = e.Node
}

// flush writes the state of the nodes whose handlers may have run since the last line.
func (tw *traceWriter) flush() {
	for k, i := range tw.dirty {
		if i < 0 {
			continue
		}
		tw.dirty[k] = -1
		if s := describe(tw.algo, i); s != tw.last[i] {
			tw.last[i] = s
			tw.line("%12s %4d    state: %s\n", "", i, s)
		}
	}
}

func (tw *traceWriter) finish(o Outcome) {
	tw.flush()
	switch o.Kind {
	case Pass:
		tw.line("# end: pass, %d events\n", o.Events)
	default:
		tw.line("# end: %s\n", outcomeText(o))
		if o.Stack != "" {
			tw.line("# %s\n", strings.ReplaceAll(strings.TrimSpace(o.Stack), "\n", "\n# "))
		}
	}
	if tw.clipped {
		fmt.Fprintf(tw.w, "# trace clipped at %d lines\n", tw.max)
	}
}

func msgWords(m kernel.Message) string {
	return fmt.Sprintf("[%d %d %d %d]", m.A, m.B, m.C, m.D)
}

// describe renders node i's state for the trace: the algorithm's own line
// (kernel.NodeStater), or, for an algorithm without one, whether it holds the token.
func describe(a kernel.Algorithm, i int32) string {
	if st, ok := a.(kernel.NodeStater); ok {
		return st.NodeState(i)
	}
	if th, ok := a.(kernel.TokenHolder); ok && th.HoldsToken(i) {
		return "token"
	}
	return "no token"
}

// Page records the trial of t at seed, as bench swarm ran it, for the trace viewer
// (traceview): a failing trial in the window of opt's events that ends at its
// failure, a passing one from its start (or opt's window).
func Page(t Target, seed uint64, opt traceview.Options) (*traceview.Trace, error) {
	return PageContext(context.Background(), t, seed, opt)
}

// PageContext is Page stopped by ctx between events; its error then wraps
// kernel.ErrInterrupted.
func PageContext(ctx context.Context, t Target, seed uint64, opt traceview.Options) (*traceview.Trace, error) {
	p := Params(t, seed)
	tr, err := traceview.RunContext(ctx, p, t.New(), opt, true)
	if err != nil {
		return nil, fmt.Errorf("%s seed %d: %w", t.Name, seed, err)
	}
	tr.Title = fmt.Sprintf("%s, swarm seed %d", t.Name, seed)
	tr.About = []string{"params: " + Describe(&p), fmt.Sprintf("again: bench replay --algo %s --seed %d --html FILE (the text trace: without --html)", t.Name, seed)}
	return tr, nil
}
