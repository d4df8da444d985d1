package algotest

import (
	"fmt"
	"math"
	"testing"

	"github.com/mutexlab/mutexlab/kernel"
	"github.com/mutexlab/mutexlab/kernel/netmodel"
)

// RandomParams draws a small trial with every knob random: n in [2, 40], a feasible number of
// links, load log-uniform in [1e-3, 2], mobility from static to very high, and constant,
// exponential or uniform delays. The same seed always gives the same parameters.
func RandomParams(seed uint64) kernel.Params {
	var r kernel.Stream
	r.Seed(kernel.DeriveSeed(seed, 0x5eed))
	p := kernel.DefaultParams()
	p.Seed = seed
	p.N = 2 + r.IntN(39)
	lo, hi := kernel.MinLinks(p.N), kernel.MaxLinks(p.N)
	p.Links = lo + r.IntN(hi-lo+1)
	p.Connectivity = 0
	p.Load = math.Exp(math.Log(1e-3) + r.Float64()*(math.Log(2)-math.Log(1e-3)))
	p.Mobility = []float64{0, 0.01, 0.1, 1, 5}[r.IntN(5)]
	switch r.IntN(3) {
	case 0:
		p.Delay = kernel.Delay{Kind: kernel.DelayConstant, A: 1}
	case 1:
		p.Delay = kernel.Delay{Kind: kernel.DelayExponential, A: 0.2 + r.Float64()}
	default:
		p.Delay = kernel.Delay{Kind: kernel.DelayUniform, A: 0.1, B: 3}
	}
	p.Warmup = 20
	p.Measure = 150
	return p
}

// RunSeeds runs one trial per seed in [1, count] with RandomParams under every online check
// (Trials). It returns the total number of events processed.
func RunSeeds(t *testing.T, algo kernel.Algorithm, count int) int64 {
	t.Helper()
	return Trials(t, algo, count, RandomParams, nil)
}

// Trials runs one trial of algo per seed in [1, count] with params(seed), under the kernel's
// online safety checks and starvation watchdog (RunTrials), and fails the test on the first
// failure, with the parameters so the seed can be replayed. It returns the total number of
// events processed.
func Trials(t *testing.T, algo kernel.Algorithm, count int, params func(seed uint64) kernel.Params, after func(seed uint64, r *kernel.Result) error) int64 {
	t.Helper()
	sum, err := RunTrials(algo, count, params, after)
	if err != nil {
		t.Fatal(err)
	}
	return sum.Events
}

// Summary is what RunTrials ran.
type Summary struct {
	Trials    int
	CSEntries int64 // measured CS entries, every trial together
	Events    int64 // events processed, every trial together
}

// RunTrials runs one trial of algo per seed in [1, count] with params(seed), under the
// kernel's online safety checks (mutual exclusion or the algorithm's own Checker, one token,
// link-load bounds) and starvation watchdog, and stops at the first safety violation,
// starvation or invariant violation, at a trial that measured fewer CS entries than asked, or
// when after (if not nil) returns an error for a finished trial (an algorithm's own
// invariant). The error names the seed and the trial's parameters.
func RunTrials(algo kernel.Algorithm, count int, params func(seed uint64) kernel.Params, after func(seed uint64, r *kernel.Result) error) (Summary, error) {
	sim := kernel.NewSim()
	var sum Summary
	for seed := uint64(1); seed <= uint64(count); seed++ {
		p := params(seed)
		r, err := sim.Run(p, algo)
		if err != nil {
			return sum, fmt.Errorf("%v\n  params: %s", err, Describe(&p))
		}
		if r.CSEntries != int64(p.Measure) {
			return sum, fmt.Errorf("seed %d: measured %d CS entries, want %d", seed, r.CSEntries, p.Measure)
		}
		if after != nil {
			if err := after(seed, &r); err != nil {
				return sum, fmt.Errorf("seed %d: %v\n  params: %s", seed, err, Describe(&p))
			}
		}
		sum.Trials++
		sum.CSEntries += r.CSEntries
		sum.Events += r.Events
	}
	return sum, nil
}

