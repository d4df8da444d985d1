package linkrev

import (
	"github.com/mutexlab/mutexlab/kernel"
	"github.com/mutexlab/mutexlab/kernel/mem"
)

// Prefetch asks for the cache lines of node i's state that every handler reads first: its
// height, token flag and next, its port sets (N, receivedLI and forming share a line) and
// where its rows are (the rows themselves are PrefetchRows's). For kernel.Prefetcher (the
// kernel calls it two events ahead at large n); it only prefetches, so no result changes.
func (l *Links) Prefetch(i int32) {
	mem.PrefetchAt(l.my, int(i))
	mem.PrefetchAt(l.TokenHolder, int(i))
	mem.PrefetchAt(l.Next, int(i))
	l.InN.Prefetch(i)
	mem.PrefetchAt(l.rows, int(i))
}

// PrefetchRows asks for the rows of node i that the handler of the event reads (p: the
// arrival port, NoPort for a request or release; m: the message's type), found through
// rows[i], which Prefetch asked for an event before. For kernel.Prefetcher.
//
//   - A request forwards itself to the lowest neighbour, reading the whole row of heights,
//     and sends on the port of next, most often still the lowest; the Token rewrites the
//     Lower bits from the whole row (setMyHeight) and sends a LinkInfo on every port whose
//     height is below the new one, the port records of which the kernel updates; both take
//     Q's head.
//   - A LinkInfo reads the height on port p and, only when Q is not empty, Q (Delete) and
//     the height of next (NextReversedOrGone, which Prefetch asked for).
//   - A Request, and any other message (Jiang's), reads the height on port p, Q, up to the
//     entry Enqueue writes, and the height of next (Forward).
//
// Asking at every event for the row's first line and Q's head instead fetched 0.95 lines per
// LinkInfo that it never read (LinkInfos are half of rl's events at n = 10^6), and left
// most of the lines a request and the Token read to miss (a probe build; docs/scaling.md).
func (l *Links) PrefetchRows(i int32, p kernel.Port, m kernel.MsgType) {
	r := &l.rows[i]
	if p == kernel.NoPort || m == l.Types.Token {
		l.hs.prefetchRow(int(r.h), int(r.hw))
		mem.PrefetchAt(l.q, int(r.q))
		if p == kernel.NoPort {
			l.Topo.PrefetchPort(i, l.Next[i])
		} else {
			l.Topo.PrefetchPorts(i, kernel.Port(r.hw))
		}
		return
	}
	if uint32(p) < uint32(r.hw) {
		l.hs.prefetch(int(r.h) + int(p))
	}
	if m == l.Types.Link && r.qLen == 0 {
		return
	}
	if nx := l.Next[i]; uint32(nx) < uint32(r.hw) && nx != p {
		l.hs.prefetch(int(r.h) + int(nx))
	}
	mem.PrefetchRange(l.q[r.q:l.queueEnd(r, int(min(r.qLen+1, r.qc)))])
}
