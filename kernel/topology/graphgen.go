package topology

import (
	"fmt"

	"github.com/mutexlab/mutexlab/kernel/mem"
	"github.com/mutexlab/mutexlab/kernel/rng"
)

// MinLinks and MaxLinks bound the number of links of a connected simple graph on n nodes.
func MinLinks(n int) int { return n - 1 }

// MaxLinks is n(n-1)/2, the number of links of the clique.
func MaxLinks(n int) int { return n * (n - 1) / 2 }

// RandomConnected fills t (already Reset to n nodes) with a random connected graph of exactly
// links links, drawing from rng.
//
// The paper (Walter, Welch, Vaidya, section 6) asks for "a random connected graph with the
// desired number of links" without saying which distribution. We take a uniformly random
// spanning tree of the clique (Aldous–Broder random walk: every labelled tree equally likely)
// and add links-(n-1) further links chosen uniformly among the absent pairs. Rejection
// sampling of G(n, m) until connected would be uniform over connected graphs but, for the
// sparse large graphs mutexlab also runs (mean degree 8 at n = 100,000), would almost never
// succeed; this construction works at every size and keeps the 30-node graphs of the paper
// close to G(n, m).
func RandomConnected(t *Topology, links int, rng *rng.Stream) error {
	n := t.N()
	if n < 2 {
		return fmt.Errorf("topology: a network needs at least 2 nodes, got %d", n)
	}
	if links < MinLinks(n) || links > MaxLinks(n) {
		return fmt.Errorf("topology: %d links cannot make a connected graph on %d nodes (need %d..%d)", links, n, MinLinks(n), MaxLinks(n))
	}
	if t.NumLinks() > 0 {
		return fmt.Errorf("topology: RandomConnected needs a network without links (Reset it first), got %d links", t.NumLinks())
	}
	if cap(t.links) < links {
		t.links = mem.Reserve(t.links, links) // no garbage from growing it link by link (a large trial's: Preallocate)
	}
	t.links = t.links[:0]
	clear(t.neighbourBits())
	err := randomTree(t, rng)
	if err == nil {
		err = addAbsentLinks(t, links, rng)
	}
	t.finishFresh()
	return err
}

// randomTree connects a uniformly random spanning tree of the clique: Aldous–Broder's walk
// to a uniformly random other node, the first entry into each node adding the edge walked.
// The walk does not depend on the links, so a batch of tree edges is walked first and
// connected after (graphbuild.go). Visited nodes are bits, kept in t.stamp's storage: n/8
// bytes stay in the second-level cache at n = 10^6, where a stamp per node (4 MB) did not,
// and the walk takes about n ln n steps.
func randomTree(t *Topology, rng *rng.Stream) error {
	n := t.N()
	visited := t.stamp[:(n+31)/32]
	clear(visited)
	defer clear(visited) // 0 is never a current stamp: t.cur is advanced before each use
	since := t.since()
	var b pairBatch
	cur := int32(rng.IntN(n))
	visited[cur>>5] |= 1 << (cur & 31)
	for seen := 1; seen < n; {
		b.len = 0
		for b.len < batchPairs && seen < n {
			next := int32(rng.IntN(n - 1))
			if next >= cur {
				next++
			}
			if bit := uint32(1) << (next & 31); visited[next>>5]&bit == 0 {
				visited[next>>5] |= bit
				b.add(cur, next) // next was never visited, so no link reaches it yet
				seen++
			}
			cur = next
		}
		t.touchBatch(&b)
		for k := range b.len {
			if err := t.connectFresh(b.u[k], b.v[k], since); err != nil {
				return err
			}
		}
		if t.interrupted(seen) {
			return ErrInterrupted
		}
	}
	return nil
}

// interruptEvery is how many links the random graph's build adds between two looks at the
// run's stop channel: about 10 ms of the build at n = 10^6.
const interruptEvery = 1 << 15

// interrupted reports, once every interruptEvery links (done counts them), whether the run
// setting this topology up has been stopped.
func (t *Topology) interrupted(done int) bool {
	if done%interruptEvery >= batchPairs {
		return false
	}
	select {
	case <-t.stop: // a nil channel (no SetStop) never is
		return true
	default:
		return false
	}
}

// addAbsentLinks adds links until there are links, each between a uniformly random pair
// of distinct, non-adjacent nodes with a free port at both ends: RandomAbsentPair's
// candidates and test, with the candidates drawn a batch ahead (graphbuild.go). A batch is
// never larger than the links still missing, so it draws no candidate that one-by-one
// drawing would not have drawn.
func addAbsentLinks(t *Topology, links int, rng *rng.Stream) error {
	n := t.N()
	since := t.since()
	refused := 0 // candidates refused in a row
	var b pairBatch
	for t.NumLinks() < links {
		saved := *rng
		b.len = 0
		for range min(batchPairs, links-t.NumLinks()) {
			b.add(RandomPair(n, rng))
		}
		if t.interrupted(t.NumLinks()) {
			return ErrInterrupted
		}
		t.touchBatch(&b)
		for k := range b.len {
			u, v := b.u[k], b.v[k]
			if t.freshCandidate(u, v) {
				refused = 0
				if err := t.connectFresh(u, v, since); err != nil {
					return err
				}
				continue
			}
			if refused++; refused < 64*n {
				continue
			}
			// RandomAbsentPair gives up on rejection after 64·n candidates: put the stream
			// back just after this one, draw from every candidate pair, drop the batch's rest.
			*rng = saved
			for range k + 1 {
				RandomPair(n, rng)
			}
			refused = 0
			if err := exhaustiveAbsentLink(t, links, rng, since); err != nil {
				return err
			}
			break
		}
	}
	return nil
}

