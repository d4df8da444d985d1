package topology

import (
	"math/bits"
)

// BFS fills dist with hop distances from root (-1 where unreachable) and, if parent is not
// nil, parent with each node's BFS parent (ports visited in increasing order, so the tree
// is deterministic). It returns the number of nodes reached. Without parents the order of
// the search does not matter (a node's distance is one), so it is searched level by level
// (distances), much faster in a large network.
func (t *Topology) BFS(root int32, dist, parent []int32) int {
	if parent == nil && t.n >= 64 {
		return t.distances(root, dist)
	}
	for i := range dist[:t.n] {
		dist[i] = -1
	}
	if parent != nil {
		for i := range parent[:t.n] {
			parent[i] = -1
		}
	}
	dist[root] = 0
	q := t.bfsQueue[:0]
	q = append(q, root)
	for h := 0; h < len(q); h++ {
		x := q[h]
		for p := t.up.Next(x, 0); p >= 0; p = t.up.Next(x, p+1) {
			y := t.ports[t.slot(x, p)].Peer()
			if dist[y] < 0 {
				dist[y] = dist[x] + 1
				if parent != nil {
					parent[y] = x
				}
				q = append(q, y)
			}
		}
	}
	return len(q)
}

// distances is BFS without parents, one level at a time, the frontier a bitset. A queue
// reads the rows of the nodes in the order they are reached, that is at random: at
// n = 10^6 every row was a miss to main memory, and so was every neighbour's distance.
// Here a small frontier is expanded from its nodes in increasing order (levelDown: rows
// read in address order), and a large one by every node not yet reached looking for a
// neighbour in it (levelUp: rows read in order, the frontier, n/8 bytes, in cache; the
// "bottom-up" step of Beamer, Asanović and Patterson's direction-optimizing search, 2012).
// The two bitsets live in t.stamp's storage and are cleared after use.
func (t *Topology) distances(root int32, dist []int32) int {
	n := t.n
	dist = dist[:n]
	for i := range dist {
		dist[i] = -1
	}
	w := (n + 31) / 32
	scratch := t.stamp[:2*w]
	clear(scratch)
	defer clear(scratch) // 0 is never a current stamp: t.cur is advanced before each use
	front, next := scratch[:w], scratch[w:]
	dist[root] = 0
	front[root>>5] |= 1 << (root & 31)
	reached, size := 1, 1
	for level := int32(1); size > 0; level++ {
		clear(next)
		if size*16 > n-reached {
			size = t.levelUpSplit(dist, front, next, level)
		} else {
			size = t.levelDown(dist, front, next, level)
		}
		reached += size
		front, next = next, front
	}
	return reached
}

// levelDown gives distance level to the unreached neighbours of the frontier's nodes,
// taken in increasing order, and puts them in next; it returns how many.
func (t *Topology) levelDown(dist []int32, front, next []uint32, level int32) int {
	size := 0
	for wi, word := range front {
		for word != 0 {
			x := int32(wi*32 + bits.TrailingZeros32(word))
			word &= word - 1
			for k, up := range t.up.Row(x) {
				for up != 0 {
					p := Port(k*64 + bits.TrailingZeros64(up))
					up &= up - 1
					if y := t.ports[t.slot(x, p)].Peer(); dist[y] < 0 {
						dist[y] = level
						next[y>>5] |= 1 << (y & 31)
						size++
					}
				}
			}
		}
	}
	return size
}

// levelUpSplit is levelUp over all nodes. For a large network with a second processor
// (Parallel) the nodes from the middle on (rounded to a word
// of next) go to another goroutine: each half writes only its own nodes' distances and
// words of next, and reads the frontier, which no one writes, so the level is the same.
func (t *Topology) levelUpSplit(dist []int32, front, next []uint32, level int32) int {
	n := len(dist)
	if !t.Parallel() {
		return t.levelUp(dist, front, next, level, 0, n)
	}
	mid := n / 2 &^ 31
	done := make(chan int, 1)
	go func() { done <- t.levelUp(dist, front, next, level, mid, n) }()
	size := t.levelUp(dist, front, next, level, 0, mid)
	return size + <-done
}

// levelUp gives distance level to every unreached node lo..hi−1 with a neighbour in the
// frontier, and puts it in next; it returns how many.
func (t *Topology) levelUp(dist []int32, front, next []uint32, level int32, lo, hi int) int {
	size := 0
	for i := lo; i < hi; i++ {
		if dist[i] < 0 && t.touches(int32(i), front) {
			dist[i] = level
			next[i>>5] |= 1 << (uint(i) & 31)
			size++
		}
	}
	return size
}

// touches reports whether node x has a neighbour in the node bitset set.
func (t *Topology) touches(x int32, set []uint32) bool {
	for k, up := range t.up.Row(x) {
		for up != 0 {
			p := Port(k*64 + bits.TrailingZeros64(up))
			up &= up - 1
			if y := t.ports[t.slot(x, p)].Peer(); set[y>>5]&(1<<(y&31)) != 0 {
				return true
			}
		}
	}
	return false
}
