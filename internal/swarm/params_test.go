package swarm_test

import (
	"fmt"
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

// TestParamsDrawJiangReadings: hk and gme trials draw every value of every Jiang reading
// (about half each over a thousand seeds), and the concurrent-entering check is on exactly
// when gme runs the reading that claims Theorem 2 (subtokens = session).
func TestParamsDrawJiangReadings(t *testing.T) {
	hk, _ := swarm.Lookup("hk")
	gme, _ := swarm.Lookup("gme")
	seen := map[string]int{}
	const seeds = 1000
	for seed := uint64(1); seed <= seeds; seed++ {
		p, q := swarm.Params(hk, seed), swarm.Params(gme, seed)
		for _, key := range []string{"aging_at", "link_to", "request_sink"} {
			seen[fmt.Sprintf("hk %s=%g", key, p.Algo[key])]++
		}
		for _, key := range []string{"subtokens", "link_to"} {
			seen[fmt.Sprintf("gme %s=%g", key, q.Algo[key])]++
		}
		if (q.Algo["ce_check"] == 1) != (q.Algo["subtokens"] == 1) {
			t.Fatalf("seed %d: ce_check %g under subtokens %g", seed, q.Algo["ce_check"], q.Algo["subtokens"])
		}
	}
	if len(seen) != 10 {
		t.Fatalf("values drawn: %v, want two of each of five readings", seen)
	}
	for k, n := range seen {
		if n < seeds/3 {
			t.Errorf("%s in %d of %d seeds, want about half", k, n, seeds)
		}
	}
}
