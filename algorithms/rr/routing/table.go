package routing

import (
	"math/bits"

	"github.com/mutexlab/mutexlab/kernel"
)

// The table (Oracle, n ≤ 1,024) answers the papers' trials, n = 30 to a few hundred, where
// links change every few events and every change makes every row stale: a row is recomputed
// at most once per link change and destination, often, so its search is the oracle's cost
// there. It reads the topology directly: at n ≤ 64 a node's neighbours are one word of the
// adjacency matrix and a whole level is found by OR-ing the words of the level above;
// beyond, a queue over the up ports. Neither uses the search's labels, neighbour rows or
// prefetching, which serve the large networks of the bidirectional search.

// row returns to's row of the table, computing it if the topology changed since.
func (r *Oracle) row(to int32) []uint16 {
	row := r.rows[int(to)*r.n : (int(to)+1)*r.n]
	if v := r.topo.Version(); r.ver[to] != v {
		if !r.fillRowByWords(to, row) {
			r.fillRowByPorts(to, row)
		}
		r.ver[to] = v
	}
	return row
}

// fillRowByWords fills row with every node's hop distance to to (unreachable if none), one
// level at a time over the adjacency words (Topology.AdjacencyRow, copied once per topology
// version: a version's rows read them all); false, and row untouched, if the topology keeps
// none (n > 64).
func (r *Oracle) fillRowByWords(to int32, row []uint16) bool {
	if !r.copyWords() {
		return false
	}
	for i := range row {
		row[i] = unreachable
	}
	row[to] = 0
	words := r.words
	seen := uint64(1) << uint(to)
	for front, lvl := seen, uint16(1); front != 0; lvl++ {
		var next uint64
		for f := front; f != 0; f &= f - 1 {
			next |= words[bits.TrailingZeros64(f)]
		}
		front = next &^ seen
		seen |= front
		for f := front; f != 0; f &= f - 1 {
			row[bits.TrailingZeros64(f)] = lvl
		}
	}
	return true
}

// copyWords makes r.words the topology's adjacency words of its current version, and
// reports whether it keeps them (n ≤ 64).
func (r *Oracle) copyWords() bool {
	t := r.topo
	if v := t.Version(); r.wordsVer != v || len(r.words) != r.n {
		r.words = r.words[:0]
		for x := range int32(r.n) {
			w, ok := t.AdjacencyRow(x)
			if !ok {
				r.words = r.words[:0]
				return false
			}
			r.words = append(r.words, w)
		}
		r.wordsVer = v
	}
	return true
}

// fillRowByPorts fills row as fillRowByWords does, by a breadth-first search over the up
// ports.
func (r *Oracle) fillRowByPorts(to int32, row []uint16) {
	t := r.topo
	for i := range row {
		row[i] = unreachable
	}
	row[to] = 0
	q := append(r.queue[:0], to)
	for h := 0; h < len(q); h++ {
		x := q[h]
		next := row[x] + 1
		for w, word := range t.Up().Row(x) {
			for ; word != 0; word &= word - 1 {
				y := t.Peer(x, kernel.Port(w*64+bits.TrailingZeros64(word)))
				if row[y] == unreachable {
					row[y] = next
					q = append(q, y)
				}
			}
		}
	}
	r.queue = q
}

// tableHop returns x's lowest port whose neighbour is at distance want in row, and the
// neighbour (NoPort and -1: none).
func (r *Oracle) tableHop(x int32, row []uint16, want uint16) (kernel.Port, int32) {
	t := r.topo
	for w, word := range t.Up().Row(x) {
		for ; word != 0; word &= word - 1 {
			p := kernel.Port(w*64 + bits.TrailingZeros64(word))
			if y := t.Peer(x, p); row[y] == want {
				return p, y
			}
		}
	}
	return kernel.NoPort, -1
}

// walkTable walks the route from from to to by the table (walkX, walkP) and returns its
// length (unreachable: no hop).
func (r *Oracle) walkTable(from, to int32) int {
	row := r.row(to)
	r.walkX, r.walkP = r.walkX[:0], r.walkP[:0]
	d := int(row[from])
	if d == unreachable {
		return d
	}
	for x, k := from, d; k > 0; k-- {
		p, y := r.tableHop(x, row, uint16(k-1))
		r.walkX, r.walkP = append(r.walkX, x), append(r.walkP, p)
		if p == kernel.NoPort { // cannot happen: a node k hops away has a neighbour k−1 hops away
			break
		}
		x = y
	}
	return d
}
