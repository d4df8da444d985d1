package kernel

import (
	"fmt"
	"github.com/mutexlab/mutexlab/kernel/eventq"
	"github.com/mutexlab/mutexlab/kernel/topology"
	"math"
	"strconv"
	"strings"
)

// Params are the inputs of one trial. A trial is a pure function of (Params, algorithm).
type Params struct {
	N            int     // number of nodes, >= 2
	Links        int     // initial number of links; 0 means derive from Degree or Connectivity
	Connectivity float64 // links / (n(n-1)/2), in (0, 1]
	Degree       float64 // mean degree 2*links/n, for large n (used when > 0 and Links == 0)
	Load         float64 // λ_req: rate of the exponential gap from leaving the CS to requesting again
	Mobility     float64 // λ_mob: rate of the Poisson process of link changes (0: static)
	Delay        Delay   // message delay model (constant 1 by default)
	CSTime       float64 // time spent in the critical section (1 in the paper)
	Warmup       int     // CS entries discarded before measuring
	Measure      int     // CS entries measured
	StarveAfter  float64 // watchdog: a request pending longer than this is starvation (0: auto)
	// Steady-state sizing of the window (window.go): the warm-up ends, and the measurement
	// window closes, when every criterion set is met: Warmup (Measure) entries,
	// WarmupPerNode·n (MeasurePerNode·n) entries, WarmupTime (MeasureTime) time units, and
	// under WarmupRule = WarmupMSER5 the MSER-5 rule. The zero values add no criterion.
	WarmupPerNode  float64
	MeasurePerNode float64
	WarmupTime     float64
	MeasureTime    float64
	WarmupRule     WarmupRule
	// Drain says whether the liveness phase runs after the window (DrainFull, the default:
	// every pending request must be served, which checks Theorem 2's liveness) and
	// DrainMaxEvents bounds its events (0: no bound). A drain that is skipped or cut short
	// leaves liveness unchecked, and the result says so (Result.LivenessChecked).
	Drain          DrainMode
	DrainMaxEvents int64
	Seed           uint64 // the trial's seed; every random stream derives from it
	// MaxEventsPerEntry is the trial's event budget: the most events it may process between
	// two CS entries, or before its first (0: DefaultEventBudget). A trial that spends more
	// stops with an ErrBudget *TrialError instead of running for hours.
	MaxEventsPerEntry int64

	// Network names the network model (see NetworkModel; "" is "walter", the model of
	// Walter, Welch and Vaidya's section 6). Net holds model-specific parameters by name.
	Network string
	Net     map[string]float64
	// MovementFile is the path of an ns-2 movement file (setdest/BonnMotion format) for the
	// "ns2" network model; other models ignore it.
	MovementFile string

	// Readings of the walter model where section 6 admits more than one (walter.go); the
	// zero values are the defaults. Other network models accept only the defaults.
	MobilityRate  MobilityRate  // mobility_rate: network (λ_mob for the graph) or per-node (n·λ_mob)
	LinkFormation LinkFormation // link_formation: absent (a random absent link) or any-pair
	NoDeletion    NoDeletion    // no_deletion: skip or form, when no link can be deleted

	// Crashes are crash-stop failures of chosen nodes at chosen times; CrashRate is the rate
	// of a Poisson process of crashes of uniformly random live nodes (0: none). See crash.go
	// for the model: with either set, a request outliving StarveAfter counts as blocked.
	Crashes   []Crash
	CrashRate float64
	// ResponseBound is T of Attiya, Kogan and Welch's Definition 1 (crash.go): with crashes
	// and T > 0, a request that waits longer than T is late, and the trial measures failure
	// locality as the paper defines it from the late requests (0: off).
	ResponseBound float64

	// Large chooses the large-network machinery (LargeMode; the zero value: from LargeN
	// nodes on). It changes speed and memory only, never a result.
	Large LargeMode

	// Algo holds algorithm-specific parameters by name (for example k and h of h-out-of-k
	// mutual exclusion); each algorithm documents and validates its own. Never mutated.
	Algo map[string]float64
}

// AlgoParam returns the algorithm-specific parameter name, or def when it is not set.
func (p *Params) AlgoParam(name string, def float64) float64 {
	if v, ok := p.Algo[name]; ok {
		return v
	}
	return def
}

// DefaultParams returns the paper's defaults: n = 30, constant delay 1, CS time 1, 200 warm-up
// and 2,000 measured CS entries.
func DefaultParams() Params {
	return Params{N: 30, Connectivity: 0.2, Load: 0.1, Delay: Delay{Kind: DelayConstant, A: 1}, CSTime: 1, Warmup: 200, Measure: 2000}
}

// LinkCount resolves the initial number of links: Links if set, else round(n*Degree/2), else
// ⌊Connectivity·n(n−1)/2⌋. Flooring follows the paper, whose 10% of the 435 links of a
// 30-clique is 43 links (and 20% is 87, 80% is 348).
func (p *Params) LinkCount() int {
	switch {
	case p.Links > 0:
		return p.Links
	case p.Degree > 0:
		return int(math.Round(float64(p.N) * p.Degree / 2))
	default:
		return int(math.Floor(p.Connectivity*float64(MaxLinks(p.N)) + 1e-9))
	}
}

