package routing

import (
	"github.com/mutexlab/mutexlab/kernel/mem"
	"math/bits"

	"github.com/mutexlab/mutexlab/kernel"
)

// nbrRow is one node's neighbours as the routing search reads them: one cache line. The
// search expands about a thousand random nodes per question at n = 10^5 and needs only
// their neighbours' ids; read from the port records, those are 16 bytes a port in rows of
// 16 (4 cache lines a node, 26 MB at 10^5, far beyond the last-level cache), plus the
// node's up-port set for their order. A row holds the ids alone, in port order, and all
// rows at 10^5 take 6.4 MB.
type nbrRow struct {
	// ver is a topology version at which the row was current (0: never built). The row is
	// current at a later version if no link of the node changed in between
	// (Topology.changedSince), and is then stamped with that version, so that until the
	// next link change anywhere it is checked against ver alone.
	ver uint64
	// peers holds the neighbours in port order, then -1 if fewer than rowPeers; for a node
	// of more, rowOverflow, the index of its block in nbrRows.extra, and their number.
	peers [rowPeers]int32
}

const (
	// rowPeers is how many neighbours a row holds: 14 fill the 64-byte line after ver.
	rowPeers = 14
	// rowOverflow in peers[0] marks a node of more than rowPeers neighbours (at mean
	// degree 8, 1.3% of the nodes and 2.6% of the expansions: a search meets a node in
	// proportion to its degree).
	rowOverflow = -2
)

// nbrRows is the search's rows of every node, built when a node is first expanded and
// rebuilt when it is next expanded after one of its links changed: a row is never stale.
// The neighbours of a node of more than rowPeers are kept in a block of PortCap ids of
// extra, which the node keeps while it has that many (freed blocks are reused).
type nbrRows struct {
	t     *kernel.Topology
	rows  []nbrRow
	extra []int32 // blocks of PortCap neighbour ids for the nodes of more than rowPeers
	free  []int32 // blocks of extra no node holds
	ports []int32 // the neighbours of a node read from its port records (scratch)
}

// reset prepares the rows for t. t records each node's last link change from now on;
// 64 + 8 bytes per node in all, and room for a block for one node in 64 (2 bytes per node
// at PortCap 32).
func (nb *nbrRows) reset(t *kernel.Topology) {
	nb.t = t
	nb.ports = mem.Reserve(nb.ports, t.PortCap())
	nb.free = nb.free[:0]
	nb.rows = kernel.Zeroed(nb.rows, t.N())
	nb.extra = mem.Reserve(nb.extra, (t.N()/64+1)*t.PortCap())
	t.TrackChanges()
}

// of returns node x's neighbours in port order, valid until the next call: from its row
// (rebuilt first if one of its links changed since) or its block.
func (nb *nbrRows) of(x int32) []int32 {
	row := &nb.rows[x]
	if v := nb.t.Version(); row.ver != v {
		if row.ver == 0 || nb.t.ChangedSince(x, row.ver) {
			nb.build(row, nb.read(x))
		}
		row.ver = v
	}
	k := 0
	for k < rowPeers && row.peers[k] >= 0 {
		k++
	}
	if k == 0 && row.peers[0] == rowOverflow {
		at := int(row.peers[1]) * nb.t.PortCap()
		return nb.extra[at : at+int(row.peers[2])]
	}
	return row.peers[:k]
}

// read returns x's neighbours read from its port records, in port order (in nb.ports).
func (nb *nbrRows) read(x int32) []int32 {
	nb.ports = nb.t.Neighbors(nb.ports[:0], x)
	return nb.ports
}

// port returns x's k-th up port (from 0, in port order): the port of the neighbour at
// index k of x's row.
func (nb *nbrRows) port(x int32, k int) kernel.Port {
	for w, word := range nb.t.Up().Row(x) {
		if c := bits.OnesCount64(word); k >= c {
			k -= c
			continue
		}
		for ; k > 0; k-- {
			word &= word - 1
		}
		return kernel.Port(w*64 + bits.TrailingZeros64(word))
	}
	return kernel.NoPort
}

// build fills a row with peers: in the row, or in the block the row holds or gets (a
// block the row no longer needs is freed).
func (nb *nbrRows) build(row *nbrRow, peers []int32) {
	had := row.ver != 0 && row.peers[0] == rowOverflow
	if len(peers) <= rowPeers {
		if had {
			nb.free = append(nb.free, row.peers[1])
		}
		copy(row.peers[:], peers)
		if len(peers) < rowPeers {
			row.peers[len(peers)] = -1
		}
		return
	}
	if !had {
		row.peers[0], row.peers[1] = rowOverflow, nb.block()
	}
	row.peers[2] = int32(len(peers))
	at := int(row.peers[1]) * nb.t.PortCap()
	copy(nb.extra[at:at+len(peers)], peers)
}

// block returns a block of extra no node holds.
func (nb *nbrRows) block() int32 {
	if k := len(nb.free) - 1; k >= 0 {
		b := nb.free[k]
		nb.free = nb.free[:k]
		return b
	}
	b := len(nb.extra) / nb.t.PortCap()
	nb.extra = append(nb.extra, make([]int32, nb.t.PortCap())...)
	return int32(b)
}

// prefetch asks for what expanding x will read: its row.
func (nb *nbrRows) prefetch(x int32) { mem.Prefetch(&nb.rows[x]) }
