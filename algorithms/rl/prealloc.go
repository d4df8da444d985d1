package rl

import (
	"github.com/mutexlab/mutexlab/kernel/mem"
)

// Preallocate sizes the Reverse Link state before the graph is built, so that the kernel's
// setup helper faults it in meanwhile (kernel.Preallocator).
func (a *RL) Preallocate(pf *mem.Prefaulter, n, links int) { a.l.Preallocate(pf, n, links) }