// linksParam names the parameter LinkCount resolved the initial number of links from.
func (p *Params) linksParam() string {
	switch {
	case p.Links > 0:
		return "links"
	case p.Degree > 0:
		return "degree"
	default:
		return "connectivity"
	}
}

// ParamError is a bad parameter: Name is the parameter's spec key (results/columns: cs_time,
// not cs-time), which a command renders as the user gave it (a flag, --set KEY, or
// params.KEY in a spec file); Msg says what was wrong and what is accepted.
type ParamError struct {
	Name string
	Msg  string
}

func (e *ParamError) Error() string { return e.Name + ": " + e.Msg }

// Validate checks every parameter and names the first bad one.
func (p *Params) Validate() error {
	bad := func(name, format string, a ...any) error { return &ParamError{name, fmt.Sprintf(format, a...)} }
	if p.N < 2 {
		return bad("n", "must be at least 2, got %d", p.N)
	}
	if p.Large > LargeOff {
		return bad("large", "must be auto, on or off, got %d", p.Large)
	}
	if p.N > eventq.MaxPayload/4 {
		return bad("n", "must be at most %d, got %d", eventq.MaxPayload/4, p.N)
	}
	info, ok := LookupNetwork(p.Network)
	if !ok {
		_, err := newNetwork(p.Network)
		return err
	}
	if err := info.checkNetParams(p); err != nil {
		return err
	}
	if info.UsesLinks {
		if err := p.validateLinks(); err != nil {
			return err
		}
	}
	if err := p.validateReadings(info); err != nil {
		return err
	}
	if info.Validate != nil {
		if err := info.Validate(p); err != nil {
			return err
		}
	}
	return p.validateRest()
}

// validateLinks checks the parameters of the walter model's random graph and link changes.
func (p *Params) validateLinks() error {
	bad := func(name, format string, a ...any) error { return &ParamError{name, fmt.Sprintf(format, a...)} }
	if p.Links == 0 && p.Degree == 0 {
		if !(p.Connectivity > 0 && p.Connectivity <= 1) {
			return bad("connectivity", "must be in (0, 1], got %g", p.Connectivity)
		}
	}
	if p.Degree < 0 || math.IsNaN(p.Degree) || math.IsInf(p.Degree, 0) {
		return bad("degree", "must be positive, got %g", p.Degree)
	}
	links := p.LinkCount()
	if links < MinLinks(p.N) {
		return bad(p.linksParam(), "gives %d links, but a connected graph on %d nodes needs at least %d (connectivity >= %.4g, degree >= %.4g)",
			links, p.N, MinLinks(p.N), float64(MinLinks(p.N))/float64(MaxLinks(p.N)), 2*float64(MinLinks(p.N))/float64(p.N))
	}
	if links > MaxLinks(p.N) {
		return bad(p.linksParam(), "gives %d links, more than the %d of a clique on %d nodes", links, MaxLinks(p.N), p.N)
	}
	if err := topology.CheckPortCap(PortCapFor(p.N, links)); err != nil {
		return p.portCapError(links, err) // before the trial starts, not at its setup
	}
	if !(p.Mobility >= 0) || math.IsInf(p.Mobility, 0) {
		return bad("mobility", "must be a rate >= 0, got %g", p.Mobility)
	}
	return nil
}

// validateRest checks the parameters every network model shares.
func (p *Params) validateRest() error {
	bad := func(name, format string, a ...any) error { return &ParamError{name, fmt.Sprintf(format, a...)} }
	if !(p.Load > 0) || math.IsInf(p.Load, 0) {
		return bad("load", "must be a rate > 0 (requests per node per time unit), got %g", p.Load)
	}
	if err := p.Delay.validate(); err != nil {
		return bad("delay", "%v", err)
	}
	if !(p.CSTime > 0) || math.IsInf(p.CSTime, 0) {
		return bad("cs_time", "must be > 0, got %g", p.CSTime)
	}
	if p.Warmup < 0 {
		return bad("warmup", "must be >= 0, got %d", p.Warmup)
	}
	if p.Measure < 1 {
		return bad("measure", "must be >= 1, got %d", p.Measure)
	}
	if p.StarveAfter < 0 || math.IsNaN(p.StarveAfter) {
		return bad("starve_after", "must be >= 0 (0: automatic), got %g", p.StarveAfter)
	}
	if err := p.validateWindow(); err != nil {
		return err
	}
	if p.MaxEventsPerEntry < 0 {
		return bad("max_events_per_entry", "must be >= 0 (0: automatic, %s), got %d", budgetFormula, p.MaxEventsPerEntry)
	}
	return p.validateCrashes()
}

