package kernel

import "math/bits"

// nbrRow is one node's neighbours as the routing search reads them: one cache line. The
// search expands about a thousand random nodes per question at n = 10^5 and needs only
// their neighbours' ids; read from the port records, those are 20 bytes a port in rows of
// 16 (5 cache lines a node, 32 MB at 10^5, far beyond the last-level cache), plus the
// node's up-port set for their order. A row holds the ids alone, in port order, and all
// rows at 10^5 take 6.4 MB.
type nbrRow struct {
	// ver is a topology version at which the row was current (0: never built). The row is
	// current at a later version if no link of the node changed in between
	// (Topology.changedSince), and is then stamped with that version, so that until the
	// next link change anywhere it is checked against ver alone.
	ver   uint64
	peers [rowPeers]int32 // neighbours in port order, then -1; rowOverflow in peers[0]: too many
}

const (
	// rowPeers is how many neighbours a row holds: 14 fill the 64-byte line after ver. A
	// node of higher degree (2.6% of the expansions at mean degree 8) is read from its
	// port records, as before the rows.
	rowPeers = 14
	// rowOverflow in peers[0] marks a node of more than rowPeers neighbours.
	rowOverflow = -2
)

// nbrRows is the search's rows of every node, built when a node is first expanded and
// rebuilt when it is next expanded after one of its links changed: a row is never stale.
// It has no rows (every node read from its port records) for the table of small networks.
type nbrRows struct {
	t     *Topology
	rows  []nbrRow
	ports []int32 // the neighbours of a node read from its port records (scratch)
}

// reset prepares the rows for t: none unless on. With rows, t records each node's last
// link change from now on (64 + 8 bytes per node in all).
func (nb *nbrRows) reset(t *Topology, on bool) {
	nb.t = t
	nb.ports = Reserve(nb.ports, t.PortCap())
	if !on {
		nb.rows = nb.rows[:0]
		return
	}
	nb.rows = Zeroed(nb.rows, t.N())
	t.trackChanges()
}

// of returns node x's neighbours in port order, valid until the next call: from its row
// (rebuilt first if one of its links changed since), or from its port records when there
// are no rows or more neighbours than a row holds.
func (nb *nbrRows) of(x int32) []int32 {
	if int(x) >= len(nb.rows) {
		return nb.read(x)
	}
	row := &nb.rows[x]
	if v := nb.t.version; row.ver != v {
		if row.ver == 0 || nb.t.changedSince(x, row.ver) {
			nb.build(x, row)
		}
		row.ver = v
	}
	k := 0
	for k < rowPeers && row.peers[k] >= 0 {
		k++
	}
	if k == 0 && row.peers[0] == rowOverflow {
		return nb.read(x)
	}
	return row.peers[:k]
}

// read returns x's neighbours read from its port records, in port order (in nb.ports).
func (nb *nbrRows) read(x int32) []int32 {
	t, peers := nb.t, nb.ports[:0]
	for w, word := range t.up.Row(x) {
		for ; word != 0; word &= word - 1 {
			peers = append(peers, t.ports[t.slot(x, Port(w*64+bits.TrailingZeros64(word)))].peer)
		}
	}
	nb.ports = peers
	return peers
}

// port returns x's k-th up port (from 0, in port order): the port of the neighbour at
// index k of x's row.
func (nb *nbrRows) port(x int32, k int) Port {
	for w, word := range nb.t.up.Row(x) {
		if c := bits.OnesCount64(word); k >= c {
			k -= c
			continue
		}
		for ; k > 0; k-- {
			word &= word - 1
		}
		return Port(w*64 + bits.TrailingZeros64(word))
	}
	return NoPort
}

// build fills x's row from its port records.
func (nb *nbrRows) build(x int32, row *nbrRow) {
	peers := nb.read(x)
	if len(peers) > rowPeers {
		row.peers[0] = rowOverflow
		return
	}
	copy(row.peers[:], peers)
	if len(peers) < rowPeers {
		row.peers[len(peers)] = -1
	}
}

// prefetch asks for what expanding x will read: its row, or its port records without rows.
func (nb *nbrRows) prefetch(x int32) {
	if int(x) < len(nb.rows) {
		Prefetch(&nb.rows[x])
		return
	}
	nb.t.prefetchPeers(x)
}
