package linkrev

import (
	"github.com/mutexlab/mutexlab/kernel"
	"github.com/mutexlab/mutexlab/kernel/mem"
)

// Preallocate allocates the arrays Reset fills, for a trial of n nodes on the random graph
// of links links that the walter network builds on an empty topology
// (kernel.Preallocator): there node i's ports in use are 0..deg(i)−1, so its height row is
// deg(i) wide and the rows hold 2·links heights, the size layout will ask for. Arrays newly
// allocated go to the kernel's setup helper (mem.Prefault), which faults them in while
// the graph is built. Reset then finds every array large enough; if the graph differs from
// the estimate, Reset sizes its arrays as it always does.
func (l *Links) Preallocate(pf *mem.Prefaulter, n, links int) {
	pc := kernel.PortCapFor(n, links)
	if rowsFit(n, pc, "") != nil {
		return
	}
	h := 2 * links
	// In reverse order of Reset's first writes: the helper takes the last added first.
	if cap(l.q) < n*queueWords(qFirst, l.Valued) && l.reserveQueues(n, pc) {
		mem.Prefault(pf, l.q) // the queues, written from the first requests on
	}
	l.hs.preallocate(pf, h, h/32, 3*n*pc)
	kernel.PreallocatePortSets(pf, n, pc, &l.InN, &l.ReceivedLI, &l.Forming, &l.Lower)
	mem.PreallocateSlice(pf, &l.rows, n)
	mem.PreallocateSlice(pf, &l.my, n)
	mem.PreallocateSlice(pf, &l.Next, n) // the BFS's distances first
}