// Describe renders the parameters a test draws on one line, so a failing seed can be
// replayed. links is the count the trial starts with (Params.LinkCount), shown only for the
// network models that take one.
func Describe(p *kernel.Params) string {
	links := ""
	if info, ok := kernel.LookupNetwork(p.Network); ok && info.UsesLinks {
		links = fmt.Sprintf(" links=%d", p.LinkCount())
	}
	return fmt.Sprintf("n=%d%s network=%s net=%v load=%g mobility=%g delay=%s algo=%v", p.N, links, p.Network, p.Net, p.Load, p.Mobility, p.Delay, p.Algo)
}

// SlowParams is RandomParams with the link-change rate capped at 0.1. akw1 needs it on the
// walter network: there every node is static (Topology.Moving is false), so a link change
// between two nodes breaks the paper's assumption that links change only when a node moves;
// the larger id takes the moving end's role and restarts at AD^r, and at rates of 1 or 5
// changes per time unit on small graphs it gets a new link more often than one recolouring
// takes (the paper's response time is for nodes that stay static) and may wait until the
// changes stop, longer than the watchdog's bound.
func SlowParams(seed uint64) kernel.Params {
	p := RandomParams(seed)
	p.Mobility = min(p.Mobility, 0.1)
	return p
}

// CrashParams draws a crash trial: one to three crashes of random nodes at random times inside
// the first 200 time units, a heavy load (so nodes are hungry when their neighbours crash)
// and a window of 1,500 time units: a live node still waiting 1,500 time units after its
// request is blocked. Static when mobile is false; the drawn mobility is capped at
// mobilityCap (math.Inf(1): no cap).
func CrashParams(seed uint64, mobile bool, mobilityCap float64) kernel.Params {
	p := RandomParams(seed)
	var r kernel.Stream
	r.Seed(kernel.DeriveSeed(seed, 0xc7a5))
	p.N = 6 + r.IntN(35)
	lo, hi := kernel.MinLinks(p.N), min(kernel.MaxLinks(p.N), 3*p.N)
	p.Links = lo + r.IntN(hi-lo+1)
	p.Mobility = min(p.Mobility, mobilityCap)
	if !mobile {
		p.Mobility = 0
	}
	p.Load = 0.5 + 2*r.Float64()
	p.StarveAfter = 1500
	p.Warmup, p.Measure = 20, 400
	for k := range 1 + r.IntN(3) {
		node := int32(r.IntN(p.N))
		dup := false
		for _, c := range p.Crashes {
			dup = dup || c.Node == node
		}
		if !dup {
			p.Crashes = append(p.Crashes, kernel.Crash{Node: node, Time: 10 + 60*float64(k) + 50*r.Float64()})
		}
	}
	return p
}

// FailureLocality runs count crash trials (CrashParams) of algo and returns the largest
// measured failure locality and how many trials had a blocked node. It fails t on a trial
// error, on a crash count that does not match the schedule, and on a locality beyond n−1.
func FailureLocality(t *testing.T, algo kernel.Algorithm, count int, mobile bool, mobilityCap float64) (worst, withBlocked int) {
	t.Helper()
	sim := kernel.NewSim()
	for seed := uint64(1); seed <= uint64(count); seed++ {
		p := CrashParams(seed, mobile, mobilityCap)
		res, err := sim.Run(p, algo)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if res.Crashed < 1 || res.Crashed > len(p.Crashes) { // later crashes may come after the trial's end
			t.Fatalf("seed %d: %d crashes happened, %d configured", seed, res.Crashed, len(p.Crashes))
		}
		if res.FailureLocality > p.N-1 {
			t.Fatalf("seed %d: failure locality %d on %d nodes", seed, res.FailureLocality, p.N)
		}
		if res.Blocked > 0 {
			withBlocked++
		}
		worst = max(worst, res.FailureLocality)
	}
	return worst, withBlocked
}

