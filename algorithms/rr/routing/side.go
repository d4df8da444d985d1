package routing

import (
	"github.com/mutexlab/mutexlab/kernel"
	"github.com/mutexlab/mutexlab/kernel/mem"
)

// side is one breadth-first search of the routing oracle (oracle.go): from the source or
// from the destination. The two sides' labels of a node share one 8-byte pair
// (Oracle.labels): for every neighbour it meets, a search reads its own label and the other
// side's, and with the labels in separate arrays (4-byte stamps and 2-byte levels, as they
// were) that was three random cache lines where it is now one.
//
// Each side has its own stamp: the backward side of Oracle.RoutesToward stays labelled
// while forward searches from one source after another meet it.
type side struct {
	labels []uint32 // node x's label at labels[2x+off]: stamp<<16 | level (see label)
	off    int      // 0 or 1: which of each pair is this side's
	cur    uint32   // the stamp of this side's search (start)
	queue  []int32  // labelled nodes in BFS order
	head   int      // queue[head:] is the frontier
	meet   []int32  // the nodes of the last level that the other side had labelled (expand)
}

// label is the label of a node at hop distance lvl from a side's root in the search of
// stamp cur: a node is labelled in a search when its label's stamp is the search's.
// Stamps take 16 bits (Oracle.next clears every label when they wrap, every 65,535
// searches), levels 16 bits, as before.
func label(cur uint32, lvl uint16) uint32 { return cur<<16 | uint32(lvl) }

// reset makes s the side whose labels are at labels[2x+off].
func (s *side) reset(labels []uint32, off, n int) {
	s.labels, s.off = labels, off
	s.queue = kernel.Resize(s.queue, n)[:0]
	s.meet = mem.Reserve(s.meet, n)
}

func (s *side) get(x int32) uint32 { return s.labels[2*int(x)+s.off] }

// has reports whether x is labelled in s's search; at whether at level lvl.
func (s *side) has(x int32) bool            { return s.get(x)>>16 == s.cur }
func (s *side) at(x int32, lvl uint16) bool { return s.get(x) == label(s.cur, lvl) }

// level is x's hop distance from the root (x labelled).
func (s *side) level(x int32) uint16 { return uint16(s.get(x)) }

// last is the level of the node labelled last: the farthest reached.
func (s *side) last() int { return int(s.level(s.queue[len(s.queue)-1])) }

// start begins a search of stamp cur from root: root labelled at level 0.
func (s *side) start(root int32, cur uint32) {
	s.cur = cur
	s.labels[2*int(root)+s.off] = label(cur, 0)
	s.queue = append(s.queue[:0], root)
	s.head = 0
}

func (s *side) done() bool { return s.head == len(s.queue) }

// expand labels the next level: every unlabelled neighbour of the frontier. It reports
// whether it labelled a node the other side (nil: none) has labelled: the searches met, at
// the nodes it then lists in meet (emptied first: a kept backward side expands in one
// search after another).
// Frontier nodes are random nodes whose neighbours were last read long ago: each node's
// row (rows.go) is asked for searchAhead nodes before it is read, so the trips to memory
// overlap. It pays from the smallest networks that search (n > 1,024): at n = 2,000 it
// gave 1.15 times the searches per CPU-second of a search without it (paired, one process).
func (s *side) expand(nb *nbrRows, other *side) bool {
	cur, end, met, both := s.cur, len(s.queue), false, other != nil
	s.meet = s.meet[:0]
	var ocur uint32
	if both {
		ocur = other.cur
	}
	for k := s.head; k < min(s.head+searchAhead, end); k++ {
		nb.prefetch(s.queue[k])
	}
	for ; s.head < end; s.head++ {
		if k := s.head + searchAhead; k < end {
			nb.prefetch(s.queue[k])
		}
		x := s.queue[s.head]
		next := label(cur, s.level(x)+1)
		for _, y := range nb.of(x) {
			i := 2 * int(y)
			pair := s.labels[i : i+2 : i+2]
			if pair[s.off]>>16 == cur {
				continue
			}
			pair[s.off] = next
			s.queue = append(s.queue, y)
			if both && pair[1-s.off]>>16 == ocur {
				met = true
				s.meet = append(s.meet, y)
			}
		}
	}
	return met
}

// searchAhead is how many frontier nodes ahead expand asks for their rows.
const searchAhead = 8
