// Package jiangload runs the small adversarial workloads behind Jiang's theorems (hk's
// bounded delay and highest-priority-first, gme's concurrent entering and bounded delay) as
// scripted kernel trials: a network given link by link, nodes that request once or again and
// again (sustained load, with no liveness drain: the drain stops new requests and would hide
// a starvation), each request's class (hk) or resource (gme) chosen by the workload, under
// every online check. Time moves in whole units (delays and CS times are whole numbers), so a
// workload is deterministic: its Outcome is a pure function of the Workload.
//
// The workloads (workloads.go): hk's RelayChain, PriorityChain and RandomSustained, gme's
// SessionHeldOpen, SessionKeptOpen and RandomSessions, each under a Reading (HKReadings,
// GMEReadings). The hk and gme tests assert the outcomes per reading; bench check jiang
// (cli/check_jiang.go) prints them as a theorem × reading matrix (analysis.JiangHK,
// analysis.JiangGME). Every trial is bounded: Workload.Entries CS entries or MaxTime; and
// RunContext stops one early when its context is cancelled (bench's SIGINT and SIGTERM).
package jiangload

import (
	"context"
	"fmt"
	"math"
	"strconv"

	"github.com/mutexlab/mutexlab/algorithms"
	"github.com/mutexlab/mutexlab/algorithms/gme"
	"github.com/mutexlab/mutexlab/algorithms/hk"
	"github.com/mutexlab/mutexlab/kernel"
)

// Node is one node's part in a workload.
type Node struct {
	Start  int   // when it first requests (time units); negative: never
	Repeat bool  // requests again as soon as it leaves the CS (sustained load)
	CS     int   // time units it stays in the CS (0: 1)
	Class  int   // hk: priority class of its requests, 1 the highest (0: 1)
	Res    int64 // gme: resource of its requests
}

// Workload is a scripted trial: the algorithm ("hk" or "gme") with its parameters (named
// options by name, other parameters as numbers), the links, the nodes' parts, and when to stop.
type Workload struct {
	Name    string
	Algo    string
	Params  map[string]string
	Edges   [][2]int32
	Nodes   []Node
	Entries int // stop after this many CS entries (a bound on the trial)
	MaxTime int // ... or at this time (0: 100·Entries)
	// Algorithm, when not nil, builds the algorithm in place of hk.New or gme.New: the tests
	// pass a mutant (algorithms/hk's TestTheorem2CatchesFIFOQueue). It must return the type
	// Algo names; the workload then sets its Choose.
	Algorithm func() kernel.Algorithm
}

// Outcome is what a workload did.
type Outcome struct {
	Entries   []int64   // CS entries per node
	First     []float64 // time of each node's first entry (NaN: never)
	Order     []int32   // the nodes in the order they entered, first MaxOrder entries
	Total     int64     // CS entries in all
	Time      float64   // simulated time at the end
	Msgs      map[string]int64
	MsgsTotal int64
	Extra     map[string]float64 // the algorithm's metrics (kernel.MetricsReporter)
	Waiting   []int32            // nodes still waiting at the end
	Err       error              // the trial's safety or invariant violation, if any
}

// MaxOrder bounds Outcome.Order.
const MaxOrder = 1000

// Run plays w.
func Run(w Workload) (Outcome, error) { return RunContext(context.Background(), w) }

// checkEvery is how many time units pass between two looks at RunContext's context: a
// time unit is a few events, so a cancelled workload stops within a millisecond or so.
const checkEvery = 256

// RunContext is Run, stopped early when ctx is cancelled: the workload then has no outcome
// and the error wraps kernel.ErrInterrupted (as Sim.RunContext's does).
func RunContext(ctx context.Context, w Workload) (Outcome, error) {
	algo, p, err := setup(w)
	if err != nil {
		return Outcome{}, err
	}
	n := len(w.Nodes)
	o := Outcome{Entries: make([]int64, n), First: make([]float64, n), Msgs: map[string]int64{}, Extra: map[string]float64{}}
	for i := range o.First {
		o.First[i] = math.NaN()
	}
	release := make([]int, n) // when node i leaves the CS (valid while it is in)
	sim := kernel.NewSim()
	sim.SetTrace(func(e kernel.TraceEvent) {
		switch e.Kind {
		case "enter":
			o.Entries[e.Node]++
			o.Total++
			if math.IsNaN(o.First[e.Node]) {
				o.First[e.Node] = e.Time
			}
			if len(o.Order) < MaxOrder {
				o.Order = append(o.Order, e.Node)
			}
			release[e.Node] = int(e.Time) + max(w.Nodes[e.Node].CS, 1)
		case "send":
			o.Msgs[e.Msg]++
			o.MsgsTotal++
		}
	})
	if err := sim.Script(p, algo, w.Edges); err != nil {
		return o, fmt.Errorf("workload %s: %w", w.Name, err)
	}
	limit := w.MaxTime
	if limit == 0 {
		limit = 100 * w.Entries
	}
	done := ctx.Done()
	for t := 0; t <= limit && o.Total < int64(w.Entries) && o.Err == nil; t++ {
		if t%checkEvery == 0 && done != nil {
			select {
			case <-done:
				return Outcome{}, fmt.Errorf("workload %s at time %d: %w", w.Name, t, kernel.ErrInterrupted)
			default:
			}
		}
		o.Err = step(sim, w, t, release)
		if t > 0 && idle(sim, w, t) {
			break
		}
	}
	o.Time = sim.Now()
	for i := range n {
		if sim.Waiting(int32(i)) {
			o.Waiting = append(o.Waiting, int32(i))
		}
	}
	if mr, ok := algo.(kernel.MetricsReporter); ok {
		for _, m := range mr.Metrics(nil) {
			o.Extra[m.Name] = m.Value
		}
	}
	return o, nil
}