// exhaustiveAbsentLink is RandomAbsentPair's fallback in a nearly complete graph: count the
// candidate pairs, draw one, connect it.
func exhaustiveAbsentLink(t *Topology, links int, rng *rng.Stream, since float64) error {
	n := t.N()
	count := 0
	for u := int32(0); int(u) < n; u++ {
		for v := u + 1; int(v) < n; v++ {
			if t.freshCandidate(u, v) {
				count++
			}
		}
	}
	if count == 0 {
		return fmt.Errorf("topology: cannot place %d links on %d nodes with %d ports each", links, n, t.PortCap())
	}
	r := rng.IntN(count)
	for u := int32(0); int(u) < n; u++ {
		for v := u + 1; int(v) < n; v++ {
			if t.freshCandidate(u, v) {
				if r == 0 {
					return t.connectFresh(u, v, since)
				}
				r--
			}
		}
	}
	panic("topology: exhaustiveAbsentLink lost count")
}

// RandomAbsentPair draws a pair of distinct, non-adjacent nodes that both have a free port,
// uniformly among such pairs: by rejection while that is cheap, then (in a nearly complete
// graph, where rejection rarely hits) by counting every candidate pair and drawing one.
func RandomAbsentPair(t *Topology, rng *rng.Stream) (int32, int32, bool) {
	n := t.N()
	for try := 0; try < 64*n; try++ {
		u := int32(rng.IntN(n))
		v := int32(rng.IntN(n - 1))
		if v >= u {
			v++
		}
		if !t.Adjacent(u, v) && !t.Full(u) && !t.Full(v) {
			return u, v, true
		}
	}
	// Two passes over the pairs: count the candidates, then take the r-th.
	count := 0
	for u := int32(0); int(u) < n; u++ {
		for v := u + 1; int(v) < n; v++ {
			if !t.Adjacent(u, v) && !t.Full(u) && !t.Full(v) {
				count++
			}
		}
	}
	if count == 0 {
		return -1, -1, false
	}
	r := rng.IntN(count)
	for u := int32(0); int(u) < n; u++ {
		for v := u + 1; int(v) < n; v++ {
			if !t.Adjacent(u, v) && !t.Full(u) && !t.Full(v) {
				if r == 0 {
					return u, v, true
				}
				r--
			}
		}
	}
	return -1, -1, false
}

// PickRemovableLink draws a link whose removal keeps the graph connected and that has no
// message in flight, uniformly among such links; ok is false if there is none. Rejection
// sampling is exact (uniform among the eligible links); after 4*links rejections it falls back
// to counting every eligible link and drawing one, which is also uniform.
//
// This is how mutexlab enforces the paper's condition that "a LinkDown event for link l cannot
// occur if any messages are in transit on l": a link with traffic in flight is simply not a
// candidate for deletion at that change.
//
// A connected graph with n−1 links is a spanning tree: every link is a bridge, and the answer
// is known without a search (under the any-pair reading the graph spends most of its time
// there, and the search would cost 5·m breadth-first searches per change). The draws this
// skips belong to the change's own sub-stream (Changer.Rand), so no other change moves.
//
// In a network of at most 64 nodes each link's answer is kept for the rest of the call
// (removableMemo): near a tree most links are bridges, the rejections draw the same links
// again and again, and the fallback asks every link twice (BenchmarkReadings: the bridge test
// was a quarter of a trial). The answers, and so the draws, are the same.
func PickRemovableLink(t *Topology, rng *rng.Stream) (int, bool) {
	m := t.NumLinks()
	if m == 0 || m == t.N()-1 && t.Connected() {
		return -1, false
	}
	memo := t.removableMemo(m)
	for try := 0; try < 4*m; try++ {
		k := rng.IntN(m)
		if t.removableLink(k, memo) {
			return k, true
		}
	}
	count := 0
	for k := 0; k < m; k++ {
		if t.removableLink(k, memo) {
			count++
		}
	}
	if count == 0 {
		return -1, false
	}
	r := rng.IntN(count)
	for k := 0; k < m; k++ {
		if t.removableLink(k, memo) {
			if r == 0 {
				return k, true
			}
			r--
		}
	}
	return -1, false
}

// removableMemo starts a call of PickRemovableLink over m links: it reports whether the
// answers are kept (a network of at most 64 nodes), and forgets those of the last call by
// moving to a new stamp (the links changed since; clearing them all only at wrap-around).
func (t *Topology) removableMemo(m int) bool {
	if m > len(t.removable) {
		return false
	}
	t.memoCur++
	if t.memoCur == 1<<31 {
		clear(t.removable)
		t.memoCur = 1
	}
	return true
}

// removableLink reports whether link k may go: idle, and not a bridge. With memo, the
// answer is computed once per call of PickRemovableLink (the topology does not change within
// it) and kept in t.removable.
func (t *Topology) removableLink(k int, memo bool) bool {
	if !memo {
		return t.LinkIdle(k) && t.ConnectedWithout(k)
	}
	if e := t.removable[k]; e>>1 == t.memoCur {
		return e&1 != 0
	}
	ok := t.LinkIdle(k) && t.ConnectedWithout(k)
	e := t.memoCur << 1
	if ok {
		e |= 1
	}
	t.removable[k] = e
	return ok
}

// RandomPair draws a pair of distinct nodes uniformly among the n(n-1)/2 pairs, linked or
// not: u uniform, v uniform among the others (the any-pair reading of link formation, and
// each candidate link of RandomConnected).
func RandomPair(n int, rng *rng.Stream) (int32, int32) {
	u := int32(rng.IntN(n))
	v := int32(rng.IntN(n - 1))
	if v >= u {
		v++
	}
	return u, v
}
