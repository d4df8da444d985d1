package drs

import (
	"github.com/mutexlab/mutexlab/kernel"
	"github.com/mutexlab/mutexlab/kernel/mem"
)

// Preallocate allocates the arrays Reset fills, for a trial of n nodes on the walter
// network's random graph of links links (its port capacity kernel.PortCapFor(n, links)),
// before the graph is built, and hands them to the kernel's setup helper, which faults them
// in meanwhile (kernel.Preallocator). Reset finds them large enough and fills them as
// before.
func (a *DRS) Preallocate(pf *mem.Prefaulter, n, links int) {
	w := kernel.PortCapFor(n, links) + 1
	// In reverse order of first use: the helper takes the last added first.
	mem.PreallocateSlice(pf, &a.prio, n*w)
	mem.PreallocateSlice(pf, &a.trials, n)
	mem.PreallocateSlice(pf, &a.lock, n)
	kernel.PreallocatePortSets(pf, n, w, &a.L, &a.R, &a.H, &a.A, &a.C, &a.W, &a.WFalse, &a.P, &a.D)
}
