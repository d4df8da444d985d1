package kernel_test

import (
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/rl"
	"github.com/mutexlab/mutexlab/algorithms/rr"
	"github.com/mutexlab/mutexlab/kernel"
)

var updatePin = flag.Bool("update-pin", false, "rewrite testdata/walter-default.golden from the current kernel")

// pinTrials are the trials whose results TestWalterDefaultReadingsUnchanged pins: both
// algorithms of section 6 at low and high connectivity, low and high load, static, low and
// high mobility.
func pinTrials() []kernel.Params {
	var ps []kernel.Params
	for _, c := range []float64{0.2, 0.8} {
		for _, load := range []float64{1e-3, 0.1, 1} {
			for _, mob := range []float64{0, 0.01, 0.1} {
				p := kernel.DefaultParams()
				p.Connectivity, p.Load, p.Mobility = c, load, mob
				p.Warmup, p.Measure = 20, 200
				p.Seed = kernel.DeriveSeed(11, uint64(c*10), uint64(load*1e3), uint64(mob*100))
				ps = append(ps, p)
			}
		}
	}
	return ps
}

// pinLine renders the Result fields that existed before the model readings were added, every
// float exactly (shortest representation that round-trips), so any change shows.
func pinLine(algo string, p kernel.Params, r kernel.Result) string {
	f := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	var b strings.Builder
	fmt.Fprintf(&b, "%s c=%g load=%g mob=%g: links=%d simtime=%s events=%d entries=%d wait=%s/%s/%s/%s msgs=%d/%s %v changes=%d lost=%d window=%s inflight=%d conc=%s thr=%s",
		algo, p.Connectivity, p.Load, p.Mobility, r.Links, f(r.SimTime), r.Events, r.CSEntries,
		f(r.WaitMean), f(r.WaitP50), f(r.WaitP99), f(r.WaitMax), r.MsgsTotal, f(r.MsgsPerCS), r.Msgs,
		r.LinkChanges, r.MsgsLost, f(r.WindowTime), r.MaxInFlightPerLink, f(r.ConcurrencyMean), f(r.Throughput))
	for _, m := range r.Extra {
		if strings.HasPrefix(m.Name, "route_") || strings.HasPrefix(m.Name, "tree_") {
			continue // rr's route metrics came with the readings
		}
		fmt.Fprintf(&b, " %s=%s", m.Name, f(m.Value))
	}
	return b.String()
}

// TestWalterDefaultReadingsUnchanged pins the walter model under its default readings (a
// network-wide rate, a random absent link formed, a stuck change skipped) bit for bit to the
// kernel before the readings existed: 36 trials of rl and rr, every pre-existing Result field.
// Regenerate only for a deliberate change: go test ./kernel -run DefaultReadings -update-pin
func TestWalterDefaultReadingsUnchanged(t *testing.T) {
	checkPinned(t)
}

// TestSpilledPortsUnchanged: the same 36 trials with every node's ports beyond the 16th kept
// in spill rows (as at n = 10^6; at n = 30 and connectivity 0.8 most nodes have more than 16
// links, and mobility connects and disconnects them) give the same results bit for bit; and
// so do they beyond the 4th, where nearly every node spills and the spill rows outgrow the
// room Reset reserved (the port array grows).
func TestSpilledPortsUnchanged(t *testing.T) {
	for _, w := range []int{16, 4} {
		t.Run(fmt.Sprintf("inline=%d", w), func(t *testing.T) {
			checkPinnedWith(t, kernel.LargeAuto, w)
		})
	}
}

func checkPinned(t *testing.T) { t.Helper(); checkPinnedWith(t, kernel.LargeAuto, -1) }

// checkPinnedWith is checkPinned with the large-network machinery chosen by large and each
// node's ports beyond the first spill inline (Sim.SpillBeyond; -1: by the network's size).
func checkPinnedWith(t *testing.T, large kernel.LargeMode, spill int) {
	t.Helper()
	sim := kernel.NewSim()
	sim.SpillBeyond(spill)
	var lines []string
	for _, p := range pinTrials() {
		p.Large = large
		for _, a := range []kernel.Algorithm{rl.New(), rr.New()} {
			r, err := sim.Run(p, a)
			if err != nil {
				t.Fatal(err)
			}
			lines = append(lines, pinLine(a.Name(), p, r))
		}
	}
	got := strings.Join(lines, "\n") + "\n"
	const path = "testdata/walter-default.golden"
	if *updatePin {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	wl, gl := strings.Split(string(want), "\n"), strings.Split(got, "\n")
	for i := range min(len(wl), len(gl)) {
		if wl[i] != gl[i] {
			t.Errorf("trial %d changed:\n got %s\nwant %s", i, gl[i], wl[i])
		}
	}
	if len(wl) != len(gl) {
		t.Errorf("%d lines, want %d", len(gl), len(wl))
	}
}