// starveAfter resolves the watchdog bound: explicit, or 1000·n·(CS time + mean delay) — far
// beyond any wait a live algorithm shows (a round-robin through every node takes n·(CS time +
// delay)), so a firing watchdog means a request was lost, not merely slow.
func (p *Params) starveAfter() float64 {
	if p.StarveAfter > 0 {
		return p.StarveAfter
	}
	return 1000 * float64(p.N) * (p.CSTime + p.Delay.Mean())
}

// StarveBound returns the starvation watchdog's bound in time units: StarveAfter, or the
// automatic bound when it is 0. Results record this value, the one the trial used.
func (p *Params) StarveBound() float64 { return p.starveAfter() }

// budgetFormula describes DefaultEventBudget for messages.
const budgetFormula = "10^6 + 1000·n events between two CS entries"

// DefaultEventBudget is the event budget of a trial that does not set MaxEventsPerEntry:
// 10^6 + 1000·n events between two CS entries (or before the first).
//
// The budget is per CS entry, not per trial, so that it grows with the trial's length
// (warm-up, measurement and the liveness drain, which serves up to n pending requests, all
// make entries) and so that a runaway trial is caught early, before its first entry, instead
// of after hours. It is some ten times what the busiest legitimate trials need between two
// entries: the walter2001 grid averages at most ~40 events per entry; a per-node link-change
// rate of 0.1 at λ_req = 1e-4 (about 1,000 link changes per entry, ~10^4 events, with gaps
// between entries up to ~8 times the mean over 2,200 entries) ~10^5; drs on 100,000
// waypoint nodes ~340. A link-change rate of 10^9 at n = 30 (3·10^8 link changes before each
// entry) exhausts it within seconds. Raise MaxEventsPerEntry (spec key max_events_per_entry)
// if a trial is really meant to spend more.
func DefaultEventBudget(n int) int64 {
	return 1_000_000 + 1000*int64(n)
}

// EventBudget returns the trial's event budget per CS entry: MaxEventsPerEntry, or
// DefaultEventBudget.
func (p *Params) EventBudget() int64 {
	if p.MaxEventsPerEntry > 0 {
		return p.MaxEventsPerEntry
	}
	return DefaultEventBudget(p.N)
}

// DelayKind selects a message-delay distribution.
type DelayKind uint8

const (
	DelayConstant    DelayKind = iota // every message takes A
	DelayExponential                  // exponential with mean A
	DelayUniform                      // uniform on [A, B]
)

// Delay is a message-delay model. Links are FIFO whatever the model: a message never
// arrives before one sent earlier on the same link.
type Delay struct {
	Kind DelayKind
	A, B float64
}

// Mean returns the mean delay.
func (d Delay) Mean() float64 {
	switch d.Kind {
	case DelayUniform:
		return (d.A + d.B) / 2
	default:
		return d.A
	}
}

// String renders the model in the syntax ParseDelay reads.
func (d Delay) String() string {
	f := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	switch d.Kind {
	case DelayExponential:
		return "exp:" + f(d.A)
	case DelayUniform:
		return "uniform:" + f(d.A) + ":" + f(d.B)
	default:
		return f(d.A)
	}
}

// ParseDelay reads "1" (constant), "exp:MEAN" or "uniform:MIN:MAX".
func ParseDelay(s string) (Delay, error) {
	parts := strings.Split(s, ":")
	num := func(x string) (float64, error) { return strconv.ParseFloat(x, 64) }
	var d Delay
	var err error
	switch {
	case len(parts) == 1:
		d.Kind = DelayConstant
		d.A, err = num(parts[0])
	case len(parts) == 2 && parts[0] == "exp":
		d.Kind = DelayExponential
		d.A, err = num(parts[1])
	case len(parts) == 3 && parts[0] == "uniform":
		d.Kind = DelayUniform
		if d.A, err = num(parts[1]); err == nil {
			d.B, err = num(parts[2])
		}
	default:
		return d, fmt.Errorf("%q is not a delay model; accepted: a constant like 1, exp:MEAN, uniform:MIN:MAX", s)
	}
	if err != nil {
		return d, fmt.Errorf("%q is not a delay model; accepted: a constant like 1, exp:MEAN, uniform:MIN:MAX", s)
	}
	return d, d.validate()
}

func (d Delay) validate() error {
	switch d.Kind {
	case DelayConstant, DelayExponential:
		if !(d.A > 0) || math.IsInf(d.A, 0) {
			return fmt.Errorf("delay %s: the delay must be > 0", d)
		}
	case DelayUniform:
		if !(d.A > 0) || !(d.B >= d.A) || math.IsInf(d.B, 0) {
			return fmt.Errorf("delay %s: need 0 < MIN <= MAX", d)
		}
	default:
		return fmt.Errorf("unknown delay kind %d", d.Kind)
	}
	return nil
}

func (d Delay) sample(rng *Stream) float64 {
	switch d.Kind {
	case DelayExponential:
		return d.A * rng.ExpFloat64()
	case DelayUniform:
		return d.A + (d.B-d.A)*rng.Float64()
	default:
		return d.A
	}
}