// RunOK plays w and returns the trial's own safety or invariant violation (Outcome.Err) as
// its error too: for tests that expect none.
func RunOK(w Workload) (Outcome, error) {
	o, err := Run(w)
	if err == nil {
		err = o.Err
	}
	return o, err
}

// step runs time unit t: the events due by t, then the releases due at t, then the requests
// (a node that left at t and repeats asks again at once).
func step(sim *kernel.Sim, w Workload, t int, release []int) error {
	if err := sim.RunUntil(float64(t)); err != nil {
		return err
	}
	for i, nd := range w.Nodes {
		if sim.InCS(int32(i)) && release[i] == t {
			if err := sim.ReleaseCS(int32(i)); err != nil {
				return err
			}
			if nd.Repeat {
				if err := sim.RequestCS(int32(i)); err != nil {
					return err
				}
			}
		}
	}
	for i, nd := range w.Nodes {
		if nd.Start == t {
			if err := sim.RequestCS(int32(i)); err != nil {
				return err
			}
		}
	}
	return sim.Err()
}

// idle reports whether nothing is left to do after time t: no node waits or is in the CS and
// no node is still to make its first request. (Messages may still be in flight; none of them
// can serve a request, since none is pending.)
func idle(sim *kernel.Sim, w Workload, t int) bool {
	for i, nd := range w.Nodes {
		if sim.Waiting(int32(i)) || sim.InCS(int32(i)) || nd.Start > t {
			return false
		}
	}
	return true
}

// setup builds the algorithm, with the workload's classes or resources, and the parameters.
func setup(w Workload) (kernel.Algorithm, kernel.Params, error) {
	p := kernel.DefaultParams()
	p.N, p.Seed, p.Delay, p.CSTime = len(w.Nodes), 1, kernel.Delay{Kind: kernel.DelayConstant, A: 1}, 1
	p.Algo = map[string]float64{}
	for k, v := range w.Params {
		x, err := parseValue(k, v)
		if err != nil {
			return nil, p, fmt.Errorf("workload %s: %s=%s: %v", w.Name, k, v, err)
		}
		p.Algo[k] = x
	}
	info, ok := algorithms.Lookup(w.Algo)
	if !ok || (w.Algo != "hk" && w.Algo != "gme") {
		return nil, p, fmt.Errorf("workload %s: algorithm %q has no workloads (hk, gme)", w.Name, w.Algo)
	}
	if err := info.Validate(&p); err != nil {
		return nil, p, fmt.Errorf("workload %s: %w", w.Name, err)
	}
	algo := w.build()
	switch a := algo.(type) {
	case *hk.HK:
		if w.Algo == "hk" {
			a.Choose = func(i int32) (int64, int) { return 1, max(w.Nodes[i].Class, 1) }
			return a, p, nil
		}
	case *gme.GME:
		if w.Algo == "gme" {
			a.Choose = func(i int32) int64 { return w.Nodes[i].Res }
			return a, p, nil
		}
	}
	return nil, p, fmt.Errorf("workload %s: its Algorithm built a %T, not the %s it names", w.Name, algo, w.Algo)
}

// build returns a new instance of w's algorithm: w.Algorithm's, or the real one.
func (w Workload) build() kernel.Algorithm {
	switch {
	case w.Algorithm != nil:
		return w.Algorithm()
	case w.Algo == "hk":
		return hk.New()
	default:
		return gme.New()
	}
}

// parseValue reads a parameter's value: a number, or a named option's value.
func parseValue(key, val string) (float64, error) {
	if x, err := strconv.ParseFloat(val, 64); err == nil {
		return x, nil
	}
	return algorithms.ParseOption(key, val)
}

// Requesters lists the nodes of w that request at all.
func (w Workload) Requesters() []int32 {
	var out []int32
	for i, nd := range w.Nodes {
		if nd.Start >= 0 {
			out = append(out, int32(i))
		}
	}
	return out
}

// Starved counts the nodes of w that requested and never entered.
func (o Outcome) Starved(w Workload) int {
	k := 0
	for _, i := range w.Requesters() {
		if o.Entries[i] == 0 {
			k++
		}
	}
	return k
}

// FirstWaitMax is the longest time from a node's first request to its first entry, over the
// nodes of w that entered (NaN if none did).
func (o Outcome) FirstWaitMax(w Workload) float64 {
	worst := math.NaN()
	for _, i := range w.Requesters() {
		if d := o.First[i] - float64(w.Nodes[i].Start); !math.IsNaN(d) && !(d <= worst) {
			worst = d
		}
	}
	return worst
}

// Inversions counts the pairs of nodes of w's that entered in the wrong order of class: a
// node entered before another of a strictly higher class (a lower class number) that had
// requested no later. The initial holder's first entry is left out: it holds the token before
// anyone competes.
func (o Outcome) Inversions(w Workload) int {
	k := 0
	for a := 1; a < len(o.Order); a++ {
		for b := a + 1; b < len(o.Order); b++ {
			x, y := w.Nodes[o.Order[a]], w.Nodes[o.Order[b]]
			if y.Start <= x.Start && max(y.Class, 1) < max(x.Class, 1) {
				k++
			}
		}
	}
	return k
}
