package topology

import (
	"fmt"
	"hash/fnv"
	"testing"

	"github.com/mutexlab/mutexlab/kernel/rng"
)

// graphHash builds RandomConnected(n, links) from seed and hashes everything a trial can
// see of the result: every link's ends and ports in link order, every port record, the
// port sets, the degrees, the version, and the next word of the stream (the generator must
// leave it where it found it plus exactly the draws the graph took).
func graphHash(t *testing.T, n, links int, seed uint64, spill spillRule) string {
	topo := Topology{spillAt: spill}
	var rng rng.Stream
	rng.Seed(seed)
	topo.Reset(n, PortCapFor(n, links))
	v0 := topo.Version()
	if err := RandomConnected(&topo, links, &rng); err != nil {
		t.Fatal(err)
	}
	h := fnv.New64a()
	put := func(xs ...int64) {
		for _, x := range xs {
			var b [8]byte
			for k := range b {
				b[k] = byte(x >> (8 * k))
			}
			h.Write(b[:])
		}
	}
	for k := range topo.links {
		u, v, pu, pv := topo.linkAt(k)
		put(int64(u), int64(v), int64(pu), int64(pv), int64(topo.LinkSince(k)))
	}
	for i := int32(0); int(i) < n; i++ {
		put(int64(topo.Degree(i)))
		for _, w := range topo.up.Row(i) {
			put(int64(w))
		}
		for p := Port(0); int(p) < topo.PortCap(); p++ {
			r := topo.rec(i, p)
			put(int64(r.Peer()), int64(r.PeerPort()), int64(r.inflight), int64(r.gen), int64(r.Link()))
		}
	}
	put(int64(topo.Version()-v0), int64(rng.Uint64()), int64(topo.spills))
	return fmt.Sprintf("%016x", h.Sum64())
}

// TestRandomConnectedPinned pins the generator's output bit for bit (hashes taken before
// the generator was rewritten for speed at n = 10^6): dense graphs that end in the
// exhaustive fallback, graphs with the adjacency matrix and without, and a large sparse
// one whose nodes spill ports.
func TestRandomConnectedPinned(t *testing.T) {
	cases := []struct {
		n, links int
		seed     uint64
		want     string
	}{
		{2, 1, 1, "863d116d3299acd6"},
		{20, 190, 3, "87867bf7cc85ac3d"},
		{21, 200, 4, "c9a77546965bfecd"},
		{30, 60, 5, "c4eb919dd38d77d7"},
		{100, 4000, 6, "69378779dea92936"},
		{1000, 4000, 7, "047d8bad14d3e123"},
		{5000, 20000, 8, "05b30e8fb5fccb79"},
		{5000, 200000, 9, "a5297a226027f4fb"},
		{200_000, 800_000, 10, "3098868861b348a2"},
		{300, 44850, 13, "11112a195d1cd6c9"}, // complete: the last links come from the exhaustive fallback
		{300, 44840, 14, "ba5f725e17162dcf"},
	}
	for _, c := range cases {
		if testing.Short() && c.n > 10_000 {
			continue
		}
		if got := graphHash(t, c.n, c.links, c.seed, spillBySize); got != c.want {
			t.Errorf("n=%d links=%d seed=%d: hash %s, want %s", c.n, c.links, c.seed, got, c.want)
		}
	}
	// Every topology spilling: rows of 20 inline ports at most, the rest in spill rows.
	for _, c := range []struct {
		n, links int
		seed     uint64
		want     string
	}{
		{60, 1200, 11, "6cc141360b4687a9"},
		{3000, 12000, 12, "7a873b3b7b46a8c0"},
	} {
		if got := graphHash(t, c.n, c.links, c.seed, spillAlways); got != c.want {
			t.Errorf("spilled: n=%d links=%d seed=%d: hash %s, want %s", c.n, c.links, c.seed, got, c.want)
		}
	}
}
