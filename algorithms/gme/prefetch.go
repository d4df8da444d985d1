package gme

import "github.com/mutexlab/mutexlab/kernel"

// Prefetch and PrefetchRows ask for node i's Reverse Link state (linkrev, as rl's) ahead of
// its next handler (kernel.Prefetcher; linkrev.Links.Prefetch says what they ask for).
func (a *GME) Prefetch(i int32) { a.l.Prefetch(i) }

// PrefetchRows: see Prefetch.
func (a *GME) PrefetchRows(i int32, p kernel.Port, m kernel.MsgType) { a.l.PrefetchRows(i, p, m) }