// WaypointParams draws a random-waypoint trial: n in [2, 41], radius and speeds random; a
// third of the seeds are static (speed 0: the initial unit-disk graph never changes). salt
// separates the draws of different test suites.
func WaypointParams(seed, salt uint64) kernel.Params {
	var r kernel.Stream
	r.Seed(kernel.DeriveSeed(seed, salt))
	p := kernel.DefaultParams()
	p.Seed, p.N = seed, 2+r.IntN(40)
	p.Network = "waypoint"
	side := 500.0
	vmax := []float64{0, 2, 20}[r.IntN(3)]
	p.Net = map[string]float64{netmodel.Side: side, netmodel.Radius: 60 + r.Float64()*200,
		netmodel.SpeedMin: vmax / 4, netmodel.SpeedMax: vmax, netmodel.Pause: []float64{0, 10}[r.IntN(2)]}
	p.Load = math.Exp(math.Log(1e-2) + r.Float64()*(math.Log(3)-math.Log(1e-2)))
	p.Delay = randomDelay(&r)
	p.Warmup, p.Measure = 20, 150
	return p
}

// FastWaypointParams is WaypointParams with fast nodes (speeds 10..30) under a heavy load
// (3): nodes move far while they are hungry, so links form under eaters and recolourings
// overlap, the cases the local-mutex family's link handling is for.
func FastWaypointParams(seed, salt uint64) kernel.Params {
	p := WaypointParams(seed, salt)
	p.Net[netmodel.SpeedMax], p.Net[netmodel.SpeedMin], p.Load = 30, 10, 3
	return p
}

// Zero returns a Trials check that fails a trial after which count (an algorithm's own
// invariant counter, such as akw's invariant I2 violations) is not 0; what names it.
func Zero(what string, count func() int64) func(uint64, *kernel.Result) error {
	return func(uint64, *kernel.Result) error {
		if n := count(); n != 0 {
			return fmt.Errorf("%s: %d", what, n)
		}
		return nil
	}
}

// TVGParams draws a small trial on the edge-Markovian network (lossy, non-FIFO links, ports
// reused at once) with every knob random: n in [2, 31], link birth and death rates, a port
// cap Δ in 1..6, the load, and exponential or uniform delays. salt separates the draws of
// different test suites.
func TVGParams(seed, salt uint64) kernel.Params {
	var r kernel.Stream
	r.Seed(kernel.DeriveSeed(seed, salt))
	p := kernel.DefaultParams()
	p.Seed = seed
	p.N = 2 + r.IntN(30)
	p.Network = "tvg"
	p.Net = map[string]float64{
		netmodel.Birth: []float64{0.01, 0.05, 0.3}[r.IntN(3)],
		netmodel.Death: []float64{0, 0.02, 0.2, 0.8}[r.IntN(4)],
		netmodel.Delta: float64(1 + r.IntN(6)),
	}
	p.Load = []float64{0.01, 0.2, 2}[r.IntN(3)]
	p.Delay = randomDelay(&r)
	p.Warmup, p.Measure = 20, 150
	return p
}

// Metric returns the algorithm-specific metric name of a trial's result, and fails t if the
// trial did not report it.
func Metric(t *testing.T, r kernel.Result, name string) float64 {
	t.Helper()
	for _, m := range r.Extra {
		if m.Name == name {
			return m.Value
		}
	}
	t.Fatalf("no metric %s in %v", name, r.Extra)
	return 0
}

// Messages returns how many messages of the type called name the trial counted (0 for a type
// the algorithm does not have).
func Messages(r kernel.Result, name string) int64 {
	for k, ty := range r.MsgTypes {
		if ty.Name == name {
			return r.Msgs[k]
		}
	}
	return 0
}

// randomDelay draws exponential delays of mean 0.2..1.2, or uniform ones on [0.1, 3].
func randomDelay(r *kernel.Stream) kernel.Delay {
	if r.IntN(2) == 0 {
		return kernel.Delay{Kind: kernel.DelayExponential, A: 0.2 + r.Float64()}
	}
	return kernel.Delay{Kind: kernel.DelayUniform, A: 0.1, B: 3}
}
