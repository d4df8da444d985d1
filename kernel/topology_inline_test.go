package kernel

import (
	"fmt"
	"testing"
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
		var rng Stream
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
