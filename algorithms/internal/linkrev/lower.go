package linkrev

import (
	"math/bits"

	"github.com/mutexlab/mutexlab/kernel"
)

// Lower keeps, for every port k of node i's row of heights, whether height[k] < myHeight:
// the sink test (AllNeighboursHigher, "myHeight < height[k], ∀k ∈ N") is then N ∩ Lower = ∅,
// a word operation, and the new holder's LinkInfo goes to N ∩ Lower and j (TokenArrived)
// without comparing heights. The test runs on most events (every LinkInfo, every request a
// node forwards) and, as a scan of N, would compare each neighbour's height with a branch the
// CPU mispredicts on about every call (BenchmarkRL n=30); the bit costs one comparison,
// without a branch (lessBit), where a height is written.
//
// Every write of a height goes through setHeight; after every change of myHeight
// (setMyHeight, raise) and when a row moves (fitPort) or is filled (Reset) the row's bits
// are recomputed whole (relower). So the bit of every port of the row, in N or not, is its
// comparison now: a port that joins N keeps a height written earlier (LinkInfoArrived,
// line 6) and must find its bit right. TestLowerMatchesHeights checks it after every
// handler of random trials (and fails without raise's relower).

// setHeight is height[p] = h at node i.
func (l *Links) setHeight(i int32, p kernel.Port, h Height) {
	l.hs.set(l.At(i, p), h)
	row := l.Lower.Row(i)
	w, b := int(p)>>6, uint(p)&63
	row[w] = row[w]&^(1<<b) | lessBit(h, l.MyHeight(i))<<b
}

// setMyHeight is myHeight = h at node i, whose id h must have (MyHeight).
func (l *Links) setMyHeight(i int32, h Height) {
	if h.ID != i {
		panic("linkrev: a node's height with another node's id")
	}
	l.my[i] = levelOf(h)
	l.relower(i)
}

// relower recomputes node i's Lower row from its row of heights and myHeight. The store
// keeps no ids (heightStore): a height that ties with myHeight on (h1, h2) takes its id from
// the port record, and any other is compared with id 0, which the order then does not read.
// (A port whose link is down reads id −1; it is in no N, and its bit is rewritten before
// it is read: LinkInfoArrived's setHeight.)
func (l *Links) relower(i int32) {
	row, my, r := l.Lower.Row(i), l.MyHeight(i), l.rows[i]
	clear(row)
	for k := range int(r.hw) {
		h := l.hs.get(int(r.h) + k).with(0)
		if h.H1 == my.H1 && h.H2 == my.H2 {
			h.ID = l.Topo.Peer(i, kernel.Port(k))
		}
		row[k>>6] |= lessBit(h, my) << (uint(k) & 63)
	}
}

// lessBit is a.Less(b) as 1 or 0, without a branch: the borrow of (h1, h2, id) − (h1, h2,
// id) as one 160-bit unsigned subtraction, each word's sign bit flipped to order it as
// unsigned. Which neighbours are lower than a node changes with every height it learns, so
// Less's branches were mispredicted about as often as not.
func lessBit(a, b Height) uint64 {
	const sign64, sign32 = 1 << 63, 1 << 31
	_, borrow := bits.Sub64(uint64(uint32(a.ID)^sign32), uint64(uint32(b.ID)^sign32), 0)
	_, borrow = bits.Sub64(uint64(a.H2)^sign64, uint64(b.H2)^sign64, borrow)
	_, borrow = bits.Sub64(uint64(a.H1)^sign64, uint64(b.H1)^sign64, borrow)
	return borrow
}

// CheckLower returns the first port of node i's N whose Lower bit disagrees with its
// height, or ok = true (tests).
func (l *Links) CheckLower(i int32) (p kernel.Port, ok bool) {
	for p = l.InN.Next(i, 0); p >= 0; p = l.InN.Next(i, p+1) {
		if l.Lower.Has(i, p) != l.HeightAt(i, p).Less(l.MyHeight(i)) {
			return p, false
		}
	}
	return 0, true
}
