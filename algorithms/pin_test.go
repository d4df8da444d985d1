package algorithms_test

import (
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/algorithms"
	"github.com/mutexlab/mutexlab/algotest"
	"github.com/mutexlab/mutexlab/kernel"
	"github.com/mutexlab/mutexlab/kernel/netmodel"
)

var repin = flag.Bool("repin", false, "rewrite testdata/pins.golden (only when a change of behaviour is intended and explained)")

const pinsFile = "testdata/pins.golden"

// pinTrial is one pinned trial: an algorithm, a trial generator and a seed.
type pinTrial struct {
	algo, gen string
	seed      uint64
}

// pinGens are the trial generators of the pins, by name: every knob random per seed, on the
// walter network (for akw1 with link changes capped at 0.1 per time unit), on random
// waypoint, and with crashes.
var pinGens = map[string]func(seed uint64) kernel.Params{
	"walter": algotest.RandomParams,
	"walter-slow": func(seed uint64) kernel.Params {
		p := algotest.RandomParams(seed)
		p.Mobility = min(p.Mobility, 0.1) // akw1's restarts need a slow network (akw1_test.go)
		return p
	},
	"waypoint": func(seed uint64) kernel.Params { return algotest.WaypointParams(seed, 0x9147) },
	"crash":    func(seed uint64) kernel.Params { return algotest.CrashParams(seed, true, 0.1) },
}

// pinAlgo are the algorithm parameters each algorithm's pins run with: non-default knobs, so
// the pins cover the code behind them.
var pinAlgo = map[string]func(p *kernel.Params){
	// hk and gme under Reverse Link's LINK rule (and, for hk, RL's sink test at a REQUEST);
	// hk-readings and gme-readings under the default link_to = all and the readings that keep
	// Theorems 3 and 2.
	"hk": func(p *kernel.Params) {
		p.Algo = map[string]float64{"k": 3, "h": 0, "priority_levels": 3, "aging": 1, "link_to": 1, "request_sink": 1}
	},
	"gme": func(p *kernel.Params) {
		p.Algo = map[string]float64{"m": 3, "resource_dist": 1, "zipf_s": 1.2, "link_to": 1}
	},
	"hk-readings": func(p *kernel.Params) {
		p.Algo = map[string]float64{"k": 3, "h": 0, "priority_levels": 3, "aging": 1, "aging_at": 1}
	},
	"gme-readings": func(p *kernel.Params) {
		p.Algo = map[string]float64{"m": 3, "resource_dist": 1, "zipf_s": 1.2, "subtokens": 1}
	},
	"drs":   func(p *kernel.Params) { p.Algo = map[string]float64{"k_priorities": 64} },
	"akw1g": func(p *kernel.Params) { p.Algo = map[string]float64{"akw_init_colors": 2} },
	"akw1b": func(p *kernel.Params) {
		d := float64(p.N - 1)
		if p.Network == "waypoint" {
			d = float64(min(6, p.N-1))
			p.Net[netmodel.Delta] = d
		}
		p.Algo = map[string]float64{"akw_coloring": 2, "akw_n": 1 << 20, "akw_delta": d}
	},
}

// pinTrials lists the pinned trials: every registered algorithm (and akw1's variation 1b, and
// akw1 with given initial colours, akw1g, whose pins are akw1's before its initial colours
// came from the recolouring module; hk's and gme's readings) on four walter seeds (seeds 1, 4,
// 5 and 9 draw link changes); the local-mutex family also on two waypoint and two crash seeds
// (the Reverse Link family and rr need reliable links).
func pinTrials() []pinTrial {
	var ts []pinTrial
	for _, a := range append(algorithms.Names(), "akw1b", "akw1g", "hk-readings", "gme-readings") {
		gens := []string{"walter"}
		switch a {
		case "akw1", "akw1b", "akw1g":
			gens = []string{"walter-slow", "waypoint", "crash"}
		case "akw2", "cm", "drs":
			gens = []string{"walter", "waypoint", "crash"}
		}
		for _, g := range gens {
			seeds := []uint64{1, 2}
			if g == "walter" || g == "walter-slow" {
				seeds = []uint64{1, 4, 5, 9}
			}
			for _, seed := range seeds {
				ts = append(ts, pinTrial{a, g, seed})
			}
		}
	}
	return ts
}

