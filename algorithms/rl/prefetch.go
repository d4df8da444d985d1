package rl

import "github.com/mutexlab/mutexlab/kernel"

// Prefetch and PrefetchRows ask for node i's Reverse Link state ahead of its next handler
// (kernel.Prefetcher; linkrev.Links.Prefetch says what they ask for).
func (a *RL) Prefetch(i int32) { a.l.Prefetch(i) }

// PrefetchRows: see Prefetch.
func (a *RL) PrefetchRows(i int32, p kernel.Port) { a.l.PrefetchRows(i, p) }
