package kernel_test

import (
	"fmt"
	"testing"

	"github.com/mutexlab/mutexlab/algorithms"
	"github.com/mutexlab/mutexlab/kernel"
)

// TestDrainAsideUnchanged: setting the drain's requests aside (kernel/drain_aside.go) changes
// no result. Every registered algorithm runs the same trials with it on and off: small and
// sparse networks under link changes, with the look-ahead on and off, with crashes at chosen
// times and at a rate on static networks (the window of most of them closed by the watchdog
// once every live node is blocked), a trial whose trace asks for the
// messages in transit (Sim.Pending, which pops and requeues every pending event) at every
// hundredth event, and drains bounded at every event count from 1 to a whole drain of one
// trial (so that some bound stops the drain inside a run of dropped requests, and one at its
// end).
func TestDrainAsideUnchanged(t *testing.T) {
	drainAside := partSwitch(kernel.PartDrainAside, 0)
	base, sparse, _, trials := switchTrials()
	for _, info := range algorithms.All() {
		for _, tr := range trials {
			for _, ahead := range []bool{false, true} {
				t.Run(fmt.Sprintf("%s/%s/ahead=%v", info.Name, tr.name, ahead), func(t *testing.T) {
					aside := partSwitch(kernel.PartDrainAside, kernel.PartLookahead|kernel.PartStartStream)
					if ahead {
						aside = partSwitch(kernel.PartDrainAside, 0)
					}
					want := runSwitched(t, info, tr.p, aside, false)
					if got := runSwitched(t, info, tr.p, aside, true); got != want {
						t.Errorf("with the requests set aside:\n%s\nwithout:\n%s", got, want)
					}
				})
			}
		}
	}
	t.Run("pending", func(t *testing.T) { pendingUnchanged(t, sparse, drainAside, "the requests set aside") })
	t.Run("bounded", func(t *testing.T) {
		drainAside := partSwitch(kernel.PartDrainAside, kernel.PartLookahead|kernel.PartStartStream)
		info, _ := algorithms.Lookup("rl")
		p := base
		p.N, p.Load, p.CSTime = 100, 0.02, 10 // three runs of dropped requests in 160 events of drain
		p.Large = kernel.LargeOn
		drops, _, err := kernel.DrainDrops(p, info.New())
		if err != nil {
			t.Fatal(err)
		}
		run := 0 // the first run of two dropped requests or more, one after the other
		for k := 1; k < len(drops) && run == 0; k++ {
			if drops[k] == drops[k-1]+1 {
				run = k
			}
		}
		if run == 0 {
			t.Fatalf("no two dropped requests one after the other in the drain (at %v): the bounds below test nothing", drops)
		}
		full := runSwitched(t, info, p, drainAside, false)
		for m := int64(1); m <= drops[len(drops)-1]+1; m++ {
			p.DrainMaxEvents = m
			got, want := runSwitched(t, info, p, drainAside, true), runSwitched(t, info, p, drainAside, false)
			if got != want {
				t.Fatalf("drain bounded at %d events (dropped requests at %d and %d), with the requests set aside:\n%s\nwithout:\n%s",
					m, drops[run-1], drops[run], got, want)
			}
			if got == full {
				t.Fatalf("drain bounded at %d events ran to its end: the bound tests nothing", m)
			}
		}
	})
}

// BenchmarkDrainAside runs the million-node trial of each algorithm with the drain's requests set
// aside and not, alternated trial by trial on one warmed simulator (benchPartOf), and
// compares the drain's events per second of the thread's CPU: the phase the set-aside serves.
//
//	go test -run '^$' -bench 'DrainAside/drs' -benchtime 8x -v ./kernel/
func BenchmarkDrainAside(b *testing.B) {
	benchPartOf(b, []string{"drs", "rl", "hk", "gme", "akw1", "akw2", "cm"}, kernel.PartDrainAside, drainCost)
}
