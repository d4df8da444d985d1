package akw2

import "github.com/mutexlab/mutexlab/kernel"

// Prefetch and PrefetchRows ask for node i's fork collection state ahead of its next
// handler (kernel.Prefetcher; forks.Table.Prefetch says what they ask for): akw2 keeps all
// its state in the table.
func (a *AKW2) Prefetch(i int32) { a.f.Prefetch(i) }

// PrefetchRows: see Prefetch.
func (a *AKW2) PrefetchRows(i int32, p kernel.Port, m kernel.MsgType) { a.f.PrefetchRows(i, p) }
