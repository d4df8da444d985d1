package hk_test

import (
	"os"
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/hk"
	"github.com/mutexlab/mutexlab/algotest"
	"github.com/mutexlab/mutexlab/internal/jiangload"
)

// TestRelayChainStarves is the sustained-load test of Theorem 3 (bounded delay), with no
// liveness drain (the drain stops new requests and would serve node 2 after the fact): on the
// edges 0–1, 1–2, 1–3, nodes 0 and 3 request at class 1 again and again, node 2 once at class
// 2, relay 1 never (jiangload.RelayChain). Under aging_at = cs-exit, the paper's aging, node 2
// is never served in 2,000 CS entries, with aging step 1 or 10, while 0 and 3 share every
// entry; under token-pass it is served within its first 10 time units, and so are 0 and 3.
// Every trial runs under the online checks (at most k resources, one token).
func TestRelayChainStarves(t *testing.T) {
	t.Parallel()
	const entries = 2000
	for _, aging := range []int{1, 10} {
		for _, r := range []jiangload.Reading{jiangload.HKReadings[0], jiangload.HKReadings[1]} {
			o, err := jiangload.RunOK(jiangload.RelayChain(aging, entries, r))
			if err != nil {
				t.Fatalf("aging %d, %s: %v", aging, r.Name, err)
			}
			served := o.Entries[2] > 0
			switch {
			case o.Total != entries:
				t.Errorf("aging %d, %s: %d CS entries, want %d", aging, r.Name, o.Total, entries)
			case r.Name == "literal" && (served || o.Entries[0]+o.Entries[3] != entries):
				t.Errorf("aging %d, cs-exit: entries per node %v: node 2 should never be served", aging, o.Entries)
			case r.Name != "literal" && (!served || o.First[2] > 10 || o.Entries[0] == 0 || o.Entries[3] == 0):
				t.Errorf("aging %d, token-pass: entries per node %v, node 2 first in at %g: want it served within 10 time units", aging, o.Entries, o.First[2])
			}
		}
	}
}

// TestRelayChainScript: testdata/relay-chain.txt (under aging_at = token-pass, node 2 enters
// when the token comes back to relay 1) replayed under cs-exit plays differently: the token
// goes to node 0, whose new class-1 request is ahead of node 2's unaged entry at the relay,
// and node 2 never enters.
func TestRelayChainScript(t *testing.T) {
	t.Parallel()
	const file = "testdata/relay-chain.txt"
	text, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(text), "2 enters the CS") {
		t.Fatalf("%s: node 2 does not enter under token-pass", file)
	}
	literal := strings.Replace(string(text), "aging_at=token-pass", "aging_at=cs-exit", 1)
	got, err := algotest.Play(file, literal, subject(hk.New()))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(got, "2 enters the CS") || !strings.Contains(got, "ok: in the CS [0], waiting [2 3]") {
		t.Errorf("under cs-exit the script should serve node 0 again, not node 2:\n%s", got)
	}
}

// TestRandomSustained: Theorem 3 beyond the one relay chain — on random small networks with
// sustained class-1 load, one-shot requesters of classes 2..4 and idle relays
// (jiangload.RandomSustained, no liveness drain, 2,000 CS entries, aging 1), some one-shot
// requester is never served in a good share of the trials under the paper's aging
// (cs-exit: 361 of seeds 1..1000), and none ever is under token-pass.
func TestRandomSustained(t *testing.T) {
	t.Parallel()
	seeds := algotest.Count(200, 40)
	starved := [2]int{}
	for seed := uint64(1); seed <= uint64(seeds); seed++ {
		for x, r := range jiangload.HKReadings[:2] {
			w := jiangload.RandomSustained(seed, 1, 2000, r)
			o, err := jiangload.RunOK(w)
			if err != nil {
				t.Fatalf("%s, %s: %v", w.Name, r.Name, err)
			}
			if k := o.Starved(w); k > 0 {
				starved[x]++
				if x == 1 {
					t.Errorf("%s, token-pass: %d one-shot requesters never served; entries per node %v, edges %v", w.Name, k, o.Entries, w.Edges)
				}
			}
		}
	}
	if starved[0] < seeds/10 {
		t.Errorf("cs-exit: %d of %d trials starve a requester, want at least a tenth (361 of 1000 seeds measured)", starved[0], seeds)
	}
	t.Logf("trials that starve a requester: cs-exit %d of %d, token-pass %d", starved[0], seeds, starved[1])
}
