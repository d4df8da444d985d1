package swarm_test

import (
	"testing"

	"github.com/mutexlab/mutexlab/internal/swarm"
	"github.com/mutexlab/mutexlab/kernel"
)

// TestParamsDrawEveryReading: over a few thousand seeds the swarm runs every value of every
// reading of the walter model on mobile trials, the same for every algorithm on a seed.
func TestParamsDrawEveryReading(t *testing.T) {
	rl, _ := swarm.Lookup("rl")
	hk, _ := swarm.Lookup("hk")
	seen := map[string]int{}
	for seed := uint64(1); seed <= 3000; seed++ {
		p, h := swarm.Params(rl, seed), swarm.Params(hk, seed)
		if p.MobilityRate != h.MobilityRate || p.LinkFormation != h.LinkFormation || p.NoDeletion != h.NoDeletion {
			t.Fatalf("seed %d: rl and hk get different readings", seed)
		}
		if p.Mobility == 0 {
			continue
		}
		for _, r := range kernel.Readings() {
			seen[r.Key+"="+r.Get(&p)]++
		}
	}
	for _, r := range kernel.Readings() {
		for _, v := range r.Values {
			if n := seen[r.Key+"="+v]; n < 500 {
				t.Errorf("%s=%s in %d mobile draws of 3000 seeds, want about a half of them", r.Key, v, n)
			}
		}
	}
}