// runPin runs one pinned trial and renders its measurements on one line.
func runPin(t *testing.T, sim *kernel.Sim, pt pinTrial) string {
	t.Helper()
	p := pinGens[pt.gen](pt.seed)
	name, _, _ := strings.Cut(pt.algo, "-")
	if name == "akw1b" || name == "akw1g" {
		name = "akw1"
	}
	if f := pinAlgo[pt.algo]; f != nil {
		f(&p)
	}
	algo, err := algorithms.New(name)
	if err != nil {
		t.Fatal(err)
	}
	r, err := sim.Run(p, algo)
	if err != nil {
		return fmt.Sprintf("%s/%s/%d error %v", pt.algo, pt.gen, pt.seed, err)
	}
	return fmt.Sprintf("%s/%s/%d %s", pt.algo, pt.gen, pt.seed, renderResult(&r))
}

// renderResult writes the measurements a change of behaviour would move, floats exactly.
// Extra metrics are written by name, so metrics added later do not disturb older pins (see
// samePin).
func renderResult(r *kernel.Result) string {
	f := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	var b strings.Builder
	fmt.Fprintf(&b, "events=%d entries=%d simtime=%s wait=%s/%s/%s/%s msgs=%d", r.Events, r.CSEntries, f(r.SimTime),
		f(r.WaitMean), f(r.WaitP50), f(r.WaitP99), f(r.WaitMax), r.MsgsTotal)
	for k, n := range r.Msgs {
		fmt.Fprintf(&b, " %s=%d", r.MsgTypes[k].Name, n)
	}
	fmt.Fprintf(&b, " changes=%d lost=%d crashed=%d blocked=%d locality=%d", r.LinkChanges, r.MsgsLost, r.Crashed, r.Blocked, r.FailureLocality)
	for _, m := range r.Extra {
		fmt.Fprintf(&b, " %s=%s", m.Name, f(m.Value))
	}
	return b.String()
}

// samePin compares a pinned line with a fresh one: every field of the pinned line must be in
// the fresh one with the same value (fields added since are ignored).
func samePin(pinned, fresh string) bool {
	have := map[string]bool{}
	for _, w := range strings.Fields(fresh) {
		have[w] = true
	}
	for _, w := range strings.Fields(pinned) {
		if !have[w] {
			return false
		}
	}
	return true
}

// TestPinnedTrials: a fixed set of trials of every algorithm gives exactly the measurements
// recorded in testdata/pins.golden. Restructuring an algorithm package (shared machinery,
// mutation hooks, inspection) must not change what a trial does; a change of behaviour is
// rewritten with -repin and explained in its commit.
func TestPinnedTrials(t *testing.T) {
	t.Parallel()
	sim := kernel.NewSim()
	var lines []string
	for _, pt := range pinTrials() {
		lines = append(lines, runPin(t, sim, pt))
	}
	if *repin {
		if err := os.WriteFile(pinsFile, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	data, err := os.ReadFile(pinsFile)
	if err != nil {
		t.Fatalf("%v (run with -repin to create it)", err)
	}
	pinned := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	if len(pinned) != len(lines) {
		t.Fatalf("%s has %d trials, the test runs %d", pinsFile, len(pinned), len(lines))
	}
	for k := range lines {
		if !samePin(pinned[k], lines[k]) {
			t.Errorf("trial changed:\n  pinned: %s\n  now:    %s", pinned[k], lines[k])
		}
	}
}

// TestPinsIndependentOfSimHistory: a trial is a function of its parameters and seed alone,
// not of what the reused simulator ran before: each pinned trial gives the same line on a
// fresh simulator as on one reused through every trial before it.
func TestPinsIndependentOfSimHistory(t *testing.T) {
	t.Parallel()
	reused := kernel.NewSim()
	for _, pt := range pinTrials() {
		if a, b := runPin(t, reused, pt), runPin(t, kernel.NewSim(), pt); !samePin(a, b) {
			t.Errorf("trial depends on the simulator's earlier trials:\n  reused: %s\n  fresh:  %s", a, b)
		}
	}
}
