package topology

import (
	"fmt"
	"testing"

	"github.com/mutexlab/mutexlab/kernel/rng"
)

// TestInlineForSpillsFew builds the random graph of a large trial at mean degree 4, 8 and
// 16 (n = 10^5: the degrees' distribution is that of 10^6) on a topology sized by
// ResetLinks, and checks what inlineFor and spillRoom promise: fewer ports inline than the
// width before (max(16, PortCap/2)), at most 3% of the nodes spilling, and the spill rows
// within the reserved room, so that the port array is never reallocated. With -v it logs
// the degrees and how many nodes each inline width would spill.
func TestInlineForSpillsFew(t *testing.T) {
	const n = 100_000
	for _, deg := range []int{4, 8, 16} {
		links := n * deg / 2
		pc := PortCapFor(n, links)
		var topo Topology
		topo.ResetLinks(n, pc, links)
		first := &topo.ports[:1][0]
		var rng rng.Stream
		rng.Seed(uint64(deg))
		if err := RandomConnected(&topo, links, &rng); err != nil {
			t.Fatal(err)
		}
		hist := make([]int, pc+1)
		for i := range n {
			hist[topo.Degree(int32(i))]++
		}
		msg := fmt.Sprintf("mean degree %d, port cap %d, inline %d: %d nodes spill (%.2f%%); nodes of each degree %v; nodes beyond width w:", deg, pc, topo.inline, topo.spills, 100*float64(topo.spills)/n, hist)
		beyond := n
		for w := range pc {
			if beyond -= hist[w]; w >= deg/2 && beyond > 0 {
				msg += fmt.Sprintf(" %d: %d", w, beyond)
			}
		}
		t.Log(msg)
		if old := max(16, pc/2); topo.inline >= old {
			t.Errorf("mean degree %d: %d ports inline, no fewer than the %d before", deg, topo.inline, old)
		}
		if topo.spills > n*3/100 {
			t.Errorf("mean degree %d: %d of %d nodes spill at %d inline, more than 3%%", deg, topo.spills, n, topo.inline)
		}
		if topo.spills > spillRoom(n) || &topo.ports[:1][0] != first {
			t.Errorf("mean degree %d: %d spill rows, room for %d: the port array was reallocated", deg, topo.spills, spillRoom(n))
		}
	}
}

// TestLinkSinceKept: the links of the initial network formed at 0 and need no stored time;
// once a link forms later, every link's time is kept by link index, follows a link moved
// into a removed one's place, and is forgotten at Reset.
func TestLinkSinceKept(t *testing.T) {
	var topo Topology
	clock := 0.0
	topo.clock = &clock
	topo.Reset(6, 5)
	connect := func(u, v int32) {
		if _, _, err := topo.Connect(u, v); err != nil {
			t.Fatal(err)
		}
	}
	connect(0, 1)
	connect(1, 2)
	if len(topo.linkSince) != 0 || topo.LinkSince(1) != 0 {
		t.Fatalf("links formed at 0: %d times stored, link 1 formed at %g", len(topo.linkSince), topo.LinkSince(1))
	}
	clock = 5
	connect(2, 3)
	clock = 7
	connect(3, 4)
	want := []float64{0, 0, 5, 7}
	for k, w := range want {
		if got := topo.LinkSince(k); got != w {
			t.Fatalf("link %d formed at %g, want %g", k, got, w)
		}
	}
	topo.Disconnect(0) // link 3 (3-4, formed at 7) takes index 0
	if u, v := topo.Link(0); u != 3 || v != 4 || topo.LinkSince(0) != 7 || len(topo.linkSince) != 3 {
		t.Fatalf("after removing link 0: link 0 is %d-%d formed at %g, %d times stored", u, v, topo.LinkSince(0), len(topo.linkSince))
	}
	clock = 0
	topo.Reset(6, 5)
	connect(0, 1)
	if len(topo.linkSince) != 0 || topo.LinkSince(0) != 0 {
		t.Fatalf("after Reset: %d times stored, link 0 formed at %g", len(topo.linkSince), topo.LinkSince(0))
	}
}
